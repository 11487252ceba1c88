import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { FEE_MESSAGES, api, formatEuros, type TFeeRow, type TPayment } from '@club/contract';
import {
  createClub,
  createMember,
  createPayment,
  createTeam,
  linkGuardian,
} from '../../db/factories.ts';
import { clubs, payments } from '../../db/schema.ts';
import { purgeExpiredData } from '../../jobs/retention.ts';
import { manualClock } from '../../lib/clock.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../../test/helper.ts';
import { waitForMailQueueIdle } from '../../test/http-utils.ts';
import { pdfMappedCharacters, pdfText } from '../../test/pdf-text.ts';
import { receiptPdf } from './fees.receipt.ts';

/**
 * Membership fees on the real application (PGlite, and PostgreSQL with TEST_DATABASE_URL: the file
 * is in DATABASE_SENSITIVE). Season 2025-2026 of a club whose season starts in July, on
 * 15 November 2025, after the deadline of 31 October. Families come from the guardian links:
 * Martin (two parents, Léo U11 and Jade U8), Durand (one parent, Emma U12 and Tom U10), Bernard
 * (Lina U9, who paid everything), and Hugo, an adult senior alone.
 */
const clock = manualClock('2025-11-15T10:00:00Z');
const NBSP = '\u00a0';
/** pdf.js gives every space as U+0020 (the file's own characters: pdfMappedCharacters). */
const spaces = (s: string) => s.replace(/[\u00a0\u202f\n]/g, ' ');

type Member = Awaited<ReturnType<typeof createMember>>;
let ctx: TestContext;
let club: { id: number; nom: string };
let other: { id: number };
let treasurer: Member;
let sophie: Member;
let marc: Member;
let leo: Member;
let jade: Member;
let paul: Member;
let emma: Member;
let tom: Member;
let claire: Member;
let lina: Member;
let hugo: Member;
let otherLeader: Member;
const as: Record<string, TestClient> = {};

const tariffs = {
  tarifs: [
    { libelle: 'École de foot', categories: ['U7', 'U8', 'U9'] as const, montant: 12000 },
    { libelle: 'U10 à U13', categories: ['U10', 'U11', 'U12', 'U13'] as const, montant: 15000 },
    { libelle: 'Seniors', categories: ['Senior'] as const, montant: 20000 },
  ].map((t) => ({ ...t, categories: [...t.categories] })),
  reductionFamille: 10,
  dateLimite: '2025-10-31',
};

beforeAll(async () => {
  ctx = await buildTestApp({}, undefined, { clock });
  const db = ctx.app.db;
  const c = await createClub(db, { nom: `Cotisations FC ${Date.now().toString(36)}` });
  await db.update(clubs).set({ ville: 'Nantes' }).where(eq(clubs.id, c.id));
  club = { id: c.id, nom: c.nom };
  other = await createClub(db);
  const u11 = await createTeam(db, club.id, { nom: 'U11', categorie: 'U11' });
  const seniors = await createTeam(db, club.id, { nom: 'Seniors', categorie: 'Senior' });
  const m = (
    nom: string,
    prenom: string,
    dateNaissance: string,
    role: string,
    teamId: number | null,
  ) => createMember(db, club.id, { nom, prenom, dateNaissance, role: role as never, teamId });
  treasurer = await m('Lefèvre', 'Paul', '1970-02-02', 'RESPONSABLE', null);
  sophie = await m('Martin', 'Sophie', '1985-03-01', 'PARENT', null);
  marc = await m('Martin', 'Marc', '1984-06-01', 'PARENT', null);
  leo = await m('Martin', 'Léo', '2015-05-01', 'JOUEUR', u11.id);
  jade = await m('Martin', 'Jade', '2018-05-01', 'JOUEUR', u11.id);
  paul = await m('Durand', 'Paul', '1980-01-01', 'PARENT', null);
  emma = await m('Durand', 'Emma', '2014-01-01', 'JOUEUR', u11.id);
  tom = await m('Durand', 'Tom', '2016-01-01', 'JOUEUR', u11.id);
  claire = await m('Bernard', 'Claire', '1988-01-01', 'ENTRAINEUR', seniors.id);
  lina = await m('Bernard', 'Lina', '2017-01-01', 'JOUEUR', u11.id);
  hugo = await m('Petit', 'Hugo', '2000-01-01', 'JOUEUR', seniors.id);
  otherLeader = await createMember(db, other.id, { role: 'DIRIGEANT' });
  for (const [p, ch] of [
    [sophie, leo],
    [sophie, jade],
    [marc, leo],
    [paul, emma],
    [paul, tom],
    [claire, lina],
  ] as const)
    await linkGuardian(db, club.id, p.id, ch.id);
  for (const [k, v] of Object.entries({
    treasurer,
    sophie,
    marc,
    paul,
    claire,
    hugo,
    leo,
    otherLeader,
  }))
    as[k] = await signIn(ctx.app, v);
});
afterAll(async () => {
  await ctx?.close();
});

