import {
  EVENT_FIELD_MESSAGES,
  EVENT_PERMISSIONS,
  eventVisibleTo,
  mayEver,
  RECURRENCE_MESSAGES,
  type TEvent,
  type TEventPortee,
  type TEventWriteParsed,
} from '@club/contract';
import { assertOwnClub, found, type Actor } from '../../authz/index.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { badRequest, forbidden } from '../../lib/http-error.ts';
import { matchSync } from '../matches/index.ts';
import type { MatchNotifier } from '../notifications/index.ts';
import { assertMayRead, assertMayWrite, readPrefilter } from './events.policy.ts';
import { eventsRepository as repo, type EventRow } from './events.repository.ts';
import { expandSeries, ruleEndingBefore, ruleFrom } from './recurrence.ts';

/** An event as every events call answers it (spec §3 plus teams and match, contract ZEventSchema). */
export function toEventJson(row: EventRow): TEvent {
  const isMatch = row.matchId !== null;
  const adversaire = isMatch
    ? (row.opponentName ??
      row.teams.find((t) => t.id === row.awayTeamId && row.awayTeamId !== null)?.nom ??
      null)
    : null;
  return {
    id: row.id,
    nom: row.nom,
    type: row.type,
    dateDebut: row.dateDebut,
    dateFin: row.dateFin,
    lieux: row.lieux,
    equipesIds: row.teams.map((t) => t.id),
    clubId: row.clubId,
    adversaireNom: isMatch ? row.opponentName : null,
    adversaire,
    domicile: isMatch ? (row.domicile ?? true) : null,
    rendezVous: row.rendezVous,
    lieuRendezVous: row.lieuRendezVous,
    equipes: row.teams,
    match: isMatch
      ? {
          id: row.matchId!,
          equipeDomicileId: row.homeTeamId,
          equipeExterieurId: row.awayTeamId,
          adversaireNom: row.opponentName,
          domicile: row.domicile ?? true,
        }
      : null,
    serie:
      row.seriesId !== null
        ? { id: row.seriesId, rrule: row.seriesRrule!, exclusions: row.seriesExclusions ?? [] }
        : null,
  };
}

/** Wall-clock seconds between two 'YYYY-MM-DDThh:mm:ss'. */
const secondsBetween = (from: string, to: string) =>
  (Date.parse(`${to}Z`) - Date.parse(`${from}Z`)) / 1000;

const EDITABLE = [
  'nom',
  'type',
  'dateDebut',
  'dateFin',
  'lieux',
  'rendezVous',
  'lieuRendezVous',
] as const;

/** The meeting time of an occurrence starting at `dateDebut`, as far before it as in `input`. */
function shiftedRendezVous(input: TEventWriteParsed, dateDebut: string): string | null {
  if (!input.rendezVous) return null;
  const before = secondsBetween(input.rendezVous, input.dateDebut);
  return new Date(Date.parse(`${dateDebut}Z`) - before * 1000).toISOString().slice(0, 19);
}

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * The events the actor reads (EVENT_PERMISSIONS), optionally in a range of days and narrowed to one
 * team's events (with `withoutTeam`, also the events with no team), by start date. Public through
 * the feature's index: the dashboards list events with the calendar's rule.
 */
export async function listVisibleEvents(
  db: DbOrTx,
  actor: Actor,
  filter: { from?: string; to?: string; teamId?: number; withoutTeam?: boolean } = {},
): Promise<TEvent[]> {
  if (!mayEver(EVENT_PERMISSIONS, actor, 'read')) return [];
  const { teamId, withoutTeam = false, ...range } = filter;
  const narrowed = teamId === undefined ? undefined : { teamIds: [teamId], withoutTeam };
  const rows = await repo.list(db, actor.clubId, {
    ...range,
    ...(narrowed ?? readPrefilter(actor)),
  });
  return rows.map(toEventJson).filter((e) => eventVisibleTo(actor, e));
}

export interface EventsDeps {
  db: DbOrTx;
  /** The club's clock: a match moved before it starts withdraws its answered convocations too. */
  clock?: Clock;
  /** Told when a match is created or moved (convocation e-mails, deadline jobs). */
  notifier?: MatchNotifier;
}

