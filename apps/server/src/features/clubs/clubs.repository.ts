import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clubs, members, sessions, sports } from '../../db/schema.ts';

export interface ClubInfo {
  nom: string;
  description: string | null;
  pays: string | null;
  ville: string | null;
  adresse: string | null;
  telephone: string | null;
  seasonStartMonth?: number;
  messagingMinimumAge?: number;
  messagesRetentionSeasons?: number;
}

const infoColumns = {
  id: clubs.id,
  nom: clubs.nom,
  description: clubs.description,
  pays: clubs.pays,
  ville: clubs.ville,
  adresse: clubs.adresse,
  telephone: clubs.telephone,
  sportNom: sports.nom,
  logoUpdatedAt: clubs.logoUpdatedAt,
  seasonStartMonth: clubs.seasonStartMonth,
  messagingMinimumAge: clubs.messagingMinimumAge,
  messagesRetentionSeasons: clubs.messagesRetentionSeasons,
};
export type ClubRow = {
  id: number;
  nom: string;
  description: string | null;
  pays: string | null;
  ville: string | null;
  adresse: string | null;
  telephone: string | null;
  sportNom: string | null;
  logoUpdatedAt: Date | null;
  seasonStartMonth: number;
  messagingMinimumAge: number;
  messagesRetentionSeasons: number;
};

/** The only Drizzle queries of the clubs feature; every one names the club id. */
export const clubsRepository = {
  async findById(db: DbOrTx, id: number): Promise<ClubRow | undefined> {
    const [row] = await db
      .select(infoColumns)
      .from(clubs)
      .leftJoin(sports, eq(sports.id, clubs.sportId))
      .where(eq(clubs.id, id));
    return row;
  },

  async update(db: DbOrTx, id: number, info: ClubInfo): Promise<void> {
    await db
      .update(clubs)
      .set({ ...info, updatedAt: new Date() })
      .where(eq(clubs.id, id));
  },

  async findLogo(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ logo: clubs.logo, mime: clubs.logoMime, updatedAt: clubs.logoUpdatedAt })
      .from(clubs)
      .where(eq(clubs.id, id));
    return row;
  },

  async setLogo(db: DbOrTx, id: number, logo: Buffer, mime: string): Promise<Date> {
    const now = new Date();
    await db
      .update(clubs)
      .set({ logo, logoMime: mime, logoUpdatedAt: now })
      .where(eq(clubs.id, id));
    return now;
  },

  /**
   * Removes the club and, through the foreign keys (ON DELETE CASCADE), every row that belongs to
   * it. The members' sessions are deleted first by member as well, so that a session table keyed
   * only by member (or a cascade changed later) still cannot outlive the club.
   */
  async deleteClub(db: DbOrTx, id: number): Promise<boolean> {
    const memberIds = db.select({ id: members.id }).from(members).where(eq(members.clubId, id));
    await db.delete(sessions).where(inArray(sessions.memberId, memberIds));
    await db.delete(sessions).where(eq(sessions.clubId, id));
    const deleted = await db
      .delete(clubs)
      .where(and(eq(clubs.id, id)))
      .returning({ id: clubs.id });
    return deleted.length > 0;
  },
};
