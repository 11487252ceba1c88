import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import {
  MEMBER_FIELD_MESSAGES,
  MEMBER_IMPORT_MESSAGES as M,
  SETTINGS_MESSAGES,
  ageCategory,
  api,
  seasonOf,
  urlOf,
  type CallResult,
  type TImportReport,
  type TMemberList,
} from '@club/contract';
import { auditLog, guardians, members, teamMemberships } from '../../db/schema.ts';
import {
  createClub,
  createMatch,
  createMember,
  createTeam,
  setMemberTeams,
} from '../../db/factories.ts';
import { JOB_SCHEMA } from '../../jobs/job-queue.ts';
import { clubToday } from '../../lib/club-time.ts';
import {
  buildTestApp,
  signIn,
  TestClient,
  type TestContext,
  typedAnswer,
} from '../../test/helper.ts';
import { multipartFile, waitForMail, waitForMailQueueIdle } from '../../test/http-utils.ts';
import { MEMBER_IMPORT_QUEUE } from './members.import-jobs.ts';

/**
 * The season's start (members file export and import, age categories, players without a team),
 * against the real application and database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and a
 * real SMTP server.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

let seq = 0;
const uid = () => `${Date.now().toString(36)}${++seq}`;

/** A club with a DIRIGEANT, a RESPONSABLE, a coach, a player and two teams. */
async function world() {
  const db = ctx.app.db;
  const club = await createClub(db, { nom: `Club Saison ${uid()}` });
  const seniors = await createTeam(db, club.id, { nom: 'Seniors A', categorie: 'Senior' });
  const u13 = await createTeam(db, club.id, { nom: 'U13', categorie: 'U13' });
  const boss = await createMember(db, club.id, {
    role: 'DIRIGEANT',
    nom: 'Chef',
    prenom: 'Anne',
    email: `chef.${uid()}@example.org`,
  });
  const leader = await createMember(db, club.id, {
    role: 'RESPONSABLE',
    nom: 'Adjoint',
    prenom: 'Paul',
    email: `adjoint.${uid()}@example.org`,
  });
  const coach = await createMember(db, club.id, {
    role: 'ENTRAINEUR',
    teamId: seniors.id,
    email: `coach.${uid()}@example.org`,
  });
  const player = await createMember(db, club.id, {
    role: 'JOUEUR',
    teamId: seniors.id,
    email: `joueur.${uid()}@example.org`,
  });
  await setMemberTeams(db, club.id, coach.id, [seniors.id]);
  await setMemberTeams(db, club.id, player.id, [seniors.id]);
  return {
    club,
    seniors,
    u13,
    boss,
    leader,
    coach,
    player,
    asBoss: await signIn(ctx.app, boss),
    asLeader: await signIn(ctx.app, leader),
    asCoach: await signIn(ctx.app, coach),
    asPlayer: await signIn(ctx.app, player),
  };
}
type World = Awaited<ReturnType<typeof world>>;

/** The import of a file, as the browser's FormData sends it (field « fichier » unless given). */
function upload(
  client: TestClient,
  clubId: number,
  bytes: Buffer | string,
  {
    simulation,
    field = 'fichier',
    filename = 'membres.csv',
    type = 'text/csv',
  }: { simulation?: boolean; field?: string; filename?: string; type?: string } = {},
) {
  const body = new FormData();
  const content = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  body.append(field, new Blob([new Uint8Array(content)], { type }), filename);
  return client.send(api.members.import, {
    params: { clubId },
    query: simulation === undefined ? {} : { simulation: simulation ? 'true' : 'false' },
    body,
  });
}
/** The import's report: the 200's, or the 422's of a refused import (the same schema). */
const report = (res: CallResult<typeof api.members.import>): TImportReport =>
  res.status === 422 ? api.members.import.responses[422].parse(JSON.parse(res.text)) : res.body;
/** A club list without page nor size: the plain list. */
const listOf = (list: TMemberList) => {
  if (!Array.isArray(list)) throw new Error(`une liste attendue : ${JSON.stringify(list)}`);
  return list;
};
/** The members file (CSV) of a club, its bytes as received. */
const exportOf = async (client: TestClient, clubId: number) =>
  (await client.call(api.members.export, { params: { clubId } })).rawPayload;

/** Everything about the club's members that an import could change. */
async function snapshot(clubId: number) {
  const rows = await ctx.app.db
    .select()
    .from(members)
    .where(eq(members.clubId, clubId))
    .orderBy(asc(members.id));
  const teams = await ctx.app.db
    .select({ m: teamMemberships.memberId, t: teamMemberships.teamId })
    .from(teamMemberships)
    .where(eq(teamMemberships.clubId, clubId))
    .orderBy(asc(teamMemberships.memberId), asc(teamMemberships.teamId));
  return { rows, teams };
}
async function invitationJobs(clubId: number) {
  const { rows } = await ctx.app.jobs.boss
    .getDb()
    .executeSql(
      `select count(*)::int as n from ${JOB_SCHEMA}.job where name = $1 and (data->>'clubId')::int = $2`,
      [MEMBER_IMPORT_QUEUE, clubId],
    );
  return Number((rows[0] as { n: number }).n);
}

const HEADER = 'Nom;Prénom;Date de naissance;Genre;E-mail;Téléphone;N° licence;Rôle;Équipes';
const line = (cells: Record<string, string>) =>
  [
    cells.nom ?? 'Durand',
    cells.prenom ?? 'Léa',
    cells.naissance ?? '03/04/2013',
    cells.genre ?? 'Femme',
    cells.email ?? `lea.${uid()}@example.org`,
    cells.tel ?? '06 11 22 33 44',
    cells.licence ?? '',
    cells.role ?? 'Joueur',
    cells.equipes ?? '',
  ].join(';');
const file = (...rows: string[]) => [HEADER, ...rows].join('\r\n') + '\r\n';