/**
 * Events of spec §7 with docs/architecture.md §7 (EVENT_PERMISSIONS); MATCH events keep their
 * match.
 */
export function createEventsService({ db, notifier, clock = systemClock }: EventsDeps) {
  /** Every requested team must be a team of the actor's club (400 naming equipesIds). */
  async function assertClubTeams(tx: Tx, clubId: number, teamIds: readonly number[]) {
    const known = new Set(await repo.existingTeamIds(tx, clubId, teamIds));
    if (teamIds.some((id) => !known.has(id)))
      throw badRequest(undefined, { equipesIds: EVENT_FIELD_MESSAGES.teamUnknown });
  }

  /** The event's match follows its type and sides (inside the write's transaction). */
  async function syncMatch(tx: Tx, clubId: number, eventId: number, input: TEventWriteParsed) {
    if (input.type === 'MATCH') {
      const synced = await matchSync.upsertForEvent(
        tx,
        clubId,
        eventId,
        {
          homeTeamId: input.equipesIds[0]!,
          awayTeamId: input.equipesIds[1] ?? null,
          opponentName: input.adversaireNom,
          domicile: input.domicile,
        },
        clock,
      );
      // Players convoked to an existing match by a new base team get their convocation
      // (decision 0025).
      if (!synced.created && notifier) {
        // The former team's withdrawn players are told, in this transaction (decision 0107).
        await notifier.playersWithdrawn(tx, clubId, synced.matchId, synced.withdrawn);
        await notifier.playersConvoked(tx, clubId, synced.matchId, synced.newlyConvoked);
      }
      return synced.matchId;
    }
    await matchSync.removeForEvent(tx, clubId, eventId);
    return null;
  }

  const values = (input: TEventWriteParsed) => ({
    nom: input.nom,
    type: input.type,
    dateDebut: input.dateDebut,
    dateFin: input.dateFin,
    lieux: input.lieux,
    rendezVous: input.rendezVous,
    lieuRendezVous: input.lieuRendezVous,
  });

  async function answer(tx: Tx | Db, clubId: number, id: number) {
    return toEventJson(found(await repo.findById(tx, clubId, id)));
  }

  /** POST with `recurrence`: the series row and every occurrence (same teams) in one transaction. */
  async function createSeries(
    actor: Actor,
    input: TEventWriteParsed,
    recurrence: { rrule: string; exclusions: string[] },
  ) {
    const occurrences = expandSeries(recurrence, input.dateDebut, input.dateFin);
    return db.transaction(async (tx) => {
      await assertClubTeams(tx, actor.clubId, input.equipesIds);
      const seriesId = await repo.insertSeries(tx, actor.clubId, {
        rrule: recurrence.rrule,
        exclusions: recurrence.exclusions,
        dtstart: input.dateDebut,
      });
      const ids = await repo.insertMany(
        tx,
        actor.clubId,
        occurrences.map((o) => ({
          ...values(input),
          dateDebut: o.dateDebut,
          dateFin: o.dateFin,
          rendezVous: shiftedRendezVous(input, o.dateDebut),
          seriesId,
          occurrenceDate: o.date,
        })),
      );
      await repo.setTeamsMany(tx, actor.clubId, ids, input.equipesIds);
      await audit(tx, {
        clubId: actor.clubId,
        actorMemberId: actor.id,
        action: 'create',
        entity: 'event',
        entityId: ids[0]!,
        details: {
          type: input.type,
          teamIds: input.equipesIds,
          seriesId,
          rrule: recurrence.rrule,
          occurrences: ids.length,
        },
      });
      return answer(tx, actor.clubId, ids[0]!);
    });
  }

  /**
   * PUT with portee 'suivants' or 'serie' (decision: recurring events). 'suivants' first splits the
   * series at this occurrence (the old series ends the day before). The occurrences of the target
   * series are then regenerated from its rule (the new `recurrence` if given) with the body as
   * template: occurrences whose rule date stays are updated in place (same ids), dates no longer
   * produced are deleted, new dates inserted. With 'suivants' the occurrences changed alone
   * (detached) are left as they are; with 'serie' they are rewritten and rejoin the series.
   */
  async function updateSeries(
    tx: Tx,
    actor: Actor,
    row: EventRow,
    input: TEventWriteParsed,
    portee: 'suivants' | 'serie',
  ) {
    const clubId = actor.clubId;
    let series = found(await repo.lockSeries(tx, clubId, row.seriesId!));
    const time = input.dateDebut.slice(11);
    const dayChanged = input.dateDebut.slice(0, 10) !== row.dateDebut.slice(0, 10);
    if (dayChanged && !input.recurrence)
      throw badRequest(undefined, { dateDebut: RECURRENCE_MESSAGES.dayChangeNeedsRule });
    const fromDate = row.occurrenceDate!;
    let rrule = input.recurrence?.rrule ?? series.rrule;
    let exclusions = input.recurrence?.exclusions ?? series.exclusions;
    let dtstart = `${series.dtstart.slice(0, 10)}T${time}`;
    if (portee === 'suivants') {
      if (!input.recurrence) {
        rrule = ruleFrom(series.rrule, series.dtstart);
        exclusions = series.exclusions.filter((d) => d >= fromDate);
      }
      dtstart = input.recurrence ? input.dateDebut : `${fromDate}T${time}`;
      if (fromDate > series.dtstart.slice(0, 10)) {
        // Split: the old series keeps what comes before this occurrence.
        await repo.updateSeries(tx, clubId, series.id, {
          rrule: ruleEndingBefore(ruleFrom(series.rrule, series.dtstart), fromDate),
          exclusions: series.exclusions.filter((d) => d < fromDate),
        });
        const newId = await repo.insertSeries(tx, clubId, { rrule, exclusions, dtstart });
        await repo.moveOccurrences(tx, clubId, series.id, fromDate, newId);
        await repo.deleteSeriesIfEmpty(tx, clubId, series.id);
        series = { id: newId, rrule, exclusions, dtstart };
      }
    }
    const duration = secondsBetween(input.dateDebut, input.dateFin);
    const end = new Date(Date.parse(`${dtstart}Z`) + duration * 1000).toISOString().slice(0, 19);
    const occurrences = expandSeries({ rrule, exclusions }, dtstart, end);
    await repo.updateSeries(tx, clubId, series.id, { rrule, exclusions, dtstart });

    const existing = await repo.seriesOccurrences(tx, clubId, series.id);
    for (const e of existing) assertMayWrite(actor, 'update', toEventJson(e));
    const byDate = new Map(existing.map((e) => [e.occurrenceDate!, e]));
    const wanted = new Set(occurrences.map((o) => o.date));
    const keep = (e: EventRow) => portee === 'suivants' && e.detached && e.id !== row.id;
    const toUpdate = existing.filter((e) => wanted.has(e.occurrenceDate!) && !keep(e));
    const toDelete = existing.filter((e) => !wanted.has(e.occurrenceDate!) && !keep(e));
    const toInsert = occurrences.filter((o) => !byDate.has(o.date));
    await repo.deleteMany(
      tx,
      clubId,
      toDelete.map((e) => e.id),
    );
    await repo.updateOccurrences(
      tx,
      clubId,
      toUpdate.map((e) => e.id),
      {
        nom: input.nom,
        type: input.type,
        lieux: input.lieux,
        time,
        durationSeconds: duration,
        rendezVousBeforeSeconds: input.rendezVous
          ? secondsBetween(input.rendezVous, input.dateDebut)
          : null,
        lieuRendezVous: input.lieuRendezVous,
      },
    );
    const inserted = await repo.insertMany(
      tx,
      clubId,
      toInsert.map((o) => ({
        ...values(input),
        dateDebut: o.dateDebut,
        dateFin: o.dateFin,
        rendezVous: shiftedRendezVous(input, o.dateDebut),
        seriesId: series.id,
        occurrenceDate: o.date,
      })),
    );
    await repo.setTeamsMany(
      tx,
      clubId,
      [...toUpdate.map((e) => e.id), ...inserted],
      input.equipesIds,
    );
    await audit(tx, {
      clubId,
      actorMemberId: actor.id,
      action: 'update',
      entity: 'event',
      entityId: row.id,
      details: {
        seriesId: series.id,
        portee,
        rrule,
        updated: toUpdate.length,
        inserted: inserted.length,
        deleted: toDelete.length,
      },
    });
    const still = await repo.findById(tx, clubId, row.id);
    if (still) return toEventJson(still);
    const [first] = await repo.seriesOccurrences(tx, clubId, series.id);
    return toEventJson(found(first));
  }

  return {
    /** GET /api/evenements/club/{clubId}?from=&to= — the events the actor reads. */
    async listClub(actor: Actor, clubId: number, range: { from?: string; to?: string }) {
      assertOwnClub(actor, clubId);
      if (!mayEver(EVENT_PERMISSIONS, actor, 'read')) throw forbidden();
      return listVisibleEvents(db, actor, range);
    },

    /** GET /api/evenements/{id} */
    async get(actor: Actor, id: number) {
      const event = toEventJson(found(await repo.findById(db, actor.clubId, id)));
      assertMayRead(actor, event);
      return event;
    },

    /** POST /api/evenements (with `recurrence`: the series and all its occurrences). */
    async create(actor: Actor, input: TEventWriteParsed) {
      assertOwnClub(actor, input.clubId);
      assertMayWrite(actor, 'create', input);
      if (input.recurrence) return createSeries(actor, input, input.recurrence);
      return db.transaction(async (tx) => {
        await assertClubTeams(tx, actor.clubId, input.equipesIds);
        const id = await repo.insert(tx, actor.clubId, values(input));
        await repo.setTeams(tx, actor.clubId, id, input.equipesIds);
        const matchId = await syncMatch(tx, actor.clubId, id, input);
        if (matchId !== null && notifier) {
          await notifier.matchChanged(tx, actor.clubId, matchId, 'CREATED');
          await notifier.deadlineChanged(tx, actor.clubId, matchId);
        }
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'create',
          entity: 'event',
          entityId: id,
          details: { type: input.type, teamIds: input.equipesIds, matchId },
        });
        return answer(tx, actor.clubId, id);
      });
    },

    /**
     * PUT /api/evenements/{id} — the whole event (a drag in the calendar sends it all with new
     * dates). The actor must be allowed to write the event both as it is and as it becomes.
     */
    async update(
      actor: Actor,
      id: number,
      input: TEventWriteParsed,
      portee: TEventPortee = 'occurrence',
    ) {
      assertOwnClub(actor, input.clubId);
      if (input.id !== undefined && input.id !== id)
        throw badRequest(undefined, { id: EVENT_FIELD_MESSAGES.idMismatch });
      return db.transaction(async (tx) => {
        found(await repo.lock(tx, actor.clubId, id));
        const row = found(await repo.findById(tx, actor.clubId, id));
        const current = toEventJson(row);
        assertMayWrite(actor, 'update', current);
        assertMayWrite(actor, 'update', input);
        await assertClubTeams(tx, actor.clubId, input.equipesIds);
        if (portee !== 'occurrence' && row.seriesId === null)
          throw badRequest(undefined, { portee: RECURRENCE_MESSAGES.porteeNeedsSeries });
        if (input.recurrence && portee === 'occurrence')
          throw badRequest(undefined, {
            recurrence: RECURRENCE_MESSAGES.recurrenceNeedsSeriesScope,
          });
        if (row.seriesId !== null && input.type === 'MATCH')
          throw badRequest(undefined, { type: RECURRENCE_MESSAGES.noMatchSeries });
        if (portee !== 'occurrence') return updateSeries(tx, actor, row, input, portee);
        await repo.update(tx, actor.clubId, id, {
          ...values(input),
          // A changed occurrence becomes an exception of its series (decision: recurring events).
          ...(row.seriesId !== null ? { detached: true } : {}),
        });
        const teamSetChanged = !sameSet(current.equipesIds, input.equipesIds);
        if (teamSetChanged) await repo.setTeams(tx, actor.clubId, id, input.equipesIds);
        const teamsChanged =
          teamSetChanged ||
          (input.type === 'MATCH' && current.equipesIds[0] !== input.equipesIds[0]);
        // No longer a MATCH: its match goes, so its players learn it is cancelled (decision 0025).
        if (current.match && input.type !== 'MATCH' && notifier)
          await notifier.matchDeleted(tx, actor.clubId, current.match.id);
        const matchId = await syncMatch(tx, actor.clubId, id, input);
        const fields: string[] = EDITABLE.filter((f) => current[f] !== input[f]);
        if (teamsChanged) fields.push('equipesIds');
        if (input.type === 'MATCH' && current.adversaireNom !== input.adversaireNom)
          fields.push('adversaireNom');
        if (input.type === 'MATCH' && current.domicile !== input.domicile) fields.push('domicile');
        if (matchId !== null && notifier) {
          // A new match (the event became a MATCH), or its date, time or place changed.
          const moved = (
            ['dateDebut', 'dateFin', 'lieux', 'rendezVous', 'lieuRendezVous', 'domicile'] as const
          ).some((f) => fields.includes(f));
          if (!current.match || current.match.id !== matchId)
            await notifier.matchChanged(tx, actor.clubId, matchId, 'CREATED');
          else if (moved) await notifier.matchChanged(tx, actor.clubId, matchId, 'CHANGED');
          if (!current.match || moved) await notifier.deadlineChanged(tx, actor.clubId, matchId);
        }
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'update',
          entity: 'event',
          entityId: id,
          details: {
            fields,
            matchId,
            ...(current.match && !matchId ? { matchRemoved: current.match.id } : {}),
          },
        });
        return answer(tx, actor.clubId, id);
      });
    },

    /**
     * DELETE /api/evenements/{id}?portee= — the match and its convocations go with it. A deleted
     * occurrence's date joins the series' exclusions; 'suivants' ends the series before it;
     * 'serie' deletes every occurrence and the series.
     */
    async remove(actor: Actor, id: number, portee: TEventPortee = 'occurrence') {
      let count = 1;
      await db.transaction(async (tx) => {
        found(await repo.lock(tx, actor.clubId, id));
        const row = found(await repo.findById(tx, actor.clubId, id));
        const current = toEventJson(row);
        assertMayWrite(actor, 'delete', current);
        if (portee !== 'occurrence' && row.seriesId === null)
          throw badRequest(undefined, { portee: RECURRENCE_MESSAGES.porteeNeedsSeries });
        if (row.seriesId !== null) {
          const series = found(await repo.lockSeries(tx, actor.clubId, row.seriesId));
          const targets =
            portee === 'occurrence'
              ? [row]
              : await repo.seriesOccurrences(
                  tx,
                  actor.clubId,
                  series.id,
                  portee === 'suivants' ? row.occurrenceDate! : undefined,
                );
          for (const t of targets) assertMayWrite(actor, 'delete', toEventJson(t));
          await repo.deleteMany(
            tx,
            actor.clubId,
            targets.map((t) => t.id),
          );
          count = targets.length;
          if (portee === 'occurrence')
            await repo.updateSeries(tx, actor.clubId, series.id, {
              exclusions: [...new Set([...series.exclusions, row.occurrenceDate!])].sort(),
            });
          else if (portee === 'suivants')
            await repo.updateSeries(tx, actor.clubId, series.id, {
              rrule: ruleEndingBefore(ruleFrom(series.rrule, series.dtstart), row.occurrenceDate!),
              exclusions: series.exclusions.filter((d) => d < row.occurrenceDate!),
            });
          await repo.deleteSeriesIfEmpty(tx, actor.clubId, series.id);
          await audit(tx, {
            clubId: actor.clubId,
            actorMemberId: actor.id,
            action: 'delete',
            entity: 'event',
            entityId: id,
            details: { nom: current.nom, seriesId: series.id, portee, count },
          });
          return;
        }
        // The match and its convocations go with the event: its players learn it is cancelled.
        if (current.match && notifier)
          await notifier.matchDeleted(tx, actor.clubId, current.match.id);
        await repo.delete(tx, actor.clubId, id);
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'delete',
          entity: 'event',
          entityId: id,
          details: { nom: current.nom, type: current.type, matchId: current.match?.id ?? null },
        });
      });
      return {
        message:
          count > 1
            ? `${count} ${EVENT_FIELD_MESSAGES.eventsDeleted}`
            : EVENT_FIELD_MESSAGES.eventDeleted,
      };
    },
  };
}
