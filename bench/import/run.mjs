#!/usr/bin/env node
// The season's members import at its limit: 5,000 new members in one CSV file, on the production
// build, PGlite then PostgreSQL (bench/import/README.md). For each database: the demo club is
// seeded, the server started, its leader signed in; a hello-world is measured in the same run
// (the ratio rule of bench/README.md); then the file is previewed (simulation), imported for
// real, and imported again (nothing changes), each timed, with the server's RSS sampled every
// 50 ms during the real import. Between the two imports it waits for what follows the commit
// (convocations, then the 5,000 invitations written to DATA_DIR/outbox, no SMTP) and times it.
// Exits 1 when a target is missed.
// Usage: npm run build && node bench/import/run.mjs   (BENCH_DATABASES=pglite,postgres; BENCH_ROWS=5000)
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { api, createClient, queryString } from '@club/contract';
import { FIRST_NAMES_ACCENTED, LAST_NAMES } from '../../apps/server/src/db/sample-names.ts';
import {
  DEMO_PASSWORD,
  demoEmail,
  load,
  machine,
  pgliteDatabase,
  postgresDatabase,
  seedDemo,
  signIn,
  startHelloWorld,
  startServer,
} from '../lib/server.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const TARGET_SECONDS = { PGlite: 10, PostgreSQL: 5 };
const TARGET_RSS_GROWTH_MB = 50;

/** The calls of the contract over fetch, with the session's cookie and anti-forgery header. */
function client(base, cookie) {
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '');
  return createClient(api, async ({ method, path, query, body }) => {
    const multipart = body instanceof FormData;
    const res = await fetch(`${base}${path}${queryString(query)}`, {
      method,
      headers: {
        cookie,
        origin: base,
        ...(method === 'GET' ? {} : { 'x-xsrf-token': xsrf }),
        ...(body && !multipart ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    });
    const text = await res.text();
    const data = text ? JSON.parse(text) : null;
    if (!res.ok && res.status !== 422)
      throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return data;
  });
}

/** ROWS new members, French names with accents, a fifth of them in two teams. */
function membersFile(teams, runId) {
  const header = 'Nom;Prénom;Né(e) le;Sexe;Courriel;Mobile;N° licence;Rôle;Équipe(s)';
  const noms = LAST_NAMES;
  const prenoms = FIRST_NAMES_ACCENTED;
  const lines = [header];
  for (let i = 0; i < ROWS; i++) {
    const year = 1960 + (i % 60);
    const day = String(1 + (i % 28)).padStart(2, '0');
    const month = String(1 + (i % 12)).padStart(2, '0');
    const team = teams[i % teams.length];
    const second = i % 5 === 0 ? `, ${teams[(i + 1) % teams.length]}` : '';
    lines.push(
      [
        `${noms[i % noms.length]}-${i}`,
        prenoms[i % prenoms.length],
        `${day}/${month}/${year}`,
        i % 2 ? 'F' : 'M',
        `import.${runId}.${i}@bench.example`,
        `06 ${String(10_000_000 + i).replace(/(\d{2})(?=\d)/g, '$1 ')}`,
        `LIC-${runId}-${i}`,
        i % 50 === 0 ? 'Entraîneur' : 'Joueur',
        `${team}${second}`,
      ].join(';'),
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

async function importOnce(call, clubId, bytes, simulation) {
  const body = new FormData();
  body.append('fichier', new Blob([bytes], { type: 'text/csv' }), 'membres.csv');
  const t0 = performance.now();
  const report = await call.members.import({
    params: { clubId },
    query: { simulation: simulation ? 'true' : 'false' },
    body,
  });
  return { seconds: (performance.now() - t0) / 1000, report };
}

async function measure(database) {
  await seedDemo(database);
  const server = await startServer({
    env: { ...database.env, LOGIN_LIMIT_PER_IP: '1000', LOG_LEVEL: 'error' },
    stdio: process.env.BENCH_SERVER_OUTPUT ? 'inherit' : 'ignore',
  });
  try {
    const cookie = await signIn(server.base, demoEmail('jade.martin'), DEMO_PASSWORD);
    const call = client(server.base, cookie);
    const me = await call.dashboard.infos();
    const clubId = me.idClub;
    const teams = (await call.teams.listClub({ params: { clubId } })).map((t) => t.nom);
    const bytes = membersFile(teams, Date.now().toString(36));

    const simulation = await importOnce(call, clubId, bytes, true);
    if (simulation.report.crees !== ROWS || simulation.report.erreurs.length)
      throw new Error(`aperçu inattendu : ${JSON.stringify(simulation.report).slice(0, 400)}`);

    // RSS during the real import: sampled every 50 ms, compared with the moment before it.
    await sleep(500);
    const rssBefore = server.rssMB();
    let rssMax = rssBefore;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        rssMax = Math.max(rssMax, server.rssMB());
        await sleep(50);
      }
    })();
    const real = await importOnce(call, clubId, bytes, false);
    sampling = false;
    await sampler;
    rssMax = Math.max(rssMax, server.rssMB());
    if (real.report.crees !== ROWS || real.report.simulation)
      throw new Error(`import inattendu : ${JSON.stringify(real.report).slice(0, 400)}`);

    // What follows the commit: the queued job convokes and invites; each mail lands in the outbox.
    const outbox = path.join(database.env.DATA_DIR, 'outbox');
    const mails = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0);
    const before = mails();
    const t0 = performance.now();
    const deadline = Date.now() + 30 * 60_000;
    while (mails() - before < ROWS && Date.now() < deadline) await sleep(500);
    const followUp = (performance.now() - t0) / 1000;
    const invited = mails() - before;

    const again = await importOnce(call, clubId, bytes, false);
    if (again.report.inchanges !== ROWS || again.report.crees || again.report.misAJour)
      throw new Error(`second import inattendu : ${JSON.stringify(again.report).slice(0, 400)}`);
    const members = await call.members.listClub({
      params: { clubId },
      query: { page: 0, size: 1 },
    });
    return {
      kind: database.kind,
      simulation: simulation.seconds,
      real: real.seconds,
      followUp,
      invited,
      again: again.seconds,
      rssBefore,
      rssMax,
      rssAfter: server.rssMB(),
      members: members.totalElements,
    };
  } finally {
    await server.stop();
  }
}

