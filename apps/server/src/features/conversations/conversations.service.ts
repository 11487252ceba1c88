import {
  CONVERSATION_LIMITS,
  CONVERSATION_MESSAGES,
  conversationsPagePath,
  excerpt,
  isLeader,
  safeguard,
  type TConversation,
  type TConversationMessage,
  type TMessagePage,
  type ZConversationCreateSchema,
  type ZMessageCreateSchema,
} from '@club/contract';
import type { z } from 'zod';
import { found, memberRef, type Actor } from '../../authz/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { clubToday } from '../../lib/club-time.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { publishLive } from '../live/index.ts';
import {
  conversationsRepository as repo,
  type ConversationRow,
  type MessageRow,
  type ParticipantRow,
  type Person,
} from './conversations.repository.ts';
import {
  assertMayOpenOwnTeamsConversation,
  assertMayReadOwnTeamsConversation,
  assertMayRemoveOwnMessage,
  assertMayWriteToTeamMate,
} from './conversations.policy.ts';

type CreateInput = z.output<typeof ZConversationCreateSchema>;
type SendInput = z.output<typeof ZMessageCreateSchema>;

/** What the service needs of the messages' notifications (conversations.jobs.ts). */
export interface MessageNotifier {
  /** A new message: a push, after the burst, to the participants who have not seen it. */
  queue(tx: DbOrTx, clubId: number, conversationId: number): Promise<void>;
  /** A report: an e-mail to the club's leaders, in the request's transaction. */
  report(
    tx: DbOrTx,
    input: { clubId: number; conversationId: number; messageId: number; motif: string },
  ): Promise<void>;
}