describe('[season] age categories and the season setting', () => {
  it('member answers carry the category of the club’s season; the DIRIGEANT moves the season’s start', async () => {
    const w = await world();
    const today = clubToday('Europe/Paris');
    const ref = seasonOf(today, 7).anneeReference;
    const kid = await createMember(ctx.app.db, w.club.id, {
      dateNaissance: `${ref - 13}-05-20`,
      email: `kid.${uid()}@example.org`,
    });
    const one = await w.asBoss.send(api.members.get, { params: { id: kid.id } });
    expect(one.status).toBe(200);
    expect(one.body.categorie).toBe('U13');
    const club = await w.asBoss.send(api.clubs.get, { params: { id: w.club.id } });
    expect(club.body.moisDebutSaison).toBe(7);

    // A season starting next month: today still belongs to the season that began a year ago.
    const month = Number(today.slice(5, 7));
    const next = (month % 12) + 1;
    const body = { nom: w.club.nom, moisDebutSaison: next };
    const params = { id: w.club.id };
    const refused = await w.asLeader.send(api.clubs.update, { params, body });
    expect(refused.status).toBe(403);
    expect(refused.error.message).toBe(SETTINGS_MESSAGES.onlyManagerEdit);
    const saved = await w.asBoss.send(api.clubs.update, { params, body });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.moisDebutSaison).toBe(next);
    const expected = ageCategory(`${ref - 13}-05-20`, today, next);
    const kidParams = { params: { id: kid.id } };
    expect((await w.asBoss.send(api.members.get, kidParams)).body.categorie).toBe(expected);
    // A season starting this very month started today or earlier this month: a new season.
    await w.asBoss.send(api.clubs.update, {
      params,
      body: { nom: w.club.nom, moisDebutSaison: month },
    });
    expect((await w.asBoss.send(api.members.get, kidParams)).body.categorie).toBe(
      ageCategory(`${ref - 13}-05-20`, today, month),
    );
    // The spec's form, without the field, leaves it as it is.
    const unchanged = await w.asBoss.send(api.clubs.update, { params, body: { nom: w.club.nom } });
    expect(unchanged.body.moisDebutSaison).toBe(month);

    for (const bad of [0, 13, 6.5, '7']) {
      const res =
        typeof bad === 'number'
          ? await w.asBoss.send(api.clubs.update, {
              params,
              body: { nom: w.club.nom, moisDebutSaison: bad },
            })
          : // A string is no month for the declaration: sent by hand.
            typedAnswer(
              api.clubs.update,
              await w.asBoss.raw({
                method: 'PUT',
                url: urlOf(api.clubs.update, { params, body: { nom: w.club.nom } }),
                payload: { nom: w.club.nom, moisDebutSaison: bad },
              }),
            );
      expect(res.status, String(bad)).toBe(400);
      expect(res.error.errors?.moisDebutSaison).toBe(
        'Choisissez un mois entre janvier et décembre.',
      );
    }
  });

  it('?categorie= and ?sansEquipe=true filter the club list and the search; a bad category answers 400', async () => {
    const w = await world();
    await w.asBoss.send(api.clubs.update, {
      params: { id: w.club.id },
      body: { nom: w.club.nom, moisDebutSaison: 7 },
    });
    const ref = seasonOf(clubToday('Europe/Paris'), 7).anneeReference;
    const db = ctx.app.db;
    const u13a = await createMember(db, w.club.id, {
      dateNaissance: `${ref - 13}-01-01`,
      email: `a.${uid()}@example.org`,
      nom: 'Alpha',
    });
    const u13b = await createMember(db, w.club.id, {
      dateNaissance: `${ref - 13}-12-31`,
      email: `b.${uid()}@example.org`,
      nom: 'Bravo',
    });
    const u14 = await createMember(db, w.club.id, {
      dateNaissance: `${ref - 14}-12-31`,
      email: `c.${uid()}@example.org`,
    });
    await setMemberTeams(db, w.club.id, u14.id, [w.u13.id]);
    const veteran = await createMember(db, w.club.id, {
      dateNaissance: `${ref - 40}-06-01`,
      email: `v.${uid()}@example.org`,
    });
    const noBirth = await createMember(db, w.club.id, {
      dateNaissance: null,
      email: `n.${uid()}@example.org`,
    });

    const params = { clubId: w.club.id };
    const ids = (res: CallResult<typeof api.members.listClub | typeof api.members.searchClub>) =>
      listOf(res.body).map((m) => m.id);
    const cat = await w.asBoss.send(api.members.listClub, { params, query: { categorie: 'u13' } });
    expect(cat.status).toBe(200);
    expect(ids(cat)).toEqual([u13a.id, u13b.id]);
    expect(listOf(cat.body).every((m) => m.categorie === 'U13')).toBe(true);
    expect(
      ids(await w.asBoss.send(api.members.listClub, { params, query: { categorie: 'Vétéran' } })),
    ).toEqual([veteran.id]);
    const noTeam = ids(
      await w.asBoss.send(api.members.listClub, { params, query: { sansEquipe: 'true' } }),
    );
    expect(noTeam).toEqual(expect.arrayContaining([u13a.id, u13b.id, veteran.id, noBirth.id]));
    // leaders (DIRIGEANT, RESPONSABLE) are club-level: not members waiting for a team
    expect(noTeam).not.toContain(w.boss.id);
    expect(noTeam).not.toContain(w.leader.id);
    expect(noTeam).not.toContain(u14.id);
    expect(noTeam).not.toContain(w.player.id);
    const search = await w.asBoss.send(api.members.searchClub, {
      params,
      query: { nom: 'bravo', categorie: 'U13', sansEquipe: 'true' },
    });
    expect(ids(search)).toEqual([u13b.id]);
    const paged = await w.asBoss.send(api.members.listClub, {
      params,
      query: { categorie: 'U13', page: 0, size: 1 },
    });
    expect(paged.body).toMatchObject({ totalElements: 2, totalPages: 2 });

    const bad = await w.asBoss.send(api.members.listClub, {
      params,
      query: { categorie: 'Poussins' },
    });
    expect(bad.status).toBe(400);
    expect(bad.error.errors?.categorie).toMatch(/^Catégorie inconnue/);
    expect(
      (await w.asCoach.send(api.members.listClub, { params, query: { sansEquipe: 'true' } }))
        .status,
    ).toBe(403);
  });
});

