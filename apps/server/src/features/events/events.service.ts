import {
  EVENT_FIELD_MESSAGES,
  EVENT_PERMISSIONS,
  eventVisibleTo,
  mayEver,
  type TEvent,
  type TEventWriteParsed,
} from '@club/contract';
import { assertOwnClub, found, type Actor } from '../../authz/index.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, forbidden } from '../../lib/http-error.ts';
import { matchSync } from '../matches/index.ts';
import type { MatchNotifier } from '../notifications/index.ts';
import { assertMayRead, assertMayWrite, readPrefilter } from './events.policy.ts';
import { eventsRepository as repo, type EventRow } from './events.repository.ts';

/** An event as every events call answers it (spec §3 plus teams and match, contract ZEventSchema). */
export function toEventJson(row: EventRow): TEvent {
  const isMatch = row.matchId !== null;
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
    equipes: row.teams,
    match: isMatch
      ? {
          id: row.matchId!,
          equipeDomicileId: row.homeTeamId,
          equipeExterieurId: row.awayTeamId,
          adversaireNom: row.opponentName,
        }
      : null,
  };
}

const EDITABLE = ['nom', 'type', 'dateDebut', 'dateFin', 'lieux'] as const;

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
  db: Db;
  /** Issue 13: told when a match is created or moved (convocation e-mails, deadline jobs). */
  notifier?: MatchNotifier;
}

/** Events of spec §7 with ARCHITECTURE §6 (EVENT_PERMISSIONS); MATCH events keep their match. */
export function createEventsService({ db, notifier }: EventsDeps) {
  /** Every requested team must be a team of the actor's club (400 naming equipesIds). */
  async function assertClubTeams(tx: Tx, clubId: number, teamIds: readonly number[]) {
    const known = new Set(await repo.existingTeamIds(tx, clubId, teamIds));
    if (teamIds.some((id) => !known.has(id)))
      throw badRequest(undefined, { equipesIds: EVENT_FIELD_MESSAGES.teamUnknown });
  }

  /** The event's match follows its type and sides (inside the write's transaction). */
  async function syncMatch(tx: Tx, clubId: number, eventId: number, input: TEventWriteParsed) {
    if (input.type === 'MATCH')
      return (
        await matchSync.upsertForEvent(tx, clubId, eventId, {
          homeTeamId: input.equipesIds[0]!,
          awayTeamId: input.equipesIds[1] ?? null,
          opponentName: input.adversaireNom,
        })
      ).matchId;
    await matchSync.removeForEvent(tx, clubId, eventId);
    return null;
  }

  const values = (input: TEventWriteParsed) => ({
    nom: input.nom,
    type: input.type,
    dateDebut: input.dateDebut,
    dateFin: input.dateFin,
    lieux: input.lieux,
  });

  async function answer(tx: Tx | Db, clubId: number, id: number) {
    return toEventJson(found(await repo.findById(tx, clubId, id)));
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

    /** POST /api/evenements */
    async create(actor: Actor, input: TEventWriteParsed) {
      assertOwnClub(actor, input.clubId);
      assertMayWrite(actor, 'create', input);
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
    async update(actor: Actor, id: number, input: TEventWriteParsed) {
      assertOwnClub(actor, input.clubId);
      if (input.id !== undefined && input.id !== id)
        throw badRequest(undefined, { id: EVENT_FIELD_MESSAGES.idMismatch });
      return db.transaction(async (tx) => {
        found(await repo.lock(tx, actor.clubId, id));
        const current = toEventJson(found(await repo.findById(tx, actor.clubId, id)));
        assertMayWrite(actor, 'update', current);
        assertMayWrite(actor, 'update', input);
        await assertClubTeams(tx, actor.clubId, input.equipesIds);
        await repo.update(tx, actor.clubId, id, values(input));
        const teamSetChanged = !sameSet(current.equipesIds, input.equipesIds);
        if (teamSetChanged) await repo.setTeams(tx, actor.clubId, id, input.equipesIds);
        const teamsChanged =
          teamSetChanged ||
          (input.type === 'MATCH' && current.equipesIds[0] !== input.equipesIds[0]);
        const matchId = await syncMatch(tx, actor.clubId, id, input);
        const fields: string[] = EDITABLE.filter((f) => current[f] !== input[f]);
        if (teamsChanged) fields.push('equipesIds');
        if (input.type === 'MATCH' && current.adversaireNom !== input.adversaireNom)
          fields.push('adversaireNom');
        if (matchId !== null && notifier) {
          // A new match (the event became a MATCH), or its date, time or place changed.
          const moved = (['dateDebut', 'dateFin', 'lieux'] as const).some((f) =>
            fields.includes(f),
          );
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

    /** DELETE /api/evenements/{id} — the match and its convocations go with it. */
    async remove(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        found(await repo.lock(tx, actor.clubId, id));
        const current = toEventJson(found(await repo.findById(tx, actor.clubId, id)));
        assertMayWrite(actor, 'delete', current);
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
      return { message: EVENT_FIELD_MESSAGES.eventDeleted };
    },
  };
}