export interface ConversationsDeps {
  db: DbOrTx;
  clock: Clock;
  notifier: MessageNotifier;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const REMOVAL_MS = CONVERSATION_LIMITS.suppressionMinutes * 60_000;

/**
 * Conversations and messages (docs/decisions/0121-conversations-and-safeguarding.md; docs/architecture.md §7 and §12).
 * Another club's ids answer 404; a group's conversation answers 404 to whoever is not in it; a
 * team's answers 403 to a member the table refuses.
 */
export function createConversationsService({ db, clock, notifier }: ConversationsDeps) {
  async function settings(clubId: number) {
    const s = await repo.clubSettings(db, clubId);
    return { ...s, today: clubToday(s.timezone, clock.now()) };
  }

  /** The teams whose members a team's or an event's conversation gathers. */
  async function basisTeams(conv: ConversationRow): Promise<number[]> {
    if (conv.type === 'EQUIPE') return conv.teamId ? [conv.teamId] : [];
    if (conv.type === 'EVENEMENT' && conv.eventId) {
      const event = await repo.eventWithTeams(db, conv.clubId, conv.eventId);
      if (!event) return [];
      return event.teamIds.length ? event.teamIds : repo.allTeamIds(db, conv.clubId);
    }
    return [];
  }

  /**
   * Brings the participants in step with the team (or the event's teams) and the guardians:
   * newcomers join, those who left keep their row (read only, until `leftAt`), and the
   * safeguarding rule holds (contract `safeguard`). Run before every read and every write.
   */
  async function sync(conv: ConversationRow): Promise<ParticipantRow[]> {
    const rows = await repo.participants(db, conv.clubId, conv.id);
    let wanted: Person[];
    if (conv.type === 'GROUPE') {
      const own = rows.filter((r) => !r.leftAt && !r.guardian).map((r) => r.memberId);
      wanted = await repo.people(db, conv.clubId, own);
    } else {
      wanted = await repo.teamPeople(db, conv.clubId, await basisTeams(conv));
      // Whoever opened it takes part (a leader outside the team).
      if (conv.createdBy !== null && !wanted.some((p) => p.id === conv.createdBy))
        wanted.push(...(await repo.people(db, conv.clubId, [conv.createdBy])));
    }
    const s = await settings(conv.clubId);
    const guardians = await repo.guardiansOf(
      db,
      conv.clubId,
      wanted.map((p) => p.id),
    );
    const result = safeguard(wanted, guardians, s.today, s.minimumAge);
    const byId = new Map(rows.map((r) => [r.memberId, r]));
    const joining = [...result.participants]
      .filter(([id, v]) => {
        const r = byId.get(id);
        return !r || r.leftAt !== null || r.guardian !== v.guardian;
      })
      .map(([memberId, v]) => ({ memberId, guardian: v.guardian }));
    // A change of the guardian flag alone keeps the row's start and read mark.
    for (const j of joining.filter((j) => byId.get(j.memberId) && !byId.get(j.memberId)!.leftAt))
      await repo.setGuardianFlag(db, conv.clubId, conv.id, j.memberId, j.guardian);
    await repo.addParticipants(
      db,
      conv.clubId,
      conv.id,
      joining.filter((j) => !byId.get(j.memberId) || byId.get(j.memberId)!.leftAt),
    );
    // A group keeps the guardians it was given (a member too young for messages is represented
    // by them); it loses only a minor whose guardians are gone.
    const leaving = rows
      .filter(
        (r) =>
          !r.leftAt &&
          !result.participants.has(r.memberId) &&
          (conv.type !== 'GROUPE' || !r.guardian),
      )
      .map((r) => r.memberId);
    await repo.markLeft(db, conv.clubId, conv.id, leaving);
    if (!joining.length && !leaving.length) return rows;
    return repo.participants(db, conv.clubId, conv.id);
  }

  /** The conversation, its participants, and the reader's own row: or 404 / 403. */
  async function access(actor: Actor, id: number) {
    const conv = found(await repo.conversation(db, actor.clubId, id));
    const rows = await sync(conv);
    const row = rows.find((r) => r.memberId === actor.id);
    if (row) return { conv, rows, row };
    if (conv.type === 'GROUPE') throw notFound();
    assertMayReadOwnTeamsConversation(actor, await basisTeams(conv));
    // The table lets them in, the safeguarding rule does not (too young, no guardian).
    throw forbidden(CONVERSATION_MESSAGES.tooYoung);
  }

  function messageJson(actor: Actor, m: MessageRow): TConversationMessage {
    const statut = m.maskedAt ? 'MASQUE' : m.deletedAt ? 'SUPPRIME' : 'VISIBLE';
    const mine = m.authorId === actor.id;
    const fresh = clock.now().getTime() - new Date(m.createdAt).getTime() < REMOVAL_MS;
    return {
      id: m.id,
      conversationId: m.conversationId,
      auteur: m.auteur ? memberRef(m.auteur) : null,
      contenu:
        statut === 'MASQUE'
          ? CONVERSATION_MESSAGES.masked
          : statut === 'SUPPRIME'
            ? CONVERSATION_MESSAGES.deleted
            : m.contenu,
      statut,
      envoyeLe: iso(m.createdAt),
      moi: mine,
      supprimable: mine && statut === 'VISIBLE' && fresh,
      masquable: isLeader(actor.role) && statut === 'VISIBLE',
    };
  }

  async function views(
    actor: Actor,
    list: { conversation: ConversationRow; participant: ParticipantRow }[],
  ): Promise<TConversation[]> {
    const ids = list.map((l) => l.conversation.id);
    const [names, summaries] = await Promise.all([
      repo.names(db, actor.clubId, ids),
      repo.summaries(db, actor.clubId, actor.id, ids),
    ]);
    return list.map(({ conversation: c, participant: p }) => {
      const people = names.filter((n) => n.conversationId === c.id);
      const others = people.filter((n) => n.id !== actor.id);
      const summary = summaries.get(c.id);
      const last = summary?.last ?? null;
      const lastJson = last ? messageJson(actor, last) : null;
      return {
        id: c.id,
        titre:
          c.titre ??
          (others.length ? others.map((o) => `${o.prenom} ${o.nom}`).join(', ') : 'Conversation'),
        type: c.type as TConversation['type'],
        equipeId: c.teamId,
        evenementId: c.eventId,
        participants: people.map((n) => ({
          ...memberRef({ id: n.id, nom: n.nom, prenom: n.prenom }),
          parent: n.guardian,
        })),
        dernierMessage: lastJson
          ? {
              id: lastJson.id,
              auteur: lastJson.auteur,
              extrait: excerpt(lastJson.contenu),
              statut: lastJson.statut,
              envoyeLe: lastJson.envoyeLe,
            }
          : null,
        nonLus: summary?.nonLus ?? 0,
        lectureSeule: p.leftAt !== null,
      };
    });
  }

  async function one(actor: Actor, conv: ConversationRow, row: ParticipantRow) {
    return (await views(actor, [{ conversation: conv, participant: row }]))[0]!;
  }

  /** Everyone who reads the conversation now (its live events go to them). */
  const readers = (rows: ParticipantRow[]) => rows.filter((r) => !r.leftAt).map((r) => r.memberId);

  async function actorPerson(actor: Actor): Promise<Person> {
    return found((await repo.people(db, actor.clubId, [actor.id]))[0]);
  }

  return {
    /** GET /api/conversations */
    async list(actor: Actor): Promise<TConversation[]> {
      const teamIds = [...new Set([...actor.teamIds, ...actor.childTeamIds])];
      for (const conv of await repo.linkedConversations(db, actor.clubId, teamIds))
        await sync(conv);
      return views(actor, await repo.ofMember(db, actor.clubId, actor.id));
    },

    /** POST /api/conversations */
    async create(actor: Actor, input: CreateInput): Promise<TConversation> {
      const s = await settings(actor.clubId);
      const me = await actorPerson(actor);
      const myGuardians = await repo.guardiansOf(db, actor.clubId, [actor.id]);
      if (safeguard([me], myGuardians, s.today, s.minimumAge).tooYoung.length)
        throw forbidden(CONVERSATION_MESSAGES.tooYoung);
      let values: { type: string; titre: string | null; teamId?: number; eventId?: number };
      let wanted: Person[] | null = null;
      if (input.equipeId !== undefined) {
        assertMayOpenOwnTeamsConversation(actor, [input.equipeId]);
        const team = await repo.teamExists(db, actor.clubId, input.equipeId);
        if (!team)
          throw badRequest(CONVERSATION_MESSAGES.teamUnknown, {
            equipeId: CONVERSATION_MESSAGES.teamUnknown,
          });
        values = { type: 'EQUIPE', titre: input.titre ?? team.nom, teamId: team.id };
      } else if (input.evenementId !== undefined) {
        const event = await repo.eventWithTeams(db, actor.clubId, input.evenementId);
        if (!event)
          throw badRequest(CONVERSATION_MESSAGES.eventUnknown, {
            evenementId: CONVERSATION_MESSAGES.eventUnknown,
          });
        assertMayOpenOwnTeamsConversation(actor, event.teamIds);
        values = { type: 'EVENEMENT', titre: input.titre ?? event.nom, eventId: event.id };
      } else {
        const ids = input.membresIds!.filter((id) => id !== actor.id);
        const people = await repo.people(db, actor.clubId, ids);
        const known = new Map(people.map((p) => [p.id, p]));
        ids.forEach((id, i) => {
          const p = known.get(id);
          // An unknown id (or another club's) shares no team: refused as such, except for a
          // leader, who may name anyone and gets the field error.
          assertMayWriteToTeamMate(actor, id, p?.teamIds ?? []);
          if (!p)
            throw badRequest(CONVERSATION_MESSAGES.memberUnknown, {
              [`membresIds.${i}`]: CONVERSATION_MESSAGES.memberUnknown,
            });
        });
        wanted = [me, ...people];
        values = { type: 'GROUPE', titre: input.titre ?? null };
      }
      if (wanted) {
        const guardians = await repo.guardiansOf(
          db,
          actor.clubId,
          wanted.map((p) => p.id),
        );
        const result = safeguard(wanted, guardians, s.today, s.minimumAge);
        if (result.unguarded.length)
          throw new HttpError(422, CONVERSATION_MESSAGES.guardianRequired);
        const conv = await repo.insertConversation(db, {
          clubId: actor.clubId,
          createdBy: actor.id,
          ...values,
        });
        await repo.addParticipants(
          db,
          actor.clubId,
          conv.id,
          [...result.participants].map(([memberId, v]) => ({ memberId, guardian: v.guardian })),
        );
        return this.afterCreate(actor, conv);
      }
      const conv = await repo.insertConversation(db, {
        clubId: actor.clubId,
        createdBy: actor.id,
        ...values,
      });
      return this.afterCreate(actor, conv);
    },

    async afterCreate(actor: Actor, conv: ConversationRow): Promise<TConversation> {
      const rows = await sync(conv);
      await audit(db, {
        clubId: actor.clubId,
        actorMemberId: actor.id,
        action: 'create',
        entity: 'conversation',
        entityId: conv.id,
        details: { type: conv.type, participants: rows.length },
      });
      const row = rows.find((r) => r.memberId === actor.id);
      if (!row) throw forbidden(CONVERSATION_MESSAGES.tooYoung);
      return one(actor, conv, row);
    },

    /** GET /api/conversations/{id}/messages?avant=&limite= */
    async messages(
      actor: Actor,
      id: number,
      q: { avant?: number; limite?: number },
    ): Promise<TMessagePage> {
      const { conv, rows, row } = await access(actor, id);
      const limit = q.limite ?? CONVERSATION_LIMITS.pageDefaut;
      const page = await repo.page(db, actor.clubId, row, { before: q.avant, limit: limit + 1 });
      const more = page.length > limit;
      return {
        conversation: await one(actor, conv, row),
        messages: page
          .slice(0, limit)
          .reverse()
          .map((m) => messageJson(actor, m)),
        plusAnciens: more,
        lectures: rows
          .filter((r) => !r.leftAt && r.memberId !== actor.id && r.lastReadId > 0)
          .map((r) => ({ membreId: r.memberId, jusquA: r.lastReadId })),
      };
    },

    /** POST /api/conversations/{id}/messages */
    async send(actor: Actor, id: number, input: SendInput): Promise<TConversationMessage> {
      const { rows, row } = await access(actor, id);
      if (row.leftAt) throw forbidden(CONVERSATION_MESSAGES.readOnly);
      let messageId: number | null = null;
      if (input.cle) messageId = await repo.messageByCle(db, actor.clubId, id, actor.id, input.cle);
      if (messageId === null) {
        messageId = await repo.insertMessage(db, {
          clubId: actor.clubId,
          conversationId: id,
          authorId: actor.id,
          contenu: input.contenu,
          cle: input.cle ?? null,
        });
        if (messageId === null && input.cle)
          // The same key sent twice at once: the other request stored it.
          messageId = await repo.messageByCle(db, actor.clubId, id, actor.id, input.cle);
        else if (messageId !== null) {
          await repo.markRead(db, actor.clubId, id, actor.id, messageId);
          await notifier.queue(db, actor.clubId, id);
          await publishLive(db, {
            clubId: actor.clubId,
            type: 'message',
            audience: { membres: readers(rows) },
            data: { conversationId: id, messageId },
          });
        }
      }
      const [m] = await repo.messagesByIds(db, actor.clubId, [messageId!]);
      return messageJson(actor, found(m));
    },

    /** POST /api/conversations/{id}/lecture {jusquA} */
    async markRead(actor: Actor, id: number, jusquA: number): Promise<{ nonLus: number }> {
      const { rows, row } = await access(actor, id);
      const upTo = Math.min(jusquA, await repo.lastMessageId(db, actor.clubId, id));
      if (upTo > row.lastReadId) {
        await repo.markRead(db, actor.clubId, id, actor.id, upTo);
        await publishLive(db, {
          clubId: actor.clubId,
          type: 'lecture',
          audience: { membres: readers(rows) },
          data: { conversationId: id, membreId: actor.id, jusquA: upTo },
        });
      }
      const summary = (await repo.summaries(db, actor.clubId, actor.id, [id])).get(id);
      return { nonLus: summary?.nonLus ?? 0 };
    },

    /** POST /api/messages/{id}/signalement {motif} */
    async report(actor: Actor, messageId: number, motif: string): Promise<{ message: string }> {
      const m = found(await repo.message(db, actor.clubId, messageId));
      const { row } = await access(actor, m.conversationId);
      const visible = (await repo.page(db, actor.clubId, row, { before: m.id + 1, limit: 1 }))[0];
      if (visible?.id !== m.id) throw notFound();
      await repo.insertReport(db, { clubId: actor.clubId, messageId, reporterId: actor.id, motif });
      await notifier.report(db, {
        clubId: actor.clubId,
        conversationId: m.conversationId,
        messageId,
        motif,
      });
      await audit(db, {
        clubId: actor.clubId,
        actorMemberId: actor.id,
        action: 'report',
        entity: 'message',
        entityId: messageId,
      });
      return { message: CONVERSATION_MESSAGES.reported };
    },

    /** DELETE /api/messages/{id}: its author within 15 minutes (deleted), a leader (masked). */
    async remove(actor: Actor, messageId: number): Promise<{ message: string }> {
      const m = found(await repo.message(db, actor.clubId, messageId));
      assertMayRemoveOwnMessage(actor, m.authorId);
      if (m.deletedAt || m.maskedAt) throw conflict(CONVERSATION_MESSAGES.alreadyRemoved);
      const mine = m.authorId === actor.id;
      const fresh = clock.now().getTime() - new Date(m.createdAt).getTime() < REMOVAL_MS;
      let answer: string;
      if (mine && fresh) {
        await repo.setDeleted(db, actor.clubId, messageId);
        answer = CONVERSATION_MESSAGES.deletedDone;
      } else if (isLeader(actor.role)) {
        await repo.setMasked(db, actor.clubId, messageId, actor.id);
        answer = CONVERSATION_MESSAGES.maskedDone;
      } else {
        throw forbidden(CONVERSATION_MESSAGES.deleteTooLate);
      }
      await audit(db, {
        clubId: actor.clubId,
        actorMemberId: actor.id,
        action: mine && fresh ? 'delete' : 'mask',
        entity: 'message',
        entityId: messageId,
      });
      const rows = await repo.participants(db, actor.clubId, m.conversationId);
      await publishLive(db, {
        clubId: actor.clubId,
        type: 'message',
        audience: { membres: readers(rows) },
        data: { conversationId: m.conversationId, messageId },
      });
      return { message: answer };
    },
  };
}

export { conversationsPagePath };
