import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TMatchActionType } from '@club/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  clubs,
  convocations,
  guardians,
  matchActions,
  matchPublicLinks,
  matchSheetPlayers,
  matches,
  members,
  sports,
  teamMemberships,
} from '../../db/schema.ts';

export interface SheetRow {
  memberId: number;
  nom: string;
  prenom: string;
  starter: boolean;
  number: number | null;
}

export interface ActionRow {
  id: number;
  minute: number;
  type: TMatchActionType;
  points: number | null;
  key: string | null;
  memberId: number | null;
  nom: string | null;
  prenom: string | null;
}

const actionColumns = {
  id: matchActions.id,
  minute: matchActions.minute,
  type: sql<TMatchActionType>`${matchActions.type}`,
  points: matchActions.points,
  key: matchActions.key,
  memberId: matchActions.memberId,
  nom: members.nom,
  prenom: members.prenom,
};

/** The match sheet's and live actions' queries (decisions 0125–0127); every one filtered by club. */
export const sheetRepository = {
  /** The club's sport's name (null: none chosen). */
  async clubSport(db: DbOrTx, clubId: number): Promise<string | null> {
    const [row] = await db
      .select({ nom: sports.nom })
      .from(clubs)
      .leftJoin(sports, eq(sports.id, clubs.sportId))
      .where(eq(clubs.id, clubId))
      .limit(1);
    return row?.nom ?? null;
  },

  /** The saved sheet (empty: never saved). */
  async savedSheet(db: DbOrTx, clubId: number, matchId: number): Promise<SheetRow[]> {
    return db
      .select({
        memberId: matchSheetPlayers.memberId,
        nom: members.nom,
        prenom: members.prenom,
        starter: matchSheetPlayers.starter,
        number: matchSheetPlayers.number,
      })
      .from(matchSheetPlayers)
      .innerJoin(
        members,
        and(eq(members.id, matchSheetPlayers.memberId), eq(members.clubId, clubId)),
      )
      .where(and(eq(matchSheetPlayers.clubId, clubId), eq(matchSheetPlayers.matchId, matchId)))
      .orderBy(
        sql`${matchSheetPlayers.starter} desc`,
        sql`${matchSheetPlayers.number} nulls last`,
        asc(members.nom),
        asc(members.prenom),
      );
  },

  /** The sheet the published selection gives: SELECTIONNE starts, REMPLACANT on the bench. */
  async sheetFromSelection(db: DbOrTx, clubId: number, matchId: number): Promise<SheetRow[]> {
    return db
      .select({
        memberId: convocations.memberId,
        nom: members.nom,
        prenom: members.prenom,
        starter: sql<boolean>`${convocations.selectionPublished} = 'SELECTIONNE'`,
        number: members.numero,
      })
      .from(convocations)
      .innerJoin(members, and(eq(members.id, convocations.memberId), eq(members.clubId, clubId)))
      .where(
        and(
          eq(convocations.clubId, clubId),
          eq(convocations.matchId, matchId),
          inArray(convocations.selectionPublished, ['SELECTIONNE', 'REMPLACANT']),
        ),
      )
      .orderBy(
        sql`${convocations.selectionPublished} = 'SELECTIONNE' desc`,
        sql`${members.numero} nulls last`,
        asc(members.nom),
        asc(members.prenom),
      );
  },

  /** The convoked players of the match (who may be on its sheet). */
  async convokedIds(db: DbOrTx, clubId: number, matchId: number): Promise<Set<number>> {
    const rows = await db
      .select({ id: convocations.memberId })
      .from(convocations)
      .where(and(eq(convocations.clubId, clubId), eq(convocations.matchId, matchId)));
    return new Set(rows.map((r) => r.id));
  },

  async replaceSheet(
    db: DbOrTx,
    clubId: number,
    matchId: number,
    rows: { memberId: number; starter: boolean; number: number | null }[],
  ): Promise<void> {
    await db
      .delete(matchSheetPlayers)
      .where(and(eq(matchSheetPlayers.clubId, clubId), eq(matchSheetPlayers.matchId, matchId)));
    if (rows.length)
      await db.insert(matchSheetPlayers).values(rows.map((r) => ({ ...r, clubId, matchId })));
  },

  async actions(db: DbOrTx, clubId: number, matchId: number): Promise<ActionRow[]> {
    return db
      .select(actionColumns)
      .from(matchActions)
      .leftJoin(members, and(eq(members.id, matchActions.memberId), eq(members.clubId, clubId)))
      .where(and(eq(matchActions.clubId, clubId), eq(matchActions.matchId, matchId)))
      .orderBy(asc(matchActions.minute), asc(matchActions.id));
  },

  async actionById(
    db: DbOrTx,
    clubId: number,
    matchId: number,
    id: number,
  ): Promise<ActionRow | undefined> {
    const [row] = await db
      .select(actionColumns)
      .from(matchActions)
      .leftJoin(members, and(eq(members.id, matchActions.memberId), eq(members.clubId, clubId)))
      .where(
        and(
          eq(matchActions.clubId, clubId),
          eq(matchActions.matchId, matchId),
          eq(matchActions.id, id),
        ),
      )
      .limit(1);
    return row;
  },

  async actionByKey(
    db: DbOrTx,
    clubId: number,
    matchId: number,
    key: string,
  ): Promise<ActionRow | undefined> {
    const [row] = await db
      .select(actionColumns)
      .from(matchActions)
      .leftJoin(members, and(eq(members.id, matchActions.memberId), eq(members.clubId, clubId)))
      .where(
        and(
          eq(matchActions.clubId, clubId),
          eq(matchActions.matchId, matchId),
          eq(matchActions.key, key),
        ),
      )
      .limit(1);
    return row;
  },

  /** Inserts the action; with a key already used for this match, nothing (returns undefined). */
  async insertAction(
    db: DbOrTx,
    row: {
      clubId: number;
      matchId: number;
      minute: number;
      type: TMatchActionType;
      memberId: number | null;
      points: number | null;
      key: string | null;
      createdBy: number;
    },
  ): Promise<number | undefined> {
    const [created] = await db
      .insert(matchActions)
      .values(row)
      .onConflictDoNothing({
        target: [matchActions.matchId, matchActions.key],
        where: sql`${matchActions.key} is not null`,
      })
      .returning({ id: matchActions.id });
    return created?.id;
  },

  async deleteAction(db: DbOrTx, clubId: number, matchId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(matchActions)
      .where(
        and(
          eq(matchActions.clubId, clubId),
          eq(matchActions.matchId, matchId),
          eq(matchActions.id, id),
        ),
      )
      .returning({ id: matchActions.id });
    return rows.length === 1;
  },

  /** Revokes the match's live links (all of them: one live link at a time). */
  async revokeLinks(db: DbOrTx, clubId: number, matchId: number): Promise<number> {
    const rows = await db
      .update(matchPublicLinks)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(matchPublicLinks.clubId, clubId),
          eq(matchPublicLinks.matchId, matchId),
          isNull(matchPublicLinks.revokedAt),
        ),
      )
      .returning({ id: matchPublicLinks.id });
    return rows.length;
  },

  async createLink(
    db: DbOrTx,
    row: { clubId: number; matchId: number; tokenHash: string; createdBy: number },
  ): Promise<void> {
    await db.insert(matchPublicLinks).values(row);
  },

  /** The live link of this token hash, unrevoked: its club and match. */
  async findLink(
    db: DbOrTx,
    tokenHash: string,
  ): Promise<{ clubId: number; matchId: number } | undefined> {
    const [row] = await db
      .select({ clubId: matchPublicLinks.clubId, matchId: matchPublicLinks.matchId })
      .from(matchPublicLinks)
      .innerJoin(
        matches,
        and(eq(matches.id, matchPublicLinks.matchId), eq(matches.clubId, matchPublicLinks.clubId)),
      )
      .where(and(eq(matchPublicLinks.tokenHash, tokenHash), isNull(matchPublicLinks.revokedAt)))
      .limit(1);
    return row;
  },

  /**
   * The families of a match (decision 0140): its convoked players, their guardians and the
   * members who follow one of its teams (team role PARENT), without duplicates, and the club's
   * name (the link of the push).
   */
  async families(
    db: DbOrTx,
    clubId: number,
    matchId: number,
  ): Promise<{ memberIds: number[]; clubNom: string | null }> {
    const players = await db
      .select({ id: convocations.memberId })
      .from(convocations)
      .where(and(eq(convocations.clubId, clubId), eq(convocations.matchId, matchId)));
    const parents = await db
      .select({ id: guardians.parentId })
      .from(guardians)
      .innerJoin(
        convocations,
        and(
          eq(convocations.memberId, guardians.childId),
          eq(convocations.clubId, guardians.clubId),
        ),
      )
      .where(and(eq(guardians.clubId, clubId), eq(convocations.matchId, matchId)));
    const followers = await db
      .select({ id: teamMemberships.memberId })
      .from(teamMemberships)
      .innerJoin(
        matches,
        and(
          eq(matches.clubId, teamMemberships.clubId),
          eq(matches.id, matchId),
          or(
            eq(matches.homeTeamId, teamMemberships.teamId),
            eq(matches.awayTeamId, teamMemberships.teamId),
          ),
        ),
      )
      .where(and(eq(teamMemberships.clubId, clubId), eq(teamMemberships.role, 'PARENT')));
    const [club] = await db
      .select({ nom: clubs.nom })
      .from(clubs)
      .where(eq(clubs.id, clubId))
      .limit(1);
    return {
      memberIds: [...new Set([...players, ...parents, ...followers].map((r) => r.id))],
      clubNom: club?.nom ?? null,
    };
  },
};
