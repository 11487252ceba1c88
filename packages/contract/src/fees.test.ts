import { describe, expect, it } from 'vitest';
import {
  FEE_MESSAGES,
  ZPaymentWriteSchema,
  ZTariffsWriteSchema,
  computeFees,
  feeFamilies,
  formatEuros,
  parseEuros,
  type FeeMemberInput,
  type FeeSeasonRules,
} from './fees.ts';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('formatEuros: one formatter, fr-FR', () => {
  it('writes « 150,00 € » with a no-break space before the sign, a narrow one between thousands', () => {
    expect(formatEuros(15000)).toBe(`150,00${NBSP}€`);
    expect(formatEuros(123456)).toBe(`1${NNBSP}234,56${NBSP}€`);
    expect(formatEuros(0)).toBe(`0,00${NBSP}€`);
    expect(formatEuros(-5050)).toBe(`-50,50${NBSP}€`);
  });
  it('writes a spreadsheet number: decimal comma, no grouping, no sign', () => {
    expect(formatEuros(123456, 'tableur')).toBe('1234,56');
    expect(formatEuros(5, 'tableur')).toBe('0,05');
  });
  it('reads what a treasurer types', () => {
    expect(parseEuros('150')).toBe(15000);
    expect(parseEuros('49,5')).toBe(4950);
    expect(parseEuros('49.50')).toBe(4950);
    expect(parseEuros(`1${NNBSP}500,00${NBSP}€`)).toBe(150000);
    expect(parseEuros('1 500,00 €')).toBe(150000);
    expect(parseEuros('12,345')).toBeNull();
    expect(parseEuros('abc')).toBeNull();
    expect(parseEuros('')).toBeNull();
  });
});

const rules: FeeSeasonRules = {
  tarifs: [
    { libelle: 'École de foot', categories: ['U7', 'U8', 'U9'], montant: 12000 },
    { libelle: 'U10-U13', categories: ['U10', 'U11', 'U12', 'U13'], montant: 15000 },
    { libelle: 'Seniors', categories: ['Senior'], montant: 20000 },
  ],
  reductionFamille: 10,
  dateLimite: '2025-10-31',
  premiereAnnee: 2025,
  moisDebut: 7,
};
const member = (id: number, nom: string, dateNaissance: string | null, extra = {}) =>
  ({
    id,
    nom,
    prenom: `P${id}`,
    dateNaissance,
    licencie: true,
    exoneration: null,
    ...extra,
  }) satisfies FeeMemberInput;