describe('[season] export', () => {
  it('a CSV for French spreadsheets: BOM, ;, CRLF, French headers and words, jj/mm/aaaa, RFC 4180 quotes, formulas neutralised', async () => {
    const w = await world();
    await createMember(ctx.app.db, w.club.id, {
      nom: '=HYPERLINK("http://evil.example","clic")',
      prenom: '+Zoé',
      dateNaissance: '2013-04-03',
      genre: 'Femme',
      email: `zoe.${uid()}@example.org`,
      telephone: '+33 6 12 34 56 78',
      numeroLicence: '@123',
      role: 'ENTRAINEUR',
      poste: 'Milieu; "relayeur"',
      numero: 10,
      teamId: w.u13.id,
    });
    const res = await w.asBoss.call(api.members.export, { params: { clubId: w.club.id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="membres-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toContain('no-store');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Nom;Prénom;Date de naissance;Genre;E-mail;Téléphone;N° licence;Rôle;Rôle club;Statut;Équipes (rôle);Parents;Catégorie;Numéro;Poste;Taille (cm);Poids (kg)',
    );
    expect(lines.at(-1)).toBe('');
    const zoe = lines.find((l) => l.includes('Zoé'))!;
    expect(zoe).toContain(
      `"'=HYPERLINK(""http://evil.example"",""clic"")";'+Zoé;03/04/2013;Femme;`,
    );
    // Hats (decision 0110): no club role, each team with its role, no parent.
    expect(zoe).toContain(`;"=""+33 6 12 34 56 78""";'@123;Entraîneur;;Actif;U13 (Entraîneur);;`);
    expect(zoe).toContain(';10;"Milieu; ""relayeur""";;');
    expect(text).toContain(';Dirigeant;');
    expect(text).toContain(';Responsable;');
  });

  it('phones keep their leading 0 in Excel and LibreOffice (="0612345678"), and a hostile phone stays neutralised', async () => {
    const w = await world();
    const email = `tel.${uid()}@example.org`;
    await createMember(ctx.app.db, w.club.id, { nom: 'Tel', email, telephone: '0612345678' });
    const evil = `evil.${uid()}@example.org`;
    await createMember(ctx.app.db, w.club.id, {
      nom: 'Evil',
      email: evil,
      telephone: '=0612"&HYPERLINK("http://evil.example")&"',
    });
    const lines = (
      await w.asBoss.send(api.members.export, { params: { clubId: w.club.id } })
    ).body.split('\r\n');
    expect(lines.find((l: string) => l.includes(email))).toContain(`;${email};"=""0612345678""";`);
    expect(lines.find((l: string) => l.includes(evil))).toContain(
      `;${evil};"'=0612""&HYPERLINK(""http://evil.example"")&""";`,
    );
  });

  it('follows the list’s filters; leaders only; another club answers 404', async () => {
    const w = await world();
    const other = await world();
    const params = { clubId: w.club.id };
    const res = await w.asBoss.send(api.members.export, { params, query: { role: 'JOUEUR' } });
    const rows = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(w.player.email);
    const none = await w.asLeader.send(api.members.export, {
      params,
      query: { sansEquipe: 'true', role: 'JOUEUR' },
    });
    expect(none.status).toBe(200);
    expect(
      none.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
    for (const client of [w.asCoach, w.asPlayer])
      expect((await client.send(api.members.export, { params })).status).toBe(403);
    for (const clubId of [other.club.id, 2_000_000_000])
      expect((await w.asBoss.send(api.members.export, { params: { clubId } })).status).toBe(404);
  });
});

describe('[season] import', () => {
  it('round trip: an exported file imports with nothing changed, and nothing is written', async () => {
    const w = await world();
    await createMember(ctx.app.db, w.club.id, {
      nom: "O'Neil",
      prenom: '-Jean',
      email: `oneil.${uid()}@example.org`,
      telephone: '+33 6 00 00 00 01',
      numeroLicence: '=2+3',
      poste: 'Arrière; "gauche"\nremplaçant',
      taille: 180,
      poids: 75,
      numero: 7,
      statut: 'Blessé',
      teamId: w.seniors.id,
    });
    const multi = await createMember(ctx.app.db, w.club.id, {
      email: `multi.${uid()}@example.org`,
    });
    await setMemberTeams(ctx.app.db, w.club.id, multi.id, [w.u13.id, w.seniors.id]);
    const exported = await exportOf(w.asBoss, w.club.id);
    const before = await snapshot(w.club.id);
    const sim = await upload(w.asBoss, w.club.id, exported, { simulation: true });
    expect(sim.status, sim.text).toBe(200);
    const total = before.rows.length;
    expect(report(sim)).toMatchObject({
      lignes: total,
      crees: 0,
      misAJour: 0,
      inchanges: total,
      erreurs: [],
      simulation: true,
    });
    expect(report(sim).apercu?.every((r) => r.resultat === 'INCHANGE')).toBe(true);
    const real = await upload(w.asBoss, w.club.id, exported, { simulation: false });
    expect(real.status, real.text).toBe(200);
    expect(report(real)).toMatchObject({
      crees: 0,
      misAJour: 0,
      inchanges: total,
      simulation: false,
    });
    expect(await snapshot(w.club.id)).toEqual(before);
  });

  it('creates from a Windows-1252 file with commas and the federations’ headers, teams by name; importing it again changes nothing', async () => {
    const w = await world();
    await waitForMailQueueIdle(ctx);
    const text =
      'Nom de famille,Prénom,Né(e) le,Sexe,Courriel,Mobile,Licence,Rôle,Équipe(s),Commentaire\r\n' +
      `Lefèvre,Éloïse,05/06/2013,F,eloise.${uid()}@example.org,06 01 02 03 04,LIC-1,joueuse,u13,élève de 6e\r\n` +
      `Œuvray,Gaëtan,2012-11-30,M,gaetan.${uid()}@example.org,06 01 02 03 05,LIC-2,Entraîneur,"Seniors A, U13",\r\n`;
    const bytes = iconv.encode(text, 'windows-1252');
    expect(bytes.includes(Buffer.from('Lefèvre', 'utf8'))).toBe(false);
    const res = await upload(w.asBoss, w.club.id, bytes);
    expect(res.status, res.text).toBe(200);
    expect(report(res)).toMatchObject({
      lignes: 2,
      crees: 2,
      misAJour: 0,
      inchanges: 0,
      erreurs: [],
    });
    expect(report(res).colonnes.at(-1)).toEqual({ entete: 'Commentaire', champ: null });
    const search = (query: { nom?: string; prenom?: string }) =>
      w.asBoss.send(api.members.searchClub, { params: { clubId: w.club.id }, query });
    const list = listOf((await search({ nom: 'lefevre' })).body);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      nom: 'Lefèvre',
      prenom: 'Éloïse',
      dateDeNaissance: '2013-06-05',
      genre: 'Femme',
      numeroLicence: 'LIC-1',
      role: 'JOUEUR',
      statut: 'Actif',
      equipes: [{ id: w.u13.id, nom: 'U13' }],
      invitationEnAttente: true,
    });
    const gaetan = listOf((await search({ prenom: 'gaetan' })).body)[0]!;
    expect(gaetan).toMatchObject({
      nom: 'Œuvray',
      role: 'ENTRAINEUR',
      dateDeNaissance: '2012-11-30',
    });
    expect(gaetan.equipes.map((t) => t.nom)).toEqual(['Seniors A', 'U13']);

    const before = await snapshot(w.club.id);
    const again = await upload(w.asBoss, w.club.id, bytes);
    expect(report(again)).toMatchObject({ crees: 0, misAJour: 0, inchanges: 2, erreurs: [] });
    expect(await snapshot(w.club.id)).toEqual(before);
    // Two invitations, not four.
    await waitForMail(ctx, (m) => m.to.includes(gaetan.email!), 15_000);
    await waitForMailQueueIdle(ctx, 15_000);
    const invited = ctx.smtp.mails.filter(
      (m) => m.to.includes(gaetan.email!) || m.to.includes(list[0]!.email!),
    );
    expect(invited).toHaveLength(2);
  });

  it('tab-separated UTF-16 (Excel’s "Unicode text") and UTF-8 without BOM are read too', async () => {
    const w = await world();
    const tsv =
      'Nom\tPrénom\tDate de naissance\tGenre\tE-mail\tTéléphone\r\n' +
      `Tabulé\tÀnne\t01/02/2010\tFemme\ttab.${uid()}@example.org\t0611111111\r\n`;
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(tsv, 'utf-16le')]);
    const res = await upload(w.asBoss, w.club.id, utf16, { simulation: true });
    expect(report(res)).toMatchObject({ crees: 1, erreurs: [] });
    expect(report(res).apercu?.[0]?.valeurs.slice(0, 2)).toEqual(['Tabulé', 'Ànne']);
    const plain = file(line({ nom: 'Sansbom', prenom: 'Émile' }));
    const res2 = await upload(w.asBoss, w.club.id, Buffer.from(plain, 'utf8'), {
      simulation: true,
    });
    expect(report(res2)).toMatchObject({ crees: 1, erreurs: [] });
    expect(report(res2).apercu?.[0]?.valeurs[1]).toBe('Émile');
  });

  it('updates members found by e-mail, then by licence number; empty cells leave values; teams are added, never removed', async () => {
    const w = await world();
    const byMail = await createMember(ctx.app.db, w.club.id, {
      email: `parmail.${uid()}@example.org`,
      telephone: '0600000001',
      numeroLicence: 'L-100',
      teamId: w.seniors.id,
    });
    await setMemberTeams(ctx.app.db, w.club.id, byMail.id, [w.seniors.id]);
    const byLicence = await createMember(ctx.app.db, w.club.id, {
      email: `parlicence.${uid()}@example.org`,
      numeroLicence: 'L 200',
    });
    const newMail = `nouveau.${uid()}@example.org`;
    const csv =
      'E-mail;N° licence;Nom;Prénom;Téléphone;Équipes;Statut\r\n' +
      `${byMail.email.toUpperCase()};;Martin;Camille;0699999999;U13;\r\n` +
      `${newMail};l200;Martin;Camille;;;blessé\r\n`;
    const sim = await upload(w.asBoss, w.club.id, csv, { simulation: true });
    expect(report(sim)).toMatchObject({ crees: 0, misAJour: 2, inchanges: 0, erreurs: [] });
    expect(report(sim).apercu?.map((r) => [r.resultat, r.modifications])).toEqual([
      ['MIS_A_JOUR', ['Téléphone', 'Équipes']],
      ['MIS_A_JOUR', ['E-mail', 'Statut']],
    ]);
    const res = await upload(w.asBoss, w.club.id, csv);
    expect(res.status, res.text).toBe(200);
    const a = (await w.asBoss.send(api.members.get, { params: { id: byMail.id } })).body;
    expect(a).toMatchObject({
      numeroTelephone: '0699999999',
      numeroLicence: 'L-100',
      idEquipe: w.seniors.id,
    });
    expect(a.equipes.map((t) => t.id)).toEqual([w.seniors.id, w.u13.id]);
    const b = (await w.asBoss.send(api.members.get, { params: { id: byLicence.id } })).body;
    expect(b).toMatchObject({ email: newMail, statut: 'Blessé', numeroLicence: 'L 200' });
    const audits = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clubId, w.club.id), eq(auditLog.entity, 'member')));
    expect(
      audits
        .filter((x) => x.action === 'update')
        .map((x) => x.entityId)
        .sort(),
    ).toEqual([byMail.id, byLicence.id].sort());
    expect(audits.find((x) => x.action === 'import')?.details).toMatchObject({
      lignes: 2,
      misAJour: 2,
      delimiter: ';',
      encoding: 'UTF-8',
    });
  });

  it('every kind of error is reported per row and column in French; the real import answers 422 and writes nothing', async () => {
    const w = await world();
    const other = await world();
    const twin1 = await createMember(ctx.app.db, w.club.id, {
      email: `twin1.${uid()}@example.org`,
      numeroLicence: 'DOUBLE',
    });
    await createMember(ctx.app.db, w.club.id, {
      email: `twin2.${uid()}@example.org`,
      numeroLicence: 'double',
    });
    const dup = `dup.${uid()}@example.org`;
    const rows = [
      line({ tel: '' }), // 2: required for a new member
      line({ naissance: '31/02/2013' }), // 3
      line({ genre: 'Z' }), // 4
      line({ role: 'Arbitre' }), // 5
      line({ equipes: 'U13, Inconnue' }), // 6
      line({ email: 'pas-une-adresse' }), // 7
      line({ email: other.player.email }), // 8: another club's member
      line({ email: dup }), // 9
      line({ email: dup.toUpperCase() }), // 10: twice in the file
      line({ email: '', licence: 'INCONNUE' }), // 11: a new child needs an e-mail or a parent
      line({ email: twin1.email.replace('twin1', 'zz'), licence: '', nom: '' }), // 12: no name
      line({ email: '', licence: 'double' }), // 13: two members have it
      line({ email: w.boss.email, role: 'Joueur', nom: 'Chef', prenom: 'Anne' }), // 14: own role
      line({
        email: w.player.email,
        role: 'Joueur',
        nom: 'Martin',
        prenom: 'Camille',
        tel: '0600000000',
        naissance: '15/01/2000',
      }), // 15: fine (unchanged)
      '"Guillemet;non;fermé', // 16: unreadable
    ];
    const csv = file(...rows);
    const before = await snapshot(w.club.id);
    const sim = await upload(w.asBoss, w.club.id, csv, { simulation: true });
    expect(sim.status, sim.text).toBe(200);
    const got = report(sim);
    expect(got.erreurs).toEqual([
      { ligne: 2, colonne: 'Téléphone', message: M.required },
      { ligne: 3, colonne: 'Date de naissance', message: 'Cette date n’existe pas (31/02/2013).' },
      { ligne: 4, colonne: 'Genre', message: M.genreInvalid },
      { ligne: 5, colonne: 'Rôle', message: M.roleInvalid },
      { ligne: 6, colonne: 'Équipes', message: M.teamUnknown('Inconnue') },
      { ligne: 7, colonne: 'E-mail', message: MEMBER_FIELD_MESSAGES.emailInvalid },
      { ligne: 8, colonne: 'E-mail', message: MEMBER_FIELD_MESSAGES.emailTaken },
      { ligne: 10, colonne: 'E-mail', message: M.duplicateRow(9) },
      { ligne: 11, colonne: 'E-mail', message: M.childWithoutEmail },
      { ligne: 12, colonne: 'Nom', message: M.required },
      {
        ligne: 13,
        colonne: 'N° licence',
        message: 'Plusieurs membres du club ont ce numéro de licence : indiquez l’e-mail.',
      },
      { ligne: 14, colonne: 'Rôle', message: MEMBER_FIELD_MESSAGES.ownRoleForbidden },
      { ligne: 16, colonne: '', message: M.malformed },
    ]);
    expect(got).toMatchObject({ lignes: 15, crees: 1, misAJour: 0, inchanges: 1 });
    expect(got.apercu?.find((r) => r.ligne === 9)?.resultat).toBe('NOUVEAU');
    expect(got.apercu?.find((r) => r.ligne === 15)?.resultat).toBe('INCHANGE');
    expect(got.apercu?.find((r) => r.ligne === 2)?.resultat).toBe('ERREUR');

    const real = await upload(w.asBoss, w.club.id, csv);
    expect(real.status).toBe(422);
    expect(report(real).message).toBe(M.refused(13));
    expect(report(real).erreurs).toEqual(got.erreurs);
    expect(await snapshot(w.club.id)).toEqual(before);
    expect(await invitationJobs(w.club.id)).toBe(0);
  });

  it('the members feature’s leader rules: a RESPONSABLE grants no leader role and leaves a DIRIGEANT alone; a DIRIGEANT may', async () => {
    const w = await world();
    const byLeader = file(
      line({ role: 'Dirigeant' }),
      line({ email: w.boss.email, nom: 'Chef', prenom: 'Anne', tel: '0612345678' }),
      line({ email: w.player.email, role: 'Responsable', nom: 'Martin', prenom: 'Camille' }),
    );
    const got = report(await upload(w.asLeader, w.club.id, byLeader, { simulation: true }));
    expect(got.erreurs).toEqual([
      { ligne: 2, colonne: 'Rôle', message: MEMBER_FIELD_MESSAGES.roleForbidden },
      { ligne: 3, colonne: '', message: MEMBER_FIELD_MESSAGES.leaderProtected },
      { ligne: 4, colonne: 'Rôle', message: MEMBER_FIELD_MESSAGES.roleForbidden },
    ]);
    expect((await upload(w.asLeader, w.club.id, byLeader)).status).toBe(422);

    // The DIRIGEANT demotes a second DIRIGEANT and promotes the RESPONSABLE in one file.
    const second = await createMember(ctx.app.db, w.club.id, {
      role: 'DIRIGEANT',
      email: `second.${uid()}@example.org`,
    });
    const res = await upload(
      w.asBoss,
      w.club.id,
      file(
        line({ email: second.email, role: 'Joueur', nom: 'Martin', prenom: 'Camille' }),
        line({ email: w.leader.email, role: 'Dirigeante', nom: 'Adjoint', prenom: 'Paul' }),
      ),
    );
    expect(res.status, res.text).toBe(200);
    expect(report(res)).toMatchObject({ misAJour: 2, erreurs: [] });
    const roles = await ctx.app.db
      .select({ id: members.id, role: members.role })
      .from(members)
      .where(eq(members.clubId, w.club.id));
    expect(roles.find((r) => r.id === second.id)?.role).toBe('JOUEUR');
    expect(roles.find((r) => r.id === w.leader.id)?.role).toBe('DIRIGEANT');
  });

  it('all or nothing: a file with one wrong row writes none of its good rows, and mails nobody', async () => {
    const w = await world();
    await waitForMailQueueIdle(ctx);
    const mailsBefore = ctx.smtp.mails.length;
    const before = await snapshot(w.club.id);
    const csv = file(line({}), line({}), line({ equipes: 'Nulle part' }), line({}));
    const res = await upload(w.asBoss, w.club.id, csv, { simulation: false });
    expect(res.status).toBe(422);
    expect(report(res)).toMatchObject({ lignes: 4, crees: 3, simulation: true });
    expect(report(res).erreurs).toHaveLength(1);
    expect(await snapshot(w.club.id)).toEqual(before);
    const audits = await ctx.app.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.clubId, w.club.id));
    expect(audits[0]?.n).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(ctx.smtp.mails.length).toBe(mailsBefore);
    expect(await invitationJobs(w.club.id)).toBe(0);
  });

  it('invitations: none for a simulation; after the commit, one per new member, each with its activation link', async () => {
    const w = await world();
    const emails = [`inv1.${uid()}@example.org`, `inv2.${uid()}@example.org`];
    const csv = file(...emails.map((email) => line({ email })));
    const sim = await upload(w.asBoss, w.club.id, csv, { simulation: true });
    expect(report(sim).crees).toBe(2);
    expect(await invitationJobs(w.club.id)).toBe(0);
    const res = await upload(w.asBoss, w.club.id, csv);
    expect(res.status, res.text).toBe(200);
    expect(await invitationJobs(w.club.id)).toBe(1);
    for (const email of emails) {
      const mail = await waitForMail(ctx, (m) => m.to.includes(email), 15_000);
      expect(mail.subject).toBe(`Invitation à rejoindre ${w.club.nom}`);
      const token = /\/activation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      const info = await new TestClient(ctx.app).send(api.auth.invitation, {
        params: { token: token! },
      });
      expect(info.status).toBe(200);
      expect(info.body.email).toBe(email);
    }
    await waitForMailQueueIdle(ctx, 15_000);
    expect(ctx.smtp.mails.filter((m) => emails.some((e) => m.to.includes(e)))).toHaveLength(2);
  });

  it('after the commit, a player who joins a team through the file is convoked to its upcoming matches', async () => {
    const w = await world();
    const { match } = await createMatch(ctx.app.db, w.club.id, {
      homeTeamId: w.u13.id,
      dateDebut: '2099-05-01 15:00:00',
      dateFin: '2099-05-01 17:00:00',
    });
    const email = `convoque.${uid()}@example.org`;
    const convoked = async () => {
      const { rows } = await ctx.app.jobs.boss.getDb().executeSql(
        `select count(*)::int as n from convocations c join members m on m.id = c.member_id
            where c.match_id = $1 and m.email = $2`,
        [match.id, email],
      );
      return Number((rows[0] as { n: number }).n);
    };
    const sim = await upload(w.asBoss, w.club.id, file(line({ email, equipes: 'U13' })), {
      simulation: true,
    });
    expect(report(sim).crees).toBe(1);
    const res = await upload(w.asBoss, w.club.id, file(line({ email, equipes: 'U13' })));
    expect(res.status, res.text).toBe(200);
    const deadline = Date.now() + 15_000;
    while ((await convoked()) === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await convoked()).toBe(1);
    // The existing player who joins U13 by a second file is convoked too.
    const again = await upload(
      w.asBoss,
      w.club.id,
      file(line({ email: w.player.email, nom: 'Martin', prenom: 'Camille', equipes: 'U13' })),
    );
    expect(report(again).misAJour).toBe(1);
    const player = async () => {
      const { rows } = await ctx.app.jobs.boss
        .getDb()
        .executeSql(
          `select count(*)::int as n from convocations where match_id = $1 and member_id = $2`,
          [match.id, w.player.id],
        );
      return Number((rows[0] as { n: number }).n);
    };
    const until = Date.now() + 15_000;
    while ((await player()) === 0 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 100));
    expect(await player()).toBe(1);
  });

  it('the file: size, rows, type, field name, missing and duplicate columns', async () => {
    const w = await world();
    const big = Buffer.alloc(2 * 1024 * 1024 + 10, 'a');
    const tooBig = await upload(w.asBoss, w.club.id, big, { simulation: true });
    expect(tooBig.status).toBe(413);
    expect(tooBig.error.message).toBe(M.tooLarge);
    const many = file(...Array.from({ length: 5001 }, (_, i) => `N${i};P;;;x${i}@e.org;;;;`));
    const tooMany = await upload(w.asBoss, w.club.id, many, { simulation: true });
    expect(tooMany.status).toBe(413);
    expect(tooMany.error.message).toBe(M.tooManyRows);
    const xlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]);
    const sheet = await upload(w.asBoss, w.club.id, xlsx, {
      filename: 'membres.csv',
      type: 'text/csv',
    });
    expect(sheet.status).toBe(415);
    expect(sheet.error.message).toBe(M.spreadsheet);
    const named = await upload(w.asBoss, w.club.id, 'x', {
      filename: 'membres.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(named.status).toBe(415);
    const png = await upload(w.asBoss, w.club.id, Buffer.from([0x89, 0x50, 0x4e, 0x47]), {
      filename: 'photo.png',
      type: 'image/png',
    });
    expect(png.status).toBe(415);
    expect(png.error.message).toBe(M.fileType);
    const binary = await upload(w.asBoss, w.club.id, Buffer.from('Nom;Prénom\u0000\u0001;x\n'), {
      simulation: true,
    });
    expect(binary.status).toBe(415);
    // What the declaration cannot send: a JSON body, a query out of its values.
    const importUrl = urlOf(api.members.import, {
      params: { clubId: w.club.id },
      body: new FormData(),
    });
    const json = await w.asBoss.raw({ method: 'POST', url: importUrl, payload: { nom: 'x' } });
    expect(json.statusCode).toBe(415);
    const wrongField = await upload(w.asBoss, w.club.id, file(line({})), {
      field: 'file',
      filename: 'm.csv',
    });
    expect(wrongField.status).toBe(400);
    expect(wrongField.error.message).toBe(M.fileMissing);
    const empty = await upload(w.asBoss, w.club.id, '', { simulation: true });
    expect(empty.status).toBe(400);
    const headerOnly = await upload(w.asBoss, w.club.id, HEADER + '\r\n', { simulation: true });
    expect(report(headerOnly)).toMatchObject({ lignes: 0, crees: 0, erreurs: [] });

    const noKey = await upload(w.asBoss, w.club.id, 'Nom;Prénom\r\nA;B\r\n', { simulation: true });
    expect(report(noKey).erreurs).toEqual([{ ligne: 1, colonne: '', message: M.missingKey }]);
    const twice = await upload(w.asBoss, w.club.id, 'Nom;Prénom;Courriel;E-mail\r\nA;B;c;d\r\n');
    expect(twice.status).toBe(422);
    expect(report(twice).erreurs).toEqual([
      { ligne: 1, colonne: 'E-mail', message: M.duplicateColumn('E-mail') },
    ]);
    const noName = await upload(w.asBoss, w.club.id, 'Prénom;E-mail\r\nB;c@d.fr\r\n', {
      simulation: true,
    });
    expect(report(noName).erreurs).toEqual([
      { ligne: 1, colonne: '', message: M.missingColumn('Nom') },
    ]);
    const badQuery = await w.asBoss.raw({
      method: 'POST',
      url: `${importUrl}?simulation=peut-être`,
      ...multipartFile(Buffer.from(file(line({}))), {
        field: 'fichier',
        filename: 'membres.csv',
        type: 'text/csv',
      }),
    });
    expect(badQuery.statusCode).toBe(400);
  });

  it('leaders only; another club’s id answers 404, before the upload is read', async () => {
    const w = await world();
    const other = await world();
    const csv = file(line({}));
    for (const client of [w.asCoach, w.asPlayer]) {
      const res = await upload(client, w.club.id, csv, { simulation: true });
      expect(res.status).toBe(403);
    }
    expect((await upload(w.asBoss, other.club.id, csv, { simulation: true })).status).toBe(404);
    expect((await upload(w.asBoss, 2_000_000_000, csv, { simulation: true })).status).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: urlOf(api.members.import, { params: { clubId: w.club.id }, body: new FormData() }),
      ...multipartFile(Buffer.from(csv), { field: 'fichier', filename: 'm.csv', type: 'text/csv' }),
    });
    expect([401, 403]).toContain(anonymous.statusCode);
    const res = await upload(w.asLeader, w.club.id, csv);
    expect(res.status, res.text).toBe(200);
    expect(report(res).crees).toBe(1);
  });
});

