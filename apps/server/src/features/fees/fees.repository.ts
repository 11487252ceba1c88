import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AgeCategory, PaymentMethod, TPayment } from '@club/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  clubs,
  feeExemptions,
  feeSeasons,
  feeTariffs,
  guardians,
  members,
  payments,
  teamMemberships,
} from '../../db/schema.ts';

/** The fee tables' only queries (docs/decisions/0135-membership-fees.md); every one by club. */

export interface SeasonSettings {
  tarifs: { libelle: string; categories: AgeCategory[]; montant: number }[];
  reductionFamille: number;
  dateLimite: string | null;
}

export async function seasonSettings(
  db: DbOrTx,
  clubId: number,
  season: number,
): Promise<SeasonSettings> {
  const [settings] = await db
    .select({ reduction: feeSeasons.reductionFamille, dateLimite: feeSeasons.dateLimite })
    .from(feeSeasons)
    .where(and(eq(feeSeasons.clubId, clubId), eq(feeSeasons.season, season)));
  const tariffs = await db
    .select({
      libelle: feeTariffs.libelle,
      categories: feeTariffs.categories,
      montant: feeTariffs.montant,
    })
    .from(feeTariffs)
    .where(and(eq(feeTariffs.clubId, clubId), eq(feeTariffs.season, season)))
    .orderBy(asc(feeTariffs.position));
  return {
    tarifs: tariffs.map((t) => ({ ...t, categories: t.categories as AgeCategory[] })),
    reductionFamille: settings?.reduction ?? 0,
    dateLimite: settings?.dateLimite ?? null,
  };
}

/** Replaces the season's tariffs and settings (the caller's transaction: all or nothing). */
export async function replaceSeasonSettings(
  db: DbOrTx,
  clubId: number,
  season: number,
  s: SeasonSettings,
): Promise<void> {
  await db
    .insert(feeSeasons)
    .values({ clubId, season, reductionFamille: s.reductionFamille, dateLimite: s.dateLimite })
    .onConflictDoUpdate({
      target: [feeSeasons.clubId, feeSeasons.season],
      set: {
        reductionFamille: s.reductionFamille,
        dateLimite: s.dateLimite,
        updatedAt: sql`now()`,
      },
    });
  await db
    .delete(feeTariffs)
    .where(and(eq(feeTariffs.clubId, clubId), eq(feeTariffs.season, season)));
  if (s.tarifs.length)
    await db
      .insert(feeTariffs)
      .values(s.tarifs.map((t, position) => ({ clubId, season, position, ...t })));
}

/** The club's guardian links (parent, child): the families are computed from them. */
export async function guardianLinks(db: DbOrTx, clubId: number): Promise<[number, number][]> {
  const rows = await db
    .select({ parentId: guardians.parentId, childId: guardians.childId })
    .from(guardians)
    .where(eq(guardians.clubId, clubId));
  return rows.map((r) => [r.parentId, r.childId]);
}

export interface FeeMemberRow {
  id: number;
  nom: string;
  prenom: string;
  dateNaissance: string | null;
  /** Null for a child without e-mail (decision 0111): no fee mail of their own. */
  email: string | null;
  erased: boolean;
  licencie: boolean;
  exoneration: { motif: string | null } | null;
}

/**
 * The club's members as the fees see them (all of them, or those ids): identity, birth date,
 * whether they are licensed (in at least one team) and their exemption in the season. Members
 * who erased their account are left out unless they have payments in the season.
 */
export async function feeMembers(
  db: DbOrTx,
  clubId: number,
  season: number,
  ids?: readonly number[],
): Promise<FeeMemberRow[]> {
  if (ids && !ids.length) return [];
  const licencie = sql<boolean>`exists (select 1 from ${teamMemberships} tm
    where tm.club_id = ${clubId} and tm.member_id = ${members.id})`;
  const hasPayment = sql<boolean>`exists (select 1 from ${payments} p
    where p.club_id = ${clubId} and p.season = ${season} and p.member_id = ${members.id})`;
  const rows = await db
    .select({
      id: members.id,
      nom: members.nom,
      prenom: members.prenom,
      dateNaissance: members.dateNaissance,
      email: members.email,
      erasedAt: members.erasedAt,
      licencie,
      exempt: feeExemptions.memberId,
      motif: feeExemptions.motif,
    })
    .from(members)
    .leftJoin(
      feeExemptions,
      and(
        eq(feeExemptions.clubId, clubId),
        eq(feeExemptions.season, season),
        eq(feeExemptions.memberId, members.id),
      ),
    )
    .where(
      and(
        eq(members.clubId, clubId),
        ids ? inArray(members.id, [...ids]) : undefined,
        or(isNull(members.erasedAt), hasPayment),
      ),
    )
    .orderBy(asc(members.nom), asc(members.prenom), asc(members.id));
  return rows.map((r) => ({
    id: r.id,
    nom: r.nom,
    prenom: r.prenom,
    dateNaissance: r.dateNaissance,
    email: r.email,
    erased: r.erasedAt !== null,
    licencie: r.erasedAt === null && Boolean(r.licencie),
    exoneration: r.exempt !== null ? { motif: r.motif } : null,
  }));
}

