import { definePermissions, leadersRow, row } from './permissions.ts';
import { MONEY_MAX_CENTS, formatEuros } from './money.ts';
import { categoryOfAge, seasonOf, type AgeCategory } from './season.ts';

/**
 * Membership fees (docs/decisions/0135-membership-fees.md): who owes what in a season, the family
 * discount, the balance and the status of each member, and who may see or record it. Pure and
 * zod-free: the server computes every answer with it, the screens read the labels and the table.
 */

/** How a payment was made. CB is also what an online payment provider will record. */
export const PAYMENT_METHODS = [
  'CB',
  'CHEQUE',
  'ESPECES',
  'VIREMENT',
  'PASS_SPORT',
  'COUPON_SPORT',
  'AUTRE',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  CB: 'Carte bancaire',
  CHEQUE: 'Chèque',
  ESPECES: 'Espèces',
  VIREMENT: 'Virement',
  PASS_SPORT: 'Pass’Sport',
  COUPON_SPORT: 'Coupons Sport',
  AUTRE: 'Autre',
};

/** The state's Pass'Sport is worth 50 € a season to a family: a payment of it is at most that. */
export const PASS_SPORT_MAX_CENTS = 5000;

/** A member's status in the season: nothing left to pay, a balance, a balance past the deadline. */
/** The fees' messages (the screens show them without loading the schemas). */
export const FEE_MESSAGES = {
  amountInvalid: 'Indiquez un montant en euros, par exemple 150 ou 49,50.',
  amountPositive: 'Le montant doit être supérieur à 0,00 €.',
  amountTooLarge: `Le montant ne peut pas dépasser ${formatEuros(MONEY_MAX_CENTS)}.`,
  discountInvalid: 'La réduction famille est un pourcentage entre 0 et 100.',
  categoryTwice: (c: string) => `La catégorie ${c} figure dans deux tarifs.`,
  categoriesRequired: 'Choisissez au moins une catégorie.',
  tooManyTariffs: 'Au plus 20 tarifs par saison.',
  methodInvalid: `Moyen de paiement inconnu (${PAYMENT_METHODS.map((m) => PAYMENT_METHOD_LABELS[m]).join(', ')}).`,
  passSportCode: 'Indiquez le code Pass’Sport (lettres, chiffres et tirets).',
  passSportMax: `Un Pass’Sport vaut ${formatEuros(PASS_SPORT_MAX_CENTS)} au plus.`,
  passSportTaken: 'Ce code Pass’Sport est déjà enregistré pour un autre paiement.',
  instalmentsChequeOnly: 'Les échéances ne concernent que les paiements par chèque.',
  instalmentsSum: 'La somme des échéances doit être égale au montant du paiement.',
  tooManyInstalments: 'Au plus 12 échéances.',
  alreadyCancelled: 'Ce paiement est déjà annulé.',
  noPayment: 'Aucun paiement enregistré pour cette saison : pas d’attestation à délivrer.',
  loadFailed: 'Impossible de charger les cotisations.',
  recorded: 'Paiement enregistré.',
  cancelled: 'Paiement annulé.',
} as const;

export const FEE_STATUSES = ['A_JOUR', 'RESTE_DU', 'EN_RETARD'] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];
export const FEE_STATUS_LABELS: Record<FeeStatus, string> = {
  A_JOUR: 'À jour',
  RESTE_DU: 'Reste dû',
  EN_RETARD: 'En retard',
};

/**
 * Who may do what with fees. Leaders (DIRIGEANT, RESPONSABLE: the treasurer is one of them) do
 * everything; a member and their guardians read that member's own amounts and receipts
 * (`self`, `children`: a guardian reads each child's), never another family's. Every member reads
 * the club's tariffs, which name no one.
 */
export const FEE_PERMISSIONS = definePermissions({
  readTariffs: row('club'),
  writeTariffs: leadersRow('club'),
  list: leadersRow('club'),
  record: leadersRow('club'),
  cancel: leadersRow('club'),
  exempt: leadersRow('club'),
  remind: leadersRow('club'),
  export: leadersRow('club'),
  receipt: leadersRow('club', ['self', 'children']),
});
export type TFeeAction = keyof typeof FEE_PERMISSIONS;

export interface FeeTariff {
  libelle: string;
  categories: readonly AgeCategory[];
  /** Cents. */
  montant: number;
}

export interface FeeMemberInput {
  id: number;
  nom: string;
  prenom: string;
  /** 'YYYY-MM-DD' or null. */
  dateNaissance: string | null;
  /** Whether the member owes the season's fee (a licensed member: in at least one team). */
  licencie: boolean;
  /** The member's exemption this season, null when none. */
  exoneration: { motif: string | null } | null;
}

export interface FeePaymentInput {
  membreId: number;
  montant: number;
  /** Cancelled payments stay in the list and count for nothing. */
  annule: boolean;
}

export interface FeeSeasonRules {
  tarifs: readonly FeeTariff[];
  /** Percent off the fee of the second and following members of a family (0–100). */
  reductionFamille: number;
  /** Past this day ('YYYY-MM-DD') a balance is late; null: never late. */
  dateLimite: string | null;
  /** The season's first year and the club's start month: the categories' reference year. */
  premiereAnnee: number;
  moisDebut: number;
}

export interface FeeFamily {
  /** The smallest member id of the family: a stable key within a season's answer. */
  id: number;
  /** « Famille Martin », « Famille Martin / Durand ». */
  nom: string;
  membreIds: number[];
}