const list = async (query: Record<string, string> = {}) => {
  const res = await as.treasurer!.send(api.fees.list, { query });
  expect(res.status).toBe(200);
  return res.body;
};
const rowOf = (l: { cotisations: TFeeRow[] }, m: Member) =>
  l.cotisations.find((r) => r.membre.id === m.id);
const record = async (m: Member, body: Record<string, unknown>) =>
  as.treasurer!.send(api.fees.record, { params: { membreId: m.id }, body: body as never });

describe('fees: tariffs of the season', () => {
  it('leaders set the tariffs, the family discount and the deadline; every member reads them', async () => {
    const put = await as.treasurer!.send(api.fees.setTariffs, {
      params: { id: club.id },
      body: tariffs,
    });
    expect(put.status).toBe(200);
    const read = await as.hugo!.send(api.fees.tariffs, { params: { id: club.id } });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      saison: { libelle: '2025-2026', debut: '2025-07-01', fin: '2026-06-30' },
      ...tariffs,
    });
    const byPlayer = await as.hugo!.send(api.fees.setTariffs, {
      params: { id: club.id },
      body: tariffs,
    });
    expect(byPlayer.status).toBe(403);
  });

  it('refuses a category in two tariffs, with a French message on the field', async () => {
    const res = await as.treasurer!.send(api.fees.setTariffs, {
      params: { id: club.id },
      body: {
        ...tariffs,
        tarifs: [...tariffs.tarifs, { libelle: 'Doublon', categories: ['U9'], montant: 1 }],
      },
    });
    expect(res.status).toBe(400);
    expect(Object.values(res.error.errors ?? {})).toContain(FEE_MESSAGES.categoryTwice('U9'));
  });
});

describe('fees: dues from tariffs, categories and families', () => {
  it('each licensed member owes the tariff of their category; the second of a family gets 10 % off', async () => {
    const l = await list();
    expect(l.saison.libelle).toBe('2025-2026');
    expect(rowOf(l, leo)).toMatchObject({
      categorie: 'U11',
      tarif: 'U10 à U13',
      du: 15000,
      reduction: 0,
    });
    expect(rowOf(l, jade)).toMatchObject({ categorie: 'U8', du: 10800, reduction: 1200 });
    // Emma (U12) and Tom (U10) both 150 €: the older pays the full tariff
    expect(rowOf(l, emma)).toMatchObject({ du: 15000, reduction: 0 });
    expect(rowOf(l, tom)).toMatchObject({ du: 13500, reduction: 1500 });
    expect(rowOf(l, hugo)).toMatchObject({ categorie: 'Senior', du: 20000, statut: 'EN_RETARD' });
    // the coach Claire (born 1988: Vétéran, no tariff) owes nothing; her daughter is her family's first
    expect(rowOf(l, claire)).toMatchObject({ du: 0, tarif: null });
    expect(rowOf(l, lina)).toMatchObject({ du: 12000, reduction: 0 });
    // the parents without a team are not in the season's list
    expect(rowOf(l, sophie)).toBeUndefined();
    expect(rowOf(l, leo)!.famille).toEqual(rowOf(l, jade)!.famille);
    expect(rowOf(l, leo)!.famille.nom).toBe('Famille Martin');
    expect(l.totaux.du).toBe(15000 + 10800 + 15000 + 13500 + 20000 + 12000);
  });
});

