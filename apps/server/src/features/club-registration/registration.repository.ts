import { and, eq, isNotNull } from 'drizzle-orm';
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

/** Whether the e-mail is an account's (a member row with a password, docs/decisions/0112). */
export async function accountExists(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.email, email), isNotNull(members.passwordHash)))
    .limit(1);
  return rows.length > 0;
}

/** The identity a signed-in account brings to a club it creates (docs/decisions/0112). */
export async function accountIdentity(db: DbOrTx, memberId: number) {
  const [row] = await db
    .select({
      nom: members.nom,
      prenom: members.prenom,
      email: members.email,
      dateNaissance: members.dateNaissance,
      genre: members.genre,
      telephone: members.telephone,
      passwordHash: members.passwordHash,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return row ?? null;
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
    dateNaissance: string | null;
    genre: string | null;
    telephone?: string | null;
    passwordHash: string;
  },
) {
  const [row] = await db
    .insert(members)
    .values({ ...values, role: 'DIRIGEANT', statut: 'Actif', activatedAt: new Date() })
    .returning({ id: members.id });
  return row!.id;
}