const m = machine();
const loadStart = m.load;
const hello = await startHelloWorld();
const reference = await load(`${hello.base}/`, { connections: 50, duration: 5 });
await hello.stop();

const results = [];
for (const name of DATABASES) {
  const database = name === 'postgres' ? await postgresDatabase() : pgliteDatabase();
  try {
    results.push(await measure(database));
  } finally {
    await database.drop();
  }
}

const f = (n, d = 2) => n.toFixed(d);
console.log(
  `\nImport de ${ROWS.toLocaleString('fr-FR')} membres — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
);
console.log(
  `Machine : ${m.cores} cœurs (${m.cpu}), Node ${m.node}, charge moyenne au départ ${loadStart}, à la fin ${machine().load}.`,
);
console.log(
  `Référence hello-world Node : ${Math.round(reference.rps)} req/s (autocannon -c 50 -d 5).\n`,
);
console.log(
  '| base | aperçu (simulation) | import | lignes/s | ratio (lignes/s ÷ hello req/s) | RSS avant → max (croissance) | cible | après le commit : convocations et invitations | réimport (inchangé) |',
);
console.log('|---|---:|---:|---:|---:|---|---|---|---:|');
let failed = false;
for (const r of results) {
  const growth = r.rssMax - r.rssBefore;
  const ok = r.real <= TARGET_SECONDS[r.kind] && growth <= TARGET_RSS_GROWTH_MB;
  failed ||= !ok;
  const rate = ROWS / r.real;
  console.log(
    `| ${r.kind} | ${f(r.simulation)} s | **${f(r.real)} s** | ${Math.round(rate)} | ${f(rate / reference.rps, 4)} | ${r.rssBefore} → ${r.rssMax} Mo (**+${growth} Mo**) | ${ok ? 'tenue' : 'NON TENUE'} (≤ ${TARGET_SECONDS[r.kind]} s, ≤ +${TARGET_RSS_GROWTH_MB} Mo) | ${f(r.followUp, 1)} s (${r.invited} e-mails) | ${f(r.again)} s |`,
  );
}
console.log(
  `\nMembres du club après l’import : ${results.map((r) => `${r.kind} ${r.members}`).join(', ')}.`,
);
process.exit(failed ? 1 : 0);