let cheques: TPayment;
let emmaCash: TPayment;
let passSport: TPayment;

describe('fees: payments', () => {
  it('three cheques with their cashing dates pay Léo’s fee', async () => {
    const res = await record(leo, {
      montant: 15000,
      moyen: 'CHEQUE',
      date: '2025-09-10',
      reference: 'Crédit Mutuel',
      echeances: [
        { date: '2025-10-05', montant: 5000 },
        { date: '2025-11-05', montant: 5000 },
        { date: '2025-12-05', montant: 5000 },
      ],
    });
    expect(res.status).toBe(201);
    cheques = res.body;
    expect(cheques).toMatchObject({
      membreId: leo.id,
      saison: '2025-2026',
      moyen: 'CHEQUE',
      enregistrePar: { nom: 'Lefèvre', prenom: 'Paul' },
      annule: null,
    });
    expect(cheques.echeances).toHaveLength(3);
    expect(rowOf(await list(), leo)).toMatchObject({ paye: 15000, reste: 0, statut: 'A_JOUR' });
  });

  it('instalments that do not add up, or on cash, are refused', async () => {
    const res = await record(leo, {
      montant: 15000,
      moyen: 'CHEQUE',
      date: '2025-09-10',
      echeances: [{ date: '2025-10-05', montant: 5000 }],
    });
    expect(res.status).toBe(400);
    expect(res.error.errors?.echeances).toBe(FEE_MESSAGES.instalmentsSum);
  });

  it('a Pass’Sport carries its code, is 50 € at most and is used once in the club', async () => {
    const res = await record(jade, {
      montant: 5000,
      moyen: 'PASS_SPORT',
      date: '2025-09-12',
      reference: 'ps25-abcd-1234',
    });
    expect(res.status).toBe(201);
    passSport = res.body;
    expect(passSport.reference).toBe('PS25-ABCD-1234');
    const again = await record(emma, {
      montant: 5000,
      moyen: 'PASS_SPORT',
      date: '2025-09-12',
      reference: 'PS25-ABCD-1234',
    });
    expect(again.status).toBe(409);
    expect(again.error.message).toBe(FEE_MESSAGES.passSportTaken);
    const tooMuch = await record(emma, {
      montant: 6000,
      moyen: 'PASS_SPORT',
      date: '2025-09-12',
      reference: 'PS25-WXYZ-0000',
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.error.errors?.montant).toBe(FEE_MESSAGES.passSportMax);
    const noCode = await record(emma, { montant: 5000, moyen: 'PASS_SPORT', date: '2025-09-12' });
    expect(noCode.error.errors?.reference).toBe(FEE_MESSAGES.passSportCode);
    expect(rowOf(await list(), jade)).toMatchObject({
      paye: 5000,
      reste: 5800,
      statut: 'EN_RETARD',
    });
  });

  it('a partial payment leaves a balance; the filters split à jour, reste dû and en retard', async () => {
    const res = await record(emma, { montant: 5000, moyen: 'ESPECES', date: '2025-09-20' });
    emmaCash = res.body;
    await record(lina, { montant: 12000, moyen: 'VIREMENT', date: '2025-09-01' });
    expect(rowOf(await list(), emma)).toMatchObject({ paye: 5000, reste: 10000 });
    const upToDate = await list({ statut: 'A_JOUR' });
    expect(upToDate.cotisations.map((r) => r.membre.id).sort()).toEqual(
      [leo.id, lina.id, claire.id].sort(),
    );
    const late = await list({ statut: 'EN_RETARD' });
    expect(late.cotisations.map((r) => r.membre.id).sort()).toEqual(
      [jade.id, emma.id, tom.id, hugo.id].sort(),
    );
    // before the deadline the same balances are « reste dû »
    clock.set('2025-10-15T10:00:00Z');
    try {
      expect((await list({ statut: 'EN_RETARD' })).cotisations).toEqual([]);
      expect((await list({ statut: 'RESTE_DU' })).cotisations).toHaveLength(4);
    } finally {
      clock.set('2025-11-15T10:00:00Z');
    }
  });

  it('a cancelled payment stays visible (who, when) and no longer counts; twice is a conflict', async () => {
    const res = await as.treasurer!.send(api.fees.cancel, { params: { id: emmaCash.id } });
    expect(res.status).toBe(200);
    expect(res.body.annule).toEqual({
      par: { nom: 'Lefèvre', prenom: 'Paul' },
      le: '2025-11-15T10:00:00.000Z',
    });
    const row = rowOf(await list(), emma)!;
    expect(row).toMatchObject({ paye: 0, reste: 15000 });
    expect(row.paiements.map((p) => [p.id, p.annule !== null])).toEqual([[emmaCash.id, true]]);
    const again = await as.treasurer!.send(api.fees.cancel, { params: { id: emmaCash.id } });
    expect(again.status).toBe(409);
    expect(again.error.message).toBe(FEE_MESSAGES.alreadyCancelled);
  });

  it('an exempted member owes nothing; lifting it brings the fee back', async () => {
    const ex = await as.treasurer!.send(api.fees.exempt, {
      params: { membreId: hugo.id },
      body: { exonere: true, motif: 'Éducateur bénévole' },
    });
    expect(ex.status).toBe(200);
    expect(ex.body).toMatchObject({
      du: 0,
      statut: 'A_JOUR',
      exoneration: { motif: 'Éducateur bénévole' },
    });
    const lift = await as.treasurer!.send(api.fees.exempt, {
      params: { membreId: hugo.id },
      body: { exonere: false },
    });
    expect(lift.body).toMatchObject({ du: 20000, exoneration: null });
  });

  it('another club’s member is not found; a parent may not record a payment', async () => {
    const foreign = await as.otherLeader!.send(api.fees.record, {
      params: { membreId: leo.id },
      body: { montant: 100, moyen: 'ESPECES', date: '2025-09-01' },
    });
    expect(foreign.status).toBe(404);
    const parent = await as.sophie!.send(api.fees.record, {
      params: { membreId: leo.id },
      body: { montant: 100, moyen: 'ESPECES', date: '2025-09-01' },
    });
    expect(parent.status).toBe(403);
    expect((await as.sophie!.send(api.fees.list)).status).toBe(403);
    expect((await as.leo!.send(api.fees.export)).status).toBe(403);
  });
});

describe('fees: what a family sees', () => {
  it('a parent sees their children’s amounts only; another family and a player see theirs', async () => {
    const own = (await as.sophie!.send(api.fees.own)).body;
    expect(own.cotisations.map((r) => r.membre.id).sort()).toEqual([leo.id, jade.id].sort());
    expect(own.reste).toBe(5800);
    const durand = (await as.paul!.send(api.fees.own)).body;
    expect(durand.cotisations.map((r) => r.membre.id).sort()).toEqual([emma.id, tom.id].sort());
    // the second parent of Léo only (Jade is Sophie's child alone)
    const marcs = (await as.marc!.send(api.fees.own)).body;
    expect(marcs.cotisations.map((r) => r.membre.id)).toEqual([leo.id]);
    const player = (await as.leo!.send(api.fees.own)).body;
    expect(player.cotisations.map((r) => r.membre.id)).toEqual([leo.id]);
  });

  it('the receipt: to the child’s parents and leaders; 403 to another family and to the player of another family; 404 in another club', async () => {
    const url = { params: { membreId: leo.id } };
    expect((await as.sophie!.send(api.fees.receipt, url)).status).toBe(200);
    expect((await as.marc!.send(api.fees.receipt, url)).status).toBe(200);
    expect((await as.treasurer!.send(api.fees.receipt, url)).status).toBe(200);
    expect((await as.leo!.send(api.fees.receipt, url)).status).toBe(200);
    expect((await as.paul!.send(api.fees.receipt, url)).status).toBe(403);
    expect((await as.hugo!.send(api.fees.receipt, url)).status).toBe(403);
    expect((await as.otherLeader!.send(api.fees.receipt, url)).status).toBe(404);
    const none = await as.hugo!.send(api.fees.receipt, { params: { membreId: hugo.id } });
    expect(none.status).toBe(404);
    expect(none.error.message).toBe(FEE_MESSAGES.noPayment);
  });

  it('the receipt’s text, read by a PDF text extractor: club, member, season, amounts, methods, date, leader', async () => {
    const res = await as.sophie!.call(api.fees.receipt, { params: { membreId: leo.id } });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="attestation-paiement-${leo.id}-2025-2026.pdf"`,
    );
    const [text] = await pdfText(res.rawPayload);
    const flat = spaces(text!);
    // the no-break spaces of « 150,00 € » and « 1 500,00 € » are in the file as such
    const mapped = pdfMappedCharacters(res.rawPayload);
    expect(mapped.has(0xa0)).toBe(true);
    for (const expected of [
      club.nom,
      'Nantes',
      'Attestation de paiement',
      'Saison 2025-2026',
      'Léo Martin',
      'né(e) le 01/05/2015',
      `a réglé la somme de 150,00${NBSP}€`,
      `Cotisation due : 150,00${NBSP}€ (U10 à U13, U11)`,
      `10/09/2025 — 150,00${NBSP}€ — Chèque — Crédit Mutuel — 3 chèques : 50,00${NBSP}€ le 05/10/2025, 50,00${NBSP}€ le 05/11/2025, 50,00${NBSP}€ le 05/12/2025`,
      `Total payé : 150,00${NBSP}€`,
      'Cotisation réglée intégralement.',
      'Fait à Nantes, le 15/11/2025.',
      'Je soussigné(e), Paul Lefèvre',
    ])
      expect(flat).toContain(spaces(expected));
    expect(formatEuros(15000)).toBe(`150,00${NBSP}€`);
  });

  it('a Pass’Sport appears with its code on the receipt; a cancelled payment does not', async () => {
    const res = await as.sophie!.call(api.fees.receipt, { params: { membreId: jade.id } });
    const flat = spaces((await pdfText(res.rawPayload))[0]!);
    expect(flat).toContain(spaces(`50,00${NBSP}€ — Pass’Sport — code PS25-ABCD-1234`));
    expect(flat).toContain(spaces(`Reste à payer : 58,00${NBSP}€`));
    expect(flat).toContain(spaces(`dont réduction famille : 12,00${NBSP}€`));
    const emmas = await as.paul!.send(api.fees.receipt, { params: { membreId: emma.id } });
    expect(emmas.status).toBe(404);
  });
});

describe('fees: the receipt’s amounts keep their French spaces', () => {
  it('« 1 500,00 € »: a narrow no-break space between thousands, a no-break space before €', async () => {
    const pdf = await receiptPdf({
      club: { nom: 'FC Test', adresse: null, ville: null },
      saison: '2025-2026',
      membre: { nom: 'Martin', prenom: 'Léo', dateNaissance: null },
      categorie: 'Senior',
      tarif: 'Seniors',
      du: 150000,
      reduction: 0,
      paiements: [],
      paye: 150000,
      reste: 0,
      signataire: null,
      date: '2025-11-15',
    });
    const mapped = pdfMappedCharacters(pdf);
    expect(mapped.has(0x202f)).toBe(true);
    expect(mapped.has(0xa0)).toBe(true);
    expect(spaces((await pdfText(pdf))[0]!)).toContain(
      spaces(`la somme de ${formatEuros(150000)}`),
    );
  });
});

describe('fees: reminders', () => {
  it('the simulation lists each family with a balance, its adults and each member owing; sends nothing', async () => {
    const before = ctx.smtp.mails.length;
    const res = await as.treasurer!.send(api.fees.remind, { body: { simulation: true } });
    expect(res.status).toBe(200);
    const r = res.body;
    const byFamily = Object.fromEntries(
      r.familles.map((f) => [
        f.famille.nom,
        {
          to: f.destinataires.map((d) => d.prenom).sort(),
          who: f.membres.map((m) => `${m.prenom}:${m.reste}`).sort(),
          reste: f.reste,
        },
      ]),
    );
    expect(byFamily).toEqual({
      'Famille Martin': { to: ['Marc', 'Sophie'], who: ['Jade:5800'], reste: 5800 },
      'Famille Durand': { to: ['Paul'], who: ['Emma:15000', 'Tom:13500'], reste: 28500 },
      'Famille Petit': { to: ['Hugo'], who: ['Hugo:20000'], reste: 20000 },
    });
    // Bernard paid everything: never reminded
    expect(r).toMatchObject({ simulation: true, envoyes: 0, sansAdresse: 0 });
    await waitForMailQueueIdle(ctx);
    expect(ctx.smtp.mails.length).toBe(before);
  });

  it('sending: one mail per family to each of its adults apart, naming each member owing', async () => {
    const before = ctx.smtp.mails.length;
    const res = await as.treasurer!.send(api.fees.remind, { body: { simulation: false } });
    expect(res.body).toMatchObject({ simulation: false, envoyes: 4 });
    await waitForMailQueueIdle(ctx, 15_000);
    const sent = ctx.smtp.mails.slice(before);
    const to = (m: Member) => sent.filter((mail) => mail.to.includes(m.email));
    expect(sent).toHaveLength(4);
    for (const adult of [sophie, marc, paul, hugo]) expect(to(adult)).toHaveLength(1);
    expect(to(claire)).toHaveLength(0);
    const durand = to(paul)[0]!;
    expect(durand.subject).toContain(`il reste 285,00${NBSP}€`);
    expect(durand.text).toContain(`Emma Durand : 150,00${NBSP}€`);
    expect(durand.text).toContain(`Tom Durand : 135,00${NBSP}€`);
    expect(to(sophie)[0]!.text).toContain('Jade Martin');
    expect(to(sophie)[0]!.text).not.toContain('Léo Martin');
  });
});

describe('fees: the accountant’s CSV and retention', () => {
  it('UTF-8 with BOM, « ; », euros with a comma, one line per payment, cancellations marked', async () => {
    const res = await as.treasurer!.call(api.fees.export);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\ufeff')).toBe(true);
    const lines = body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date;Saison;Nom;Prénom;Moyen de paiement;Référence;Montant (€);Échéances;Enregistré par;Annulé le;Annulé par',
    );
    expect(lines).toContain(
      '10/09/2025;2025-2026;Martin;Léo;Chèque;Crédit Mutuel;150,00;"05/10/2025 : 50,00 ; 05/11/2025 : 50,00 ; 05/12/2025 : 50,00";Paul Lefèvre;;',
    );
    expect(lines).toContain(
      '20/09/2025;2025-2026;Durand;Emma;Espèces;;50,00;;Paul Lefèvre;15/11/2025;Paul Lefèvre',
    );
  });

  it('payments outlive a deleted member (names kept) and are purged 10 years after their date', async () => {
    const db = ctx.app.db;
    const gone = await createMember(db, club.id, { nom: 'Parti', prenom: 'Jean' });
    const kept = await createPayment(db, club.id, gone.id, {
      memberNom: 'Parti',
      memberPrenom: 'Jean',
      season: 2025,
      date: '2025-09-01',
    });
    const del = await as.treasurer!.send(api.members.remove, { params: { id: gone.id } });
    expect(del.status).toBe(200);
    const [row] = await db.select().from(payments).where(eq(payments.id, kept.id));
    expect(row).toMatchObject({ memberId: null, memberNom: 'Parti', memberPrenom: 'Jean' });
    expect((await as.treasurer!.call(api.fees.export)).body).toContain('Parti;Jean;Espèces');
    const old = await createPayment(db, club.id, hugo.id, { season: 2014, date: '2014-09-01' });
    const counts = await purgeExpiredData(db, new Date('2025-11-15T10:00:00Z'));
    expect(counts.payments).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.clubId, club.id)));
    const ids = left.map((p) => p.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(kept.id);
    expect(ids).toContain(cheques.id);
  });
});
