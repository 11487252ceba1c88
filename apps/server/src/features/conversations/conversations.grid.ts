import { eq } from 'drizzle-orm';
import { api, routeKey, urlOf } from '@club/contract';
import { conversationMembers, conversations, members, messages } from '../../db/schema.ts';
import type { GridRow, GridWorld } from '../../test/policy-grid.ts';

/** A group of club A between the T1 coach and player2 (T2; PARENT_AUTRE_EQUIPE's child). */
async function group(w: GridWorld) {
  const [c] = await w.app.db
    .insert(conversations)
    .values({ clubId: w.club.id, type: 'GROUPE', titre: `Groupe ${w.seq()}` })
    .returning({ id: conversations.id });
  await w.app.db.insert(conversationMembers).values(
    [w.me.ENTRAINEUR.id, w.player2.id].map((memberId) => ({
      clubId: w.club.id,
      conversationId: c!.id,
      memberId,
    })),
  );
  return c!.id;
}

/**
 * What the matrix (a team's conversation, a group naming one player) cannot say: only a team's
 * coaches and the leaders open its conversation; a minor without a guardian is refused with 422
 * whoever adds them; a group is read by its participants (and the guardians of a minor in it),
 * and is invisible (404) to everyone else, leaders included; a message is withdrawn by its author or
 * masked by a leader.
 */
export const gridRows: GridRow[] = [
  {
    route: routeKey(api.conversations.create),
    name: 'conversations: a team’s conversation — its coaches and the leaders only',
    request: (w) => ({
      method: 'POST',
      url: urlOf(api.conversations.create, { body: { equipeId: w.t1.id } }),
      body: { equipeId: w.t1.id },
    }),
    expect: {
      ANONYME: 401,
      DIRIGEANT: 201,
      RESPONSABLE: 201,
      ENTRAINEUR: 201,
      JOUEUR: 403,
      PARENT: 403,
      PARENT_AUTRE_EQUIPE: 403,
      DEUX_EQUIPES: 201,
      SANS_EQUIPE: 403,
      ENTRAINEUR_JOUEUR: 201,
      RESPONSABLE_JOUEUR: 201,
      ENTRAINEUR_PARENT: 201,
      PARENT_DEUX_ENFANTS: 403,
      AUTRE_CLUB: 400,
    },
  },
  {
    route: routeKey(api.conversations.create),
    name: 'conversations: a minor without a guardian is refused (422) to whoever may write to them',
    request: async (w) => {
      const minor = await w.freshPlayer(w.t1.id);
      await w.app.db
        .update(members)
        .set({ dateNaissance: `${new Date().getUTCFullYear() - 12}-03-01` })
        .where(eq(members.id, minor.id));
      return {
        method: 'POST',
        url: urlOf(api.conversations.create, { body: { membresIds: [minor.id] } }),
        body: { membresIds: [minor.id] },
      };
    },
    expect: {
      ANONYME: 401,
      DIRIGEANT: 422,
      RESPONSABLE: 422,
      ENTRAINEUR: 422,
      JOUEUR: 422,
      PARENT: 422,
      PARENT_AUTRE_EQUIPE: 422,
      DEUX_EQUIPES: 422,
      SANS_EQUIPE: 403,
      ENTRAINEUR_JOUEUR: 422,
      RESPONSABLE_JOUEUR: 422,
      ENTRAINEUR_PARENT: 422,
      PARENT_DEUX_ENFANTS: 422,
      AUTRE_CLUB: 400,
    },
  },
  {
    route: routeKey(api.conversations.messages),
    name: 'conversations: a group — its participants; 404 to all others (the guardian of an adult participant included)',
    request: async (w) => ({
      method: 'GET',
      url: urlOf(api.conversations.messages, { params: { id: await group(w) } }),
    }),
    expect: {
      ANONYME: 401,
      DIRIGEANT: 404,
      RESPONSABLE: 404,
      ENTRAINEUR: 200,
      JOUEUR: 404,
      PARENT: 404,
      PARENT_AUTRE_EQUIPE: 404,
      DEUX_EQUIPES: 404,
      SANS_EQUIPE: 404,
      ENTRAINEUR_JOUEUR: 404,
      RESPONSABLE_JOUEUR: 404,
      ENTRAINEUR_PARENT: 404,
      PARENT_DEUX_ENFANTS: 404,
      AUTRE_CLUB: 404,
    },
  },
  {
    route: routeKey(api.conversations.remove),
    name: 'conversations: a message — withdrawn by its author, masked by a leader',
    request: async (w) => {
      const conversationId = await group(w);
      const [m] = await w.app.db
        .insert(messages)
        .values({
          clubId: w.club.id,
          conversationId,
          authorId: w.me.ENTRAINEUR.id,
          contenu: 'À retirer',
        })
        .returning({ id: messages.id });
      return { method: 'DELETE', url: urlOf(api.conversations.remove, { params: { id: m!.id } }) };
    },
    expect: {
      ANONYME: 401,
      DIRIGEANT: 200,
      RESPONSABLE: 200,
      ENTRAINEUR: 200,
      JOUEUR: 403,
      PARENT: 403,
      PARENT_AUTRE_EQUIPE: 403,
      DEUX_EQUIPES: 403,
      SANS_EQUIPE: 403,
      ENTRAINEUR_JOUEUR: 403,
      RESPONSABLE_JOUEUR: 200,
      ENTRAINEUR_PARENT: 403,
      PARENT_DEUX_ENFANTS: 403,
      AUTRE_CLUB: 404,
    },
  },
];
