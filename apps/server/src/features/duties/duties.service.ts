import {
  DUTY_MESSAGES,
  feeFamilies,
  initialOf,
  isStaffFor,
  proposeFamilies,
  seasonFirstYear,
  seasonOf,
  seasonParam,
  wantsNotification,
  type FeeFamily,
  type TDuty,
  type TDutyProposal,
  type TDutyTally,
  type TDutyTallyQuery,
  type TDutyTemplates,
  type TDutyTemplatesWrite,
  type TDutiesWrite,
} from '@club/contract';
import type { FastifyInstance } from 'fastify';
import { found, type Actor } from '../../authz/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { clubSeasonContext } from '../../db/club-settings.ts';
import { transactionExecutor } from '../../jobs/job-queue.ts';
import { audit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { clubLocalDateTime } from '../../lib/club-time.ts';
import { HttpError, badRequest, forbidden } from '../../lib/http-error.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { writeCsv } from '../members/index.ts';
import { renderNotificationMail, type Links } from '../notifications/index.ts';
import { shortDateTime, type DutyReminders } from './duties.jobs.ts';
import {
  assertMayEditOwnTeamTemplates,
  assertMayEditOwnTeamsEventDuties,
  assertMayReadOwnTeamsEventDuties,
  assertMaySignUpSelfChildOrOwnTeamMember,
  assertMayTallyOwnTeam,
  dutyPolicy,
} from './duties.policy.ts';
import {
  dutiesRepository as repo,
  type DutyEvent,
  type DutyRow,
  type VolunteerRow,
} from './duties.repository.ts';

const pad = (n: number) => String(n).padStart(2, '0');

export interface DutiesDeps {
  db: DbOrTx;
  mailer: Mailer;
  push: FastifyInstance['push'];
  links: (clubId: number, memberId: number) => Links;
  clock: Clock;
  reminders: DutyReminders;
  publicUrl: string;
}

/** The families of the club (guardians and children, or an adult alone: contract feeFamilies). */
async function familiesOf(db: DbOrTx, clubId: number) {
  const { people, links } = await repo.familyGraph(db, clubId);
  return {
    byMember: feeFamilies(people, links),
    people: new Map(people.map((p) => [p.id, p])),
    links,
  };
}

/** The family a volunteer row counts for: the child's when there is one, else the volunteer's. */
const familyOfRow = (
  byMember: Map<number, FeeFamily>,
  row: { memberId: number; forMemberId: number | null },
) => byMember.get(row.forMemberId ?? row.memberId) ?? byMember.get(row.memberId);

/**
 * Volunteer duties (docs/decisions/0130-volunteer-duties.md, 0131 fair proposal, 0132 reminders
 * and withdrawals): DUTY_PERMISSIONS, places kept by the database (conditional UPDATE + CHECK, as
 * carpool seats). Another club's or a missing id answers 404 first.
 */
export function createDutiesService({
  db,
  mailer,
  push,
  links,
  clock,
  reminders,
  publicUrl,
}: DutiesDeps) {
  const base = publicUrl.replace(/\/+$/, '');
  function assertNotStarted(event: DutyEvent) {
    if (clubLocalDateTime(event.timezone, clock.now()) >= event.dateDebut)
      throw new HttpError(409, DUTY_MESSAGES.eventOver);
  }
  async function loadEvent(tx: DbOrTx, actor: Actor, eventId: number) {
    const event = found(await repo.event(tx, actor.clubId, eventId));
    assertMayReadOwnTeamsEventDuties(actor, event);
    return event;
  }
  async function loadDuty(tx: DbOrTx, actor: Actor, dutyId: number) {
    const duty = found(await repo.duty(tx, actor.clubId, dutyId));
    const event = await loadEvent(tx, actor, duty.eventId);
    return { duty, event };
  }

  /**
   * The answer for `actor`: another family's volunteers by first name and initial (§6b); the
   * event's coaches and the leaders read every name whole.
   */
  async function answer(
    tx: DbOrTx,
    actor: Actor,
    event: DutyEvent,
    rows: DutyRow[],
  ): Promise<TDuty[]> {
    const volunteers = await repo.volunteers(
      tx,
      actor.clubId,
      rows.map((d) => d.id),
    );
    const staff = isStaffFor(actor, event.teamIds.length ? event.teamIds : actor.teamIds);
    let sameFamily: (v: VolunteerRow) => boolean = () => true;
    if (!staff) {
      const { byMember } = await familiesOf(tx, actor.clubId);
      const mine = byMember.get(actor.id)?.id;
      sameFamily = (v) =>
        byMember.get(v.memberId)?.id === mine ||
        (v.forMemberId !== null && byMember.get(v.forMemberId)?.id === mine);
    }
    return rows.map((d) => ({
      id: d.id,
      libelle: d.libelle,
      places: d.places,
      benevoles: volunteers
        .filter((v) => v.dutyId === d.id)
        .map((v) => ({
          membreId: v.memberId,
          nom: sameFamily(v) ? v.nom : initialOf(v.nom),
          prenom: v.prenom,
          ...(v.forMemberId !== null ? { pourMembreId: v.forMemberId } : {}),
        })),
    }));
  }
  async function one(tx: DbOrTx, actor: Actor, event: DutyEvent, dutyId: number) {
    const duty = found(await repo.duty(tx, actor.clubId, dutyId));
    return (await answer(tx, actor, event, [duty]))[0]!;
  }

  /** The teams of `memberId` the permission table is asked about (the event's, or all for a club-wide event). */
  async function targetTeams(tx: DbOrTx, actor: Actor, event: DutyEvent, memberId: number) {
    const teams = await repo.memberTeams(tx, actor.clubId, memberId);
    return event.teamIds.length ? teams.filter((t) => event.teamIds.includes(t)) : teams;
  }

  /**
   * One sign-up in `tx`: the volunteer row, then a place (the conditional UPDATE); 409 when the
   * member is already there or the duty is full (the transaction leaves nothing behind).
   */
  async function signUpIn(
    tx: DbOrTx,
    actor: Actor,
    event: DutyEvent,
    dutyId: number,
    row: { memberId: number; forMemberId: number | null },
  ) {
    if (
      !(await repo.insertVolunteer(tx, {
        clubId: actor.clubId,
        dutyId,
        memberId: row.memberId,
        forMemberId: row.forMemberId,
        signedUpBy: actor.id,
      }))
    )
      throw new HttpError(409, DUTY_MESSAGES.alreadySignedUp);
    if (!(await repo.takePlace(tx, actor.clubId, dutyId)))
      throw new HttpError(409, DUTY_MESSAGES.full);
    await reminders.schedule(tx, event, actor.clubId, dutyId, row.memberId);
    await audit(tx, {
      clubId: actor.clubId,
      actorMemberId: actor.id,
      action: 'create',
      entity: 'duty_volunteer',
      entityId: dutyId,
      details: { memberId: row.memberId, forMemberId: row.forMemberId },
    });
  }

  /** The season of a day and the club's season month: its first and last days. */
  async function seasonRange(clubId: number, saison: string | undefined, day?: string) {
    const ctx = await clubSeasonContext(db, clubId, clock.now());
    const first = saison
      ? seasonFirstYear(saison)
      : Number(seasonOf(day ?? ctx.today, ctx.startMonth).debut.slice(0, 4));
    const s = seasonOf(`${first}-${pad(ctx.startMonth)}-01`, ctx.startMonth);
    return { first, from: s.debut, to: s.fin, libelle: seasonParam(first) };
  }

  /** Duties per family (family id → count) among `rows`. */
  function countByFamily(
    byMember: Map<number, FeeFamily>,
    rows: readonly { memberId: number; forMemberId: number | null }[],
  ) {
    const counts = new Map<number, number>();
    for (const r of rows) {
      const f = familyOfRow(byMember, r);
      if (f) counts.set(f.id, (counts.get(f.id) ?? 0) + 1);
    }
    return counts;
  }

  async function tallyRows(actor: Actor, q: TDutyTallyQuery): Promise<TDutyTally> {
    if (q.equipeId !== undefined && !(await repo.teamExists(db, actor.clubId, q.equipeId)))
      found(undefined);
    assertMayTallyOwnTeam(actor, q.equipeId);
    const teamIds = q.equipeId !== undefined ? [q.equipeId] : [];
    const season = await seasonRange(actor.clubId, q.saison);
    const { byMember, people } = await familiesOf(db, actor.clubId);
    const rows = await repo.seasonVolunteers(db, actor.clubId, season, teamIds);
    const counts = countByFamily(byMember, rows);
    const families = new Map<number, FeeFamily>();
    for (const id of await repo.teamPlayers(db, actor.clubId, teamIds)) {
      const f = byMember.get(id);
      if (f) families.set(f.id, f);
    }
    for (const r of rows) {
      const f = familyOfRow(byMember, r);
      if (f) families.set(f.id, f);
    }
    return [...families.values()]
      .map((f) => ({
        famille: f.nom,
        familleId: f.id,
        membres: f.membreIds.map((id) => {
          const p = people.get(id)!;
          return { id, nom: p.nom, prenom: p.prenom };
        }),
        taches: counts.get(f.id) ?? 0,
      }))
      .sort(
        (a, b) =>
          b.taches - a.taches ||
          a.famille.localeCompare(b.famille, 'fr') ||
          a.familleId - b.familleId,
      );
  }

  /** The mail and push to the people of a family the proposal signed up. */
  async function tellFamily(
    tx: DbOrTx,
    actor: Actor,
    event: DutyEvent,
    libelle: string,
    recipientIds: readonly number[],
  ) {
    const title = `Tâche bénévole : ${libelle} — ${event.nom} ${shortDateTime(event.dateDebut)}`;
    const text = `La répartition équitable des tâches de la saison vous a inscrit(e) pour « ${libelle} » à « ${event.nom} » ${shortDateTime(event.dateDebut)} (${event.lieux}). Merci !`;
    const swap =
      'Vous ne pouvez pas ? Échangez avec une autre famille : qu’elle s’inscrive sur l’événement (« Je m’inscris »), puis choisissez « Je ne peux plus » ; l’entraîneur est prévenu.';
    const executor = transactionExecutor(tx);
    for (const r of await repo.recipients(tx, actor.clubId, recipientIds)) {
      await push.notify(tx, {
        clubId: actor.clubId,
        timezone: event.timezone,
        memberIds: [r.id],
        kind: 'changements',
        message: { titre: title, corps: `${text} ${swap}`, url: '/calendrier' },
      });
      // No address (a child without e-mail, decision 0111): the push only.
      if (!r.activated || !r.email || !wantsNotification(r, 'changements', 'email')) continue;
      await mailer.send(
        renderNotificationMail(
          title,
          [
            { kind: 'p', text: `Bonjour ${r.prenom},` },
            { kind: 'p', text },
            { kind: 'p', text: swap },
            { kind: 'button', label: 'Voir l’événement', href: `${base}/calendrier` },
          ],
          links(actor.clubId, r.id),
          r.email,
        ),
        { db: executor },
      );
    }
  }

  return {
    /** GET /api/evenements/{id}/taches */
    async list(actor: Actor, eventId: number): Promise<TDuty[]> {
      const event = await loadEvent(db, actor, eventId);
      return answer(db, actor, event, await repo.duties(db, actor.clubId, eventId));
    },

    /**
     * PUT /api/evenements/{id}/taches: the whole list. A duty kept (same label) keeps its
     * volunteers and never gets fewer places than them; a duty left out goes with its volunteers.
     */
    async replace(actor: Actor, eventId: number, input: TDutiesWrite): Promise<TDuty[]> {
      const event = await loadEvent(db, actor, eventId);
      assertMayEditOwnTeamsEventDuties(actor, event);
      return db.transaction(async (tx) => {
        const current = await repo.duties(tx, actor.clubId, eventId);
        const key = (l: string) => l.trim().toLocaleLowerCase('fr');
        const byKey = new Map(current.map((d) => [key(d.libelle), d]));
        const errors: Record<string, string> = {};
        input.forEach((d, i) => {
          const kept = byKey.get(key(d.libelle));
          if (kept && d.places < kept.placesPrises)
            errors[`${i}.places`] = DUTY_MESSAGES.placesBelowVolunteers(kept.placesPrises);
        });
        if (Object.keys(errors).length) throw badRequest(undefined, errors);
        const keptIds = new Set<number>();
        for (const [position, d] of input.entries()) {
          const kept = byKey.get(key(d.libelle));
          if (kept) {
            keptIds.add(kept.id);
            await repo.updateDuty(tx, actor.clubId, kept.id, {
              position,
              libelle: d.libelle.trim(),
              places: d.places,
            });
          } else
            await repo.insertDuty(tx, {
              clubId: actor.clubId,
              eventId,
              position,
              libelle: d.libelle.trim(),
              places: d.places,
            });
        }
        await repo.deleteDuties(
          tx,
          actor.clubId,
          current.filter((d) => !keptIds.has(d.id)).map((d) => d.id),
        );
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'update',
          entity: 'event_duties',
          entityId: eventId,
          details: { taches: input.map((d) => d.libelle) },
        });
        return answer(tx, actor, event, await repo.duties(tx, actor.clubId, eventId));
      });
    },

    /**
     * POST /api/taches/{id}/benevoles {membreId}: oneself; one's child (the guardian comes, for
     * the child: it counts for the family); a coach or a leader, anyone of the team.
     */
    async signUp(actor: Actor, dutyId: number, memberId: number): Promise<TDuty> {
      const { duty, event } = await loadDuty(db, actor, dutyId);
      if (memberId !== actor.id && !(await repo.memberExists(db, actor.clubId, memberId)))
        throw badRequest(undefined, { membreId: DUTY_MESSAGES.notInEvent });
      const teamIds = await targetTeams(db, actor, event, memberId);
      assertMaySignUpSelfChildOrOwnTeamMember(actor, memberId, teamIds);
      assertNotStarted(event);
      const forChild = memberId !== actor.id && actor.childIds.includes(memberId);
      // Someone else than oneself takes part in the event: one of its teams (any, club-wide).
      if (memberId !== actor.id && event.teamIds.length && !teamIds.length)
        throw new HttpError(422, DUTY_MESSAGES.notInEvent);
      await db.transaction((tx) =>
        signUpIn(
          tx,
          actor,
          event,
          duty.id,
          forChild
            ? { memberId: actor.id, forMemberId: memberId }
            : { memberId, forMemberId: null },
        ),
      );
      return one(db, actor, event, duty.id);
    },

    /**
     * DELETE /api/taches/{id}/benevoles/{membreId} — « Je ne peux plus »: frees the place (the
     * volunteer, or the child it was for) and tells the event's coaches by mail.
     */
    async withdraw(actor: Actor, dutyId: number, memberId: number): Promise<TDuty> {
      const { duty, event } = await loadDuty(db, actor, dutyId);
      const row = await repo.volunteerOf(db, actor.clubId, dutyId, memberId);
      const allowed = async (id: number) =>
        dutyPolicy.can(actor, 'withdraw', {
          memberId: id,
          teamIds: await targetTeams(db, actor, event, id),
        });
      if (
        !(await allowed(memberId)) &&
        !(row && (await allowed(row.memberId))) &&
        !(row?.forMemberId && (await allowed(row.forMemberId)))
      )
        throw forbidden();
      if (!row) return one(db, actor, event, duty.id);
      await db.transaction(async (tx) => {
        if (!(await repo.releasePlace(tx, actor.clubId, dutyId, row.memberId))) return;
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'delete',
          entity: 'duty_volunteer',
          entityId: dutyId,
          details: { memberId: row.memberId, forMemberId: row.forMemberId },
        });
        const [who] = await repo.recipients(tx, actor.clubId, [row.memberId]);
        const title = `Je ne peux plus : ${duty.libelle} — ${event.nom} ${shortDateTime(event.dateDebut)}`;
        const text = `${who ? `${who.prenom} ${who.nom}` : 'Un bénévole'} ne peut plus assurer « ${duty.libelle} » à « ${event.nom} » ${shortDateTime(event.dateDebut)}. Une place est libre : ${duty.places - duty.placesPrises + 1} sur ${duty.places}.`;
        const executor = transactionExecutor(tx);
        for (const c of await repo.coaches(tx, actor.clubId, event.teamIds)) {
          if (c.id === row.memberId || c.id === actor.id) continue;
          await push.notify(tx, {
            clubId: actor.clubId,
            timezone: event.timezone,
            memberIds: [c.id],
            kind: 'changements',
            message: { titre: title, corps: text, url: '/calendrier' },
          });
          if (!c.activated || !c.email || !wantsNotification(c, 'changements', 'email')) continue;
          await mailer.send(
            renderNotificationMail(
              title,
              [
                { kind: 'p', text: `Bonjour ${c.prenom},` },
                { kind: 'p', text },
                { kind: 'button', label: 'Voir l’événement', href: `${base}/calendrier` },
              ],
              links(actor.clubId, c.id),
              c.email,
            ),
            { db: executor },
          );
        }
      });
      return one(db, actor, event, duty.id);
    },

    /**
     * POST /api/evenements/{id}/taches/repartition {simulation}: the families with the fewest
     * duties this season (on the event's teams' events) fill the free places, skipping those whose
     * child is unavailable for the event or already on duty that day; ties in the families' order
     * (docs/decisions/0131). Applied, each family is signed up and told.
     */
    async propose(actor: Actor, eventId: number, simulation: boolean): Promise<TDutyProposal> {
      const event = await loadEvent(db, actor, eventId);
      assertMayEditOwnTeamsEventDuties(actor, event);
      if (!simulation) assertNotStarted(event);
      const day = event.dateDebut.slice(0, 10);
      const season = await seasonRange(actor.clubId, undefined, day);
      const { byMember, people, links: guardianLinks } = await familiesOf(db, actor.clubId);
      const players = await repo.teamPlayers(db, actor.clubId, event.teamIds);
      const counts = countByFamily(
        byMember,
        await repo.seasonVolunteers(db, actor.clubId, season, event.teamIds),
      );
      const unavailable = new Set(await repo.unavailable(db, actor.clubId, eventId));
      const onDuty = new Set<number>();
      for (const r of await repo.volunteersOnDay(db, actor.clubId, day)) {
        const f = familyOfRow(byMember, r);
        if (f) onDuty.add(f.id);
      }
      // The families of the event's players, each with the player it would be signed up for.
      const candidates = new Map<
        number,
        { family: FeeFamily; playerIds: number[]; indisponible: boolean }
      >();
      for (const id of [...players].sort((a, b) => a - b)) {
        const family = byMember.get(id);
        if (!family) continue;
        const c = candidates.get(family.id) ?? { family, playerIds: [], indisponible: false };
        c.playerIds.push(id);
        if (unavailable.has(id)) c.indisponible = true;
        candidates.set(family.id, c);
      }
      const duties = await repo.duties(db, actor.clubId, eventId);
      const taken = new Set<number>();
      const propositions: TDutyProposal['propositions'] = [];
      let placesNonPourvues = 0;
      for (const d of duties) {
        const free = d.places - d.placesPrises;
        if (free <= 0) continue;
        const chosen = proposeFamilies(
          [...candidates.values()].map((c) => ({
            id: c.family.id,
            taches: counts.get(c.family.id) ?? 0,
            indisponible: c.indisponible,
            dejaDeService: onDuty.has(c.family.id) || taken.has(c.family.id),
          })),
          free,
        );
        placesNonPourvues += free - chosen.length;
        for (const familyId of chosen) {
          taken.add(familyId);
          const c = candidates.get(familyId)!;
          const player = c.playerIds[0]!;
          // A child's guardian comes for the child; an adult player comes themself.
          const guardian = guardianLinks
            .filter(([p, ch]) => ch === player && c.family.membreIds.includes(p))
            .map(([p]) => p)
            .sort((a, b) => a - b)[0];
          propositions.push({
            tacheId: d.id,
            libelle: d.libelle,
            famille: {
              id: familyId,
              nom: c.family.nom,
              membres: c.family.membreIds.map((id) => {
                const p = people.get(id)!;
                return { id, nom: p.nom, prenom: p.prenom };
              }),
            },
            membreId: guardian ?? player,
            ...(guardian !== undefined ? { pourMembreId: player } : {}),
            taches: counts.get(familyId) ?? 0,
          });
        }
      }
      if (simulation) return { simulation, propositions, placesNonPourvues };
      const applied: TDutyProposal['propositions'] = [];
      for (const p of propositions) {
        try {
          await db.transaction(async (tx) => {
            await signUpIn(tx, actor, event, p.tacheId, {
              memberId: p.membreId,
              forMemberId: p.pourMembreId ?? null,
            });
            // The family's adults: who comes, and the child's other guardians.
            const told = new Set([p.membreId]);
            if (p.pourMembreId !== undefined)
              for (const [parent, child] of guardianLinks)
                if (child === p.pourMembreId) told.add(parent);
            await tellFamily(tx, actor, event, p.libelle, [...told]);
          });
          applied.push(p);
        } catch (err) {
          // Taken meanwhile (full, or the family signed up itself): the place stays as it is.
          if (!(err instanceof HttpError && err.statusCode === 409)) throw err;
          placesNonPourvues++;
        }
      }
      await audit(db, {
        clubId: actor.clubId,
        actorMemberId: actor.id,
        action: 'create',
        entity: 'duty_proposal',
        entityId: eventId,
        details: { familles: applied.map((p) => p.famille.id) },
      });
      return { simulation, propositions: applied, placesNonPourvues };
    },

    /** GET /api/equipes/{id}/modeles-taches */
    async templates(actor: Actor, teamId: number): Promise<TDutyTemplates> {
      if (!(await repo.teamExists(db, actor.clubId, teamId))) found(undefined);
      assertMayEditOwnTeamTemplates(actor, teamId);
      return (await repo.templates(db, actor.clubId, teamId)) as TDutyTemplates;
    },

    /** PUT /api/equipes/{id}/modeles-taches: every new event of these types gets the duties. */
    async setTemplates(
      actor: Actor,
      teamId: number,
      input: TDutyTemplatesWrite,
    ): Promise<TDutyTemplates> {
      if (!(await repo.teamExists(db, actor.clubId, teamId))) found(undefined);
      assertMayEditOwnTeamTemplates(actor, teamId);
      await db.transaction(async (tx) => {
        await repo.replaceTemplates(
          tx,
          actor.clubId,
          teamId,
          input.map((t) => ({
            libelle: t.libelle.trim(),
            places: t.places,
            types: [...new Set(t.types)],
          })),
        );
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'update',
          entity: 'duty_templates',
          entityId: teamId,
          details: { modeles: input.map((t) => t.libelle) },
        });
      });
      return (await repo.templates(db, actor.clubId, teamId)) as TDutyTemplates;
    },

    /** GET /api/taches/bilan?equipeId=&saison= */
    tally: tallyRows,

    /** GET /api/taches/bilan/export: the same rows as CSV. */
    async tallyCsv(actor: Actor, q: TDutyTallyQuery) {
      const rows = await tallyRows(actor, q);
      const season = await seasonRange(actor.clubId, q.saison);
      const csv = writeCsv(
        ['Famille', 'Membres', 'Tâches'],
        rows.map((r) => [
          r.famille,
          r.membres.map((m) => `${m.prenom} ${m.nom}`).join(', '),
          String(r.taches),
        ]),
      );
      return {
        csv,
        fileName: `taches-${season.libelle}${q.equipeId !== undefined ? `-equipe-${q.equipeId}` : ''}.csv`,
      };
    },
  };
}