describe('computeFees', () => {
  it('takes the tariff of the season category and the family discount from the second member', () => {
    // 2025-2026: born 2015 → U11, born 2018 → U8, born 2000 → Senior
    const members = [
      member(1, 'Martin', '1985-03-01', { licencie: false }), // the parent, no team
      member(2, 'Martin', '2015-05-01'),
      member(3, 'Martin', '2018-05-01'),
      member(4, 'Durand', '2000-01-01'),
    ];
    const rows = computeFees(
      members,
      [
        [1, 2],
        [1, 3],
      ],
      [],
      rules,
      '2025-09-15',
    );
    const by = new Map(rows.map((r) => [r.membreId, r]));
    expect(by.get(1)).toMatchObject({ du: 0, tarif: null, categorie: 'Vétéran' });
    expect(by.get(2)).toMatchObject({ categorie: 'U11', du: 15000, reduction: 0 });
    // the second child: 120,00 € − 10 %
    expect(by.get(3)).toMatchObject({ categorie: 'U8', du: 10800, reduction: 1200 });
    expect(by.get(4)).toMatchObject({
      du: 20000,
      reduction: 0,
      famille: { nom: 'Famille Durand' },
    });
    expect(by.get(2)!.famille).toEqual(by.get(3)!.famille);
  });

  it('counts payments except cancelled ones; a balance past the deadline is late', () => {
    const rows = computeFees(
      [member(2, 'Martin', '2015-05-01')],
      [],
      [
        { membreId: 2, montant: 5000, annule: false },
        { membreId: 2, montant: 5000, annule: true },
      ],
      rules,
      '2025-09-15',
    );
    expect(rows[0]).toMatchObject({ du: 15000, paye: 5000, reste: 10000, statut: 'RESTE_DU' });
    const late = computeFees([member(2, 'Martin', '2015-05-01')], [], [], rules, '2025-11-01');
    expect(late[0]!.statut).toBe('EN_RETARD');
    const paid = computeFees(
      [member(2, 'Martin', '2015-05-01')],
      [],
      [{ membreId: 2, montant: 15000, annule: false }],
      rules,
      '2025-11-01',
    );
    expect(paid[0]).toMatchObject({ reste: 0, statut: 'A_JOUR' });
  });

  it('an exempted member owes nothing and does not take the full-price place of the family', () => {
    const rows = computeFees(
      [
        member(2, 'Martin', '2015-05-01', { exoneration: { motif: 'Enfant d’éducateur' } }),
        member(3, 'Martin', '2018-05-01'),
      ],
      [
        [1, 2],
        [1, 3],
      ],
      [],
      rules,
      '2025-09-15',
    );
    expect(rows.map((r) => [r.du, r.reduction])).toEqual([
      [0, 0],
      [12000, 0],
    ]);
  });

  it('families follow the guardian links (two parents, children of two homes), not roles', () => {
    const fam = feeFamilies(
      [
        { id: 1, nom: 'Martin' },
        { id: 2, nom: 'Durand' },
        { id: 3, nom: 'Martin' },
        { id: 4, nom: 'Durand' },
        { id: 5, nom: 'Seul' },
      ],
      [
        [1, 3],
        [2, 3],
        [2, 4],
      ],
    );
    expect(fam.get(4)).toBe(fam.get(1));
    expect(fam.get(1)!.nom).toBe('Famille Durand / Martin');
    expect(fam.get(5)!.membreIds).toEqual([5]);
  });
});

describe('fee schemas', () => {
  it('refuses a category in two tariffs', () => {
    const r = ZTariffsWriteSchema.safeParse({
      tarifs: [
        { libelle: 'A', categories: ['U9'], montant: 100 },
        { libelle: 'B', categories: ['U9', 'U10'], montant: 100 },
      ],
      reductionFamille: 0,
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(FEE_MESSAGES.categoryTwice('U9'));
  });
  it('cheque instalments add up to the amount; a Pass’Sport needs its code and is 50 € at most', () => {
    const ok = ZPaymentWriteSchema.safeParse({
      montant: 15000,
      moyen: 'CHEQUE',
      date: '2025-09-10',
      echeances: [
        { date: '2025-10-05', montant: 5000 },
        { date: '2025-11-05', montant: 5000 },
        { date: '2025-12-05', montant: 5000 },
      ],
    });
    expect(ok.success).toBe(true);
    const bad = ZPaymentWriteSchema.safeParse({
      montant: 15000,
      moyen: 'CHEQUE',
      date: '2025-09-10',
      echeances: [{ date: '2025-10-05', montant: 5000 }],
    });
    expect(bad.error!.issues[0]!.message).toBe(FEE_MESSAGES.instalmentsSum);
    const cash = ZPaymentWriteSchema.safeParse({
      montant: 100,
      moyen: 'ESPECES',
      date: '2025-09-10',
      echeances: [{ date: '2025-10-05', montant: 100 }],
    });
    expect(cash.error!.issues[0]!.message).toBe(FEE_MESSAGES.instalmentsChequeOnly);
    const pass = ZPaymentWriteSchema.safeParse({
      montant: 6000,
      moyen: 'PASS_SPORT',
      date: '2025-09-10',
    });
    expect(pass.error!.issues.map((i) => i.message).sort()).toEqual(
      [FEE_MESSAGES.passSportCode, FEE_MESSAGES.passSportMax].sort(),
    );
    const code = ZPaymentWriteSchema.parse({
      montant: 5000,
      moyen: 'PASS_SPORT',
      date: '2025-09-10',
      reference: 'ab12-cd34',
    });
    expect(code.reference).toBe('AB12-CD34');
  });
});