export interface FeeDue {
  membreId: number;
  categorie: AgeCategory | null;
  /** The tariff's label, null when no tariff covers the member (or the member owes nothing). */
  tarif: string | null;
  /** The tariff's amount before the family discount (0 without a tariff). */
  montantTarif: number;
  /** The family discount, in cents (0 for the family's first member). */
  reduction: number;
  exoneration: { motif: string | null } | null;
  du: number;
  paye: number;
  reste: number;
  statut: FeeStatus;
  famille: FeeFamily;
}

/** The season's categories are counted from this year (season.ts). */
export function feeReferenceYear(premiereAnnee: number, moisDebut: number): number {
  const m = String(moisDebut).padStart(2, '0');
  return seasonOf(`${premiereAnnee}-${m}-01`, moisDebut).anneeReference;
}

/** The category of a birth date in a season, null without one. */
export function feeCategory(dateNaissance: string | null, referenceYear: number) {
  if (!dateNaissance || !/^\d{4}/.test(dateNaissance)) return null;
  const age = referenceYear - Number(dateNaissance.slice(0, 4));
  return age < 0 ? null : categoryOfAge(age);
}

/**
 * The families of a club: guardians and their children, linked through the guardian links (two
 * parents of one child, a parent of children of two homes: one family), each member alone
 * otherwise. Computed from the links, never from a role.
 */
export function feeFamilies(
  members: readonly Pick<FeeMemberInput, 'id' | 'nom'>[],
  links: readonly (readonly [parentId: number, childId: number])[],
): Map<number, FeeFamily> {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    let cur = x;
    while (cur !== root) {
      const next = parent.get(cur)!;
      parent.set(cur, root);
      cur = next;
    }
    return root;
  };
  for (const m of members) parent.set(m.id, m.id);
  for (const [a, b] of links) {
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  }
  const names = new Map(members.map((m) => [m.id, m.nom]));
  const groups = new Map<number, number[]>();
  for (const id of parent.keys()) {
    const r = find(id);
    groups.set(r, [...(groups.get(r) ?? []), id]);
  }
  const byMember = new Map<number, FeeFamily>();
  for (const ids of groups.values()) {
    ids.sort((a, b) => a - b);
    const surnames = [...new Set(ids.map((i) => names.get(i)).filter((n): n is string => !!n))];
    surnames.sort((a, b) => a.localeCompare(b, 'fr'));
    const family: FeeFamily = {
      id: ids[0]!,
      nom: `Famille ${surnames.join(' / ')}`,
      membreIds: ids,
    };
    for (const i of ids) byMember.set(i, family);
  }
  return byMember;
}

/** The status of a balance on `today` ('YYYY-MM-DD'). */
export function feeStatus(reste: number, dateLimite: string | null, today: string): FeeStatus {
  if (reste <= 0) return 'A_JOUR';
  return dateLimite !== null && today > dateLimite ? 'EN_RETARD' : 'RESTE_DU';
}

/**
 * Each member's fee in the season: the tariff of their category (a licensed member only), the
 * family discount on every member of a family but the one with the highest tariff (ties: the
 * oldest, then the smallest id), nothing for an exempted member (who does not count as the
 * family's first), then what was paid (cancelled payments left out) and the balance.
 * Members with payments but no fee (no longer licensed) are listed too: their payments stay
 * visible.
 */
export function computeFees(
  members: readonly FeeMemberInput[],
  links: readonly (readonly [number, number])[],
  payments: readonly FeePaymentInput[],
  rules: FeeSeasonRules,
  today: string,
): FeeDue[] {
  const reference = feeReferenceYear(rules.premiereAnnee, rules.moisDebut);
  const families = feeFamilies(members, links);
  const paid = new Map<number, number>();
  for (const p of payments) {
    if (!p.annule) paid.set(p.membreId, (paid.get(p.membreId) ?? 0) + p.montant);
  }
  const tariffOf = (c: AgeCategory | null) =>
    c ? (rules.tarifs.find((t) => t.categories.includes(c)) ?? null) : null;

  const base = members.map((m) => {
    const categorie = feeCategory(m.dateNaissance, reference);
    const tariff = m.licencie ? tariffOf(categorie) : null;
    return { m, categorie, tariff, owes: !!tariff && !m.exoneration && tariff.montant > 0 };
  });
  // Within a family, the first member pays the full tariff, the others get the discount.
  const discounted = new Set<number>();
  const byFamily = new Map<number, typeof base>();
  for (const b of base) {
    if (!b.owes) continue;
    const f = families.get(b.m.id)!;
    byFamily.set(f.id, [...(byFamily.get(f.id) ?? []), b]);
  }
  for (const list of byFamily.values()) {
    list.sort(
      (a, b) =>
        b.tariff!.montant - a.tariff!.montant ||
        (a.m.dateNaissance ?? '9999').localeCompare(b.m.dateNaissance ?? '9999') ||
        a.m.id - b.m.id,
    );
    for (const b of list.slice(1)) discounted.add(b.m.id);
  }
  return base.map(({ m, categorie, tariff, owes }) => {
    const montantTarif = tariff?.montant ?? 0;
    const reduction = discounted.has(m.id)
      ? Math.round((montantTarif * rules.reductionFamille) / 100)
      : 0;
    const du = owes ? montantTarif - reduction : 0;
    const p = paid.get(m.id) ?? 0;
    return {
      membreId: m.id,
      categorie,
      tarif: tariff?.libelle ?? null,
      montantTarif,
      reduction,
      exoneration: m.exoneration,
      du,
      paye: p,
      reste: du - p,
      statut: feeStatus(du - p, rules.dateLimite, today),
      famille: families.get(m.id)!,
    };
  });
}