export type PaymentRow = typeof payments.$inferSelect;

const person = (nom: string | null, prenom: string | null) =>
  nom !== null && prenom !== null ? { nom, prenom } : null;

export function paymentJson(p: PaymentRow): TPayment {
  return {
    id: p.id,
    membreId: p.memberId,
    saison: `${p.season}-${p.season + 1}`,
    montant: p.montant,
    moyen: p.moyen as PaymentMethod,
    date: p.date,
    reference: p.reference,
    echeances: (p.echeances as { date: string; montant: number }[]) ?? [],
    enregistrePar: person(p.recordedByNom, p.recordedByPrenom),
    enregistreLe: p.createdAt.toISOString(),
    annule: p.cancelledAt
      ? { par: person(p.cancelledByNom, p.cancelledByPrenom), le: p.cancelledAt.toISOString() }
      : null,
    fournisseur: p.provider,
    referenceFournisseur: p.providerRef,
  };
}

/** The season's payments (of those members, or all), cancelled ones included, oldest first. */
export async function seasonPayments(
  db: DbOrTx,
  clubId: number,
  season: number,
  memberIds?: readonly number[],
): Promise<PaymentRow[]> {
  if (memberIds && !memberIds.length) return [];
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.clubId, clubId),
        eq(payments.season, season),
        memberIds ? inArray(payments.memberId, [...memberIds]) : undefined,
      ),
    )
    .orderBy(asc(payments.date), asc(payments.id));
}

export async function insertPayment(db: DbOrTx, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

/** A payment of the club, locked until the transaction ends (a cancellation). */
export async function paymentForUpdate(db: DbOrTx, clubId: number, id: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.clubId, clubId), eq(payments.id, id)))
    .for('update');
  return row;
}

export async function markCancelled(
  db: DbOrTx,
  clubId: number,
  id: number,
  by: { id: number; nom: string; prenom: string },
  at: Date,
) {
  const [row] = await db
    .update(payments)
    .set({
      cancelledAt: at,
      cancelledBy: by.id,
      cancelledByNom: by.nom,
      cancelledByPrenom: by.prenom,
    })
    .where(and(eq(payments.clubId, clubId), eq(payments.id, id)))
    .returning();
  return row!;
}

/** Whether a Pass'Sport code already pays a fee in the club (a cancelled payment frees it). */
export async function passSportCodeTaken(db: DbOrTx, clubId: number, code: string) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.clubId, clubId),
        eq(payments.moyen, 'PASS_SPORT'),
        eq(payments.reference, code),
        isNull(payments.cancelledAt),
      ),
    )
    .limit(1);
  return !!row;
}

export async function setExemption(
  db: DbOrTx,
  clubId: number,
  season: number,
  memberId: number,
  exempt: { motif: string | null; by: number } | null,
) {
  if (!exempt) {
    await db
      .delete(feeExemptions)
      .where(
        and(
          eq(feeExemptions.clubId, clubId),
          eq(feeExemptions.season, season),
          eq(feeExemptions.memberId, memberId),
        ),
      );
    return;
  }
  await db
    .insert(feeExemptions)
    .values({ clubId, season, memberId, motif: exempt.motif, createdBy: exempt.by })
    .onConflictDoUpdate({
      target: [feeExemptions.clubId, feeExemptions.season, feeExemptions.memberId],
      set: { motif: exempt.motif, createdBy: exempt.by },
    });
}

/** The club's name and town (the receipt's heading and « Fait à »). */
export async function clubIdentity(db: DbOrTx, clubId: number) {
  const [row] = await db
    .select({ nom: clubs.nom, ville: clubs.ville, adresse: clubs.adresse })
    .from(clubs)
    .where(eq(clubs.id, clubId));
  return row!;
}

/** One member of the club (a name, a birth date) or undefined: another club's id looks missing. */
export async function clubMember(db: DbOrTx, clubId: number, memberId: number) {
  const [row] = await db
    .select({
      id: members.id,
      nom: members.nom,
      prenom: members.prenom,
      dateNaissance: members.dateNaissance,
    })
    .from(members)
    .where(and(eq(members.clubId, clubId), eq(members.id, memberId)));
  return row;
}