describe('[season] players without a team, several at once', () => {
  async function unassigned(w: World, n: number) {
    const out = [];
    for (let i = 0; i < n; i++)
      out.push(await createMember(ctx.app.db, w.club.id, { email: `libre.${uid()}@example.org` }));
    return out;
  }

  it(`${api.members.assignTeam.method} ${api.members.assignTeam.path} adds members to a team (primary when they had none), keeps other teams`, async () => {
    const w = await world();
    const [a, b] = await unassigned(w, 2);
    const params = { id: w.u13.id };
    const res = await w.asLeader.send(api.members.assignTeam, {
      params,
      body: { ajouter: [a!.id, b!.id, w.player.id, a!.id] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ajoutes: 3, message: '3 membres ajoutés à l’équipe U13.' });
    expect((await w.asBoss.send(api.members.get, { params: { id: a!.id } })).body).toMatchObject({
      idEquipe: w.u13.id,
      equipes: [{ id: w.u13.id, nom: 'U13' }],
    });
    const p = (await w.asBoss.send(api.members.get, { params: { id: w.player.id } })).body;
    expect(p.idEquipe).toBe(w.seniors.id);
    expect(p.equipes.map((t) => t.id)).toEqual([w.seniors.id, w.u13.id]);
    const again = await w.asLeader.send(api.members.assignTeam, {
      params,
      body: { ajouter: [a!.id] },
    });
    expect(again.body.ajoutes).toBe(0);
    const left = await w.asBoss.send(api.members.listClub, {
      params: { clubId: w.club.id },
      query: { sansEquipe: 'true' },
    });
    expect(listOf(left.body).map((m) => m.id)).not.toContain(a!.id);
  });

  it('leaders only; another club’s team or member answers 404; a RESPONSABLE does not move a DIRIGEANT; one refusal refuses all', async () => {
    const w = await world();
    const other = await world();
    const [a] = await unassigned(w, 1);
    const assign = (client: TestClient, id: number, ajouter: number[]) =>
      client.send(api.members.assignTeam, { params: { id }, body: { ajouter } });
    for (const client of [w.asCoach, w.asPlayer])
      expect((await assign(client, w.u13.id, [a!.id])).status).toBe(403);
    expect((await assign(w.asBoss, other.u13.id, [a!.id])).status).toBe(404);
    expect((await assign(w.asBoss, w.u13.id, [a!.id, other.player.id])).status).toBe(404);
    const refused = await assign(w.asLeader, w.u13.id, [a!.id, w.boss.id]);
    expect(refused.status).toBe(403);
    expect(refused.error.message).toBe(MEMBER_FIELD_MESSAGES.leaderProtected);
    const [row] = await ctx.app.db.select().from(members).where(eq(members.id, a!.id));
    expect(row!.teamId).toBeNull();
    const empty = await assign(w.asBoss, w.u13.id, []);
    expect(empty.status).toBe(400);
  });
});

describe('[season] the file carries the hats (decisions 0110, 0111)', () => {
  /** A club with a U11 coach who is the father of a U13 player without e-mail nor phone. */
  async function family(w: World) {
    const u11 = await createTeam(ctx.app.db, w.club.id, { nom: 'U11', categorie: 'U11' });
    const fatherEmail = `pere.${uid()}@example.org`;
    const father = await w.asBoss.send(api.members.create, {
      body: {
        nom: 'Petit',
        prenom: 'Marc',
        dateDeNaissance: '1982-05-06',
        genre: 'Homme',
        email: fatherEmail,
        numeroTelephone: '06 12 34 56 78',
        equipes: [{ id: u11.id, role: 'ENTRAINEUR' }],
        clubId: w.club.id,
      },
    });
    expect(father.status, father.text).toBe(201);
    const child = await w.asBoss.send(api.members.create, {
      body: {
        nom: 'Petit',
        prenom: 'Léo',
        dateDeNaissance: '2014-09-10',
        genre: 'Homme',
        equipes: [{ id: w.u13.id, role: 'JOUEUR' }],
        parentsIds: [father.body.id],
        clubId: w.club.id,
      },
    });
    expect(child.status, child.text).toBe(201);
    return { u11, fatherEmail, fatherId: father.body.id, childId: child.body.id };
  }
  const guardianRows = (clubId: number) =>
    ctx.app.db
      .select({ p: guardians.parentId, c: guardians.childId })
      .from(guardians)
      .where(eq(guardians.clubId, clubId))
      .orderBy(asc(guardians.parentId), asc(guardians.childId));

  it('export → import: « Rôle club », « Équipes (rôle) », « Parents »; the father-coach and the child without e-mail come back unchanged', async () => {
    const w = await world();
    const { fatherEmail } = await family(w);
    const exported = await exportOf(w.asBoss, w.club.id);
    const lines = exported.subarray(3).toString('utf8').split('\r\n');
    expect(lines.find((l) => l.includes(fatherEmail) && l.startsWith('Petit;Marc'))).toContain(
      ';Entraîneur;;Actif;U11 (Entraîneur);;',
    );
    // The child: no e-mail, no phone; the father by his e-mail in « Parents ».
    expect(lines.find((l) => l.startsWith('Petit;Léo'))).toContain(
      `;10/09/2014;Homme;;;;Joueur;;Actif;U13 (Joueur);${fatherEmail};U`,
    );
    expect(lines.find((l) => l.startsWith('Chef;Anne'))).toContain(';Dirigeant;Dirigeant;Actif;');

    const before = { ...(await snapshot(w.club.id)), guardians: await guardianRows(w.club.id) };
    const sim = await upload(w.asBoss, w.club.id, exported, { simulation: true });
    expect(sim.status, sim.text).toBe(200);
    expect(report(sim)).toMatchObject({ crees: 0, misAJour: 0, erreurs: [] });
    expect(report(sim).apercu?.every((r) => r.resultat === 'INCHANGE')).toBe(true);
    const real = await upload(w.asBoss, w.club.id, exported, { simulation: false });
    expect(real.status, real.text).toBe(200);
    expect(report(real)).toMatchObject({ crees: 0, misAJour: 0, inchanges: before.rows.length });
    expect({ ...(await snapshot(w.club.id)), guardians: await guardianRows(w.club.id) }).toEqual(
      before,
    );
  });

  it('the same rows in another club create the father-coach and his son without e-mail, the parent’s row after the child’s; no invitation for the child', async () => {
    const w = await world();
    const { fatherEmail } = await family(w);
    const text = (await exportOf(w.asBoss, w.club.id)).subarray(3).toString('utf8');
    const [header, ...rows] = text.split('\r\n');
    const father = rows.find((l) => l.startsWith('Petit;Marc'))!;
    const son = rows.find((l) => l.startsWith('Petit;Léo'))!;
    // Another club with teams of the same names.
    const other = await world();
    await createTeam(ctx.app.db, other.club.id, { nom: 'U11', categorie: 'U11' });
    const otherEmail = fatherEmail.replace('pere.', 'pere2.');
    const csv = [
      header,
      son.replace(fatherEmail, otherEmail),
      father.replace(fatherEmail, otherEmail),
      '',
    ].join('\r\n');
    const real = await upload(other.asBoss, other.club.id, csv, { simulation: false });
    expect(real.status, real.text).toBe(200);
    expect(report(real)).toMatchObject({ crees: 2, erreurs: [] });

    const list = await other.asBoss.send(api.members.listClub, {
      params: { clubId: other.club.id },
    });
    const all = listOf(list.body);
    const dad = all.find((m) => m.email === otherEmail)!;
    const kid = all.find((m) => m.prenom === 'Léo')!;
    expect(dad).toMatchObject({
      role: 'ENTRAINEUR',
      roleClub: null,
      equipes: [{ nom: 'U11', role: 'ENTRAINEUR' }],
      enfants: [{ id: kid.id, prenom: 'Léo' }],
    });
    expect(kid).toMatchObject({
      role: 'JOUEUR',
      email: null,
      numeroTelephone: null,
      equipes: [{ nom: 'U13', role: 'JOUEUR' }],
      parentsIds: [dad.id],
    });
    // One invitation, the father's: the child's mails go to him (decision 0111).
    await waitForMail(ctx, (m) => m.to.includes(otherEmail), 15_000);
    const [audit] = await ctx.app.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.clubId, other.club.id),
          eq(auditLog.entity, 'member'),
          eq(auditLog.entityId, kid.id),
        ),
      );
    expect(audit?.details).toMatchObject({ invitation: false, parentIds: [dad.id] });
  });

  it('refuses in French: a child without e-mail nor parent, an unknown parent, an adult without e-mail, a wrong club role or team role', async () => {
    const w = await world();
    const head =
      'Nom;Prénom;Date de naissance;Genre;E-mail;Téléphone;Rôle club;Équipes (rôle);Parents';
    const csv = [
      head,
      'Petit;Léo;10/09/2016;Homme;;;;U13 (Joueur);', // 2: a child, no parent
      `Petit;Lou;10/09/2016;Femme;;;;U13;inconnu.${uid()}@example.org`, // 3: unknown parent
      `Petit;Max;10/09/1990;Homme;;06 00 00 00 00;;;${w.coach.email}`, // 4: an adult needs one
      `Grand;Eve;10/09/1990;Femme;eve.${uid()}@example.org;06 00 00 00 00;Présidente du monde;;`, // 5
      `Grand;Ali;10/09/1990;Homme;ali.${uid()}@example.org;06 00 00 00 00;;U13 (Arbitre);`, // 6
      `Petit;Zoé;10/09/2016;Femme;;;;U13 (Joueur);Marc Petit <${w.coach.email}>`, // 7: fine
      '',
    ].join('\r\n');
    const sim = await upload(w.asBoss, w.club.id, csv, { simulation: true });
    expect(sim.status, sim.text).toBe(200);
    expect(report(sim).erreurs).toEqual([
      { ligne: 2, colonne: 'E-mail', message: M.childWithoutEmail },
      { ligne: 2, colonne: 'Téléphone', message: M.required },
      { ligne: 3, colonne: 'E-mail', message: M.childWithoutEmail },
      { ligne: 3, colonne: 'Téléphone', message: M.required },
      { ligne: 3, colonne: 'Parents', message: expect.stringContaining('Parent introuvable') },
      { ligne: 4, colonne: 'E-mail', message: M.emailRequired },
      { ligne: 5, colonne: 'Rôle club', message: M.roleClubInvalid },
      { ligne: 6, colonne: 'Équipes (rôle)', message: M.teamRoleInvalid('U13', 'Arbitre') },
    ]);
    expect(report(sim).apercu?.find((r) => r.ligne === 7)?.resultat).toBe('NOUVEAU');
  });
});
