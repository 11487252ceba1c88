import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clubs, members, sports } from '../../db/schema.ts';

/** The only Drizzle queries of club registration. E-mails and club names are citext (case-insensitive). */
export async function emailExists(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.email, email))
    .limit(1);
  return rows.length > 0;
}

export async function clubExists(db: DbOrTx, nom: string): Promise<boolean> {
  const rows = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.nom, nom)).limit(1);
  return rows.length > 0;
}

export async function findSportId(db: DbOrTx, nom: string): Promise<number | null> {
  const [row] = await db.select({ id: sports.id }).from(sports).where(eq(sports.nom, nom)).limit(1);
  return row?.id ?? null;
}

export async function insertClub(db: DbOrTx, values: { nom: string; sportId: number }) {
  const [row] = await db.insert(clubs).values(values).returning({ id: clubs.id });
  return row!.id;
}

export async function insertLeader(
  db: DbOrTx,
  values: {
    clubId: number;
    nom: string;
    prenom: string;
    email: string;
    dateNaissance: string;
    genre: string;
    passwordHash: string;
  },
) {
  const [row] = await db
    .insert(members)
    .values({ ...values, role: 'DIRIGEANT', statut: 'Actif', activatedAt: new Date() })
    .returning({ id: members.id });
  return row!.id;
}
