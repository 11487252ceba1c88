import {
  ANNOUNCEMENT_LIMITS,
  ANNOUNCEMENT_MESSAGES,
  holdsClubRole,
  type TAnnouncement,
  type TAnnouncementReceipts,
  type TAnnouncementReminder,
  type ZAnnouncementCreateSchema,
} from '@club/contract';
import type { z } from 'zod';
import { found, type Actor } from '../../authz/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import type { AnnouncementNotifier } from './announcements.jobs.ts';
import {
  announcementsPolicy,
  assertMayAnnounceToOwnTeams,
  assertMayManageOwnAnnouncement,
  assertMayReadOwnAudienceAnnouncement,
  targetOf,
} from './announcements.policy.ts';
import {
  announcementsRepository as repo,
  type AnnouncementRow,
  type Reader,
} from './announcements.repository.ts';

type CreateInput = z.output<typeof ZAnnouncementCreateSchema>;

const readerOf = (actor: Actor): Reader => ({
  id: actor.id,
  clubId: actor.clubId,
  leader: holdsClubRole(actor),
  audienceTeamIds: [...new Set([...actor.teamIds, ...actor.childTeamIds])],
});

export interface AnnouncementsDeps {
  db: DbOrTx;
  notifier: AnnouncementNotifier;
}

/** Announcements and their read receipts (rules: packages/contract/src/announcements.ts). */
export function createAnnouncementsService({ db, notifier }: AnnouncementsDeps) {
  /** Rows as the actor sees them, with "lu par N/M" where the actor may see it. */
  async function view(actor: Actor, rows: AnnouncementRow[]): Promise<TAnnouncement[]> {
    const manageable = (r: AnnouncementRow) =>
      announcementsPolicy.can(
        actor,
        'receipts',
        targetOf({ ...r, teamIds: r.equipes.map((e) => e.id) }),
      );
    const counts = await repo.counts(
      db,
      actor.clubId,
      rows.filter(manageable).map((r) => r.id),
    );
    return rows.map((r) => {
      const gerable = manageable(r);
      return {
        id: r.id,
        titre: r.titre,
        contenu: r.contenu,
        auteur: r.auteur,
        equipes: r.equipes,
        datePublication: r.createdAt,
        destinataire: r.recipient,
        // Nothing to read for someone outside its audience (its author, a supervising leader).
        lu: r.recipient ? r.read : true,
        lecture: gerable ? (counts.get(r.id) ?? { lus: 0, destinataires: 0 }) : null,
        gerable,
      };
    });
  }

  /**
   * The announcement's target (404 when missing or of another club), then whether the actor is in
   * its audience (read) or wrote it (the others): announcements.policy.ts.
   */
  async function authorised(
    actor: Actor,
    id: number,
    action: 'read' | 'receipts' | 'remind' | 'delete',
  ) {
    const target = found(await repo.target(db, actor.clubId, id));
    if (action === 'read') assertMayReadOwnAudienceAnnouncement(actor, target);
    else assertMayManageOwnAnnouncement(actor, action, target);
    return target;
  }

  async function one(actor: Actor, id: number): Promise<TAnnouncement> {
    const row = found(await repo.one(db, readerOf(actor), id));
    return (await view(actor, [row]))[0]!;
  }

  return {
    /** GET /api/annonces */
    async list(actor: Actor, limite?: number): Promise<TAnnouncement[]> {
      const rows = await repo.list(db, readerOf(actor), limite ?? ANNOUNCEMENT_LIMITS.listeMax);
      return view(actor, rows);
    },

    /** POST /api/annonces */
    async create(actor: Actor, input: CreateInput): Promise<TAnnouncement> {
      // The table first: a coach naming a team they do not coach (or an unknown one) is refused
      // the same way; then a leader's unknown team is a field error.
      assertMayAnnounceToOwnTeams(actor, input.equipesIds);
      const teams = await repo.teamsOfClub(db, actor.clubId, input.equipesIds);
      if (teams.length !== input.equipesIds.length)
        throw badRequest(ANNOUNCEMENT_MESSAGES.teamUnknown, {
          equipesIds: ANNOUNCEMENT_MESSAGES.teamUnknown,
        });
      const id = await repo.insert(db, {
        clubId: actor.clubId,
        authorId: actor.id,
        titre: input.titre,
        contenu: input.contenu,
        teamIds: input.equipesIds,
      });
      await audit(db, {
        clubId: actor.clubId,
        actorMemberId: actor.id,
        action: 'create',
        entity: 'announcement',
        entityId: id,
        details: { equipesIds: input.equipesIds },
      });
      await notifier.queue(db, actor.clubId, id);
      return one(actor, id);
    },

    /** POST /api/annonces/{id}/lecture: only a member of its audience leaves a receipt. */
    async markRead(actor: Actor, id: number): Promise<TAnnouncement> {
      await authorised(actor, id, 'read');
      const row = found(await repo.one(db, readerOf(actor), id));
      if (row.recipient && !row.read) await repo.markRead(db, actor.clubId, id, actor.id);
      return one(actor, id);
    },

    /** GET /api/annonces/{id}/lectures: names only. */
    async receipts(actor: Actor, id: number): Promise<TAnnouncementReceipts> {
      const target = await authorised(actor, id, 'receipts');
      const audience = await repo.audience(db, actor.clubId, id);
      const person = (m: { id: number; nom: string; prenom: string }) => ({
        id: m.id,
        nom: m.nom,
        prenom: m.prenom,
      });
      return {
        destinataires: audience.length,
        lus: audience
          .filter((m) => m.readAt !== null)
          .map((m) => ({ ...person(m), luLe: m.readAt! })),
        nonLus: audience.filter((m) => m.readAt === null).map(person),
        dernierRappel: target.remindedAt ? target.remindedAt.toISOString() : null,
      };
    },

    /** POST /api/annonces/{id}/rappel: once an hour at most, to those who have not read it. */
    async remind(actor: Actor, id: number): Promise<TAnnouncementReminder> {
      await authorised(actor, id, 'remind');
      const unread = (await repo.audience(db, actor.clubId, id)).filter((m) => m.readAt === null);
      if (!unread.length) throw conflict(ANNOUNCEMENT_MESSAGES.everyoneRead);
      if (
        !(await repo.claimReminder(
          db,
          actor.clubId,
          id,
          ANNOUNCEMENT_LIMITS.rappelIntervalleMinutes,
        ))
      )
        throw conflict(ANNOUNCEMENT_MESSAGES.reminderTooSoon);
      await notifier.queue(db, actor.clubId, id, { memberIds: unread.map((m) => m.id) });
      await audit(db, {
        clubId: actor.clubId,
        actorMemberId: actor.id,
        action: 'remind',
        entity: 'announcement',
        entityId: id,
        details: { membres: unread.length },
      });
      return { message: ANNOUNCEMENT_MESSAGES.reminderSent(unread.length), envoyes: unread.length };
    },

    /** DELETE /api/annonces/{id} */
    async remove(actor: Actor, id: number): Promise<{ message: string }> {
      await authorised(actor, id, 'delete');
      await repo.remove(db, actor.clubId, id);
      await audit(db, {
        clubId: actor.clubId,
        actorMemberId: actor.id,
        action: 'delete',
        entity: 'announcement',
        entityId: id,
      });
      return { message: ANNOUNCEMENT_MESSAGES.deleted };
    },
  };
}
