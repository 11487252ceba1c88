// Scale: the hot signed-in calls' latency for one club in a PostgreSQL database of 100
// clubs and in one of 10,000 clubs (1,000,000 members, 2,000,000 events), and the accent-insensitive
// member search by name at 10,000 clubs. Target: p95 at 10,000 clubs ≤ 1.5 × p95 at 100 clubs;
// search p95 < 50 ms. Exits 1 when a target is missed.
//
//   npm run build && node bench/scale/run.mjs
//   BENCH_SCALE_CLUBS=100,10000 BENCH_REQUESTS=300 BENCH_KEEP=1 node bench/scale/run.mjs
//
// Databases club_bench_scale_<N> are created on BENCH_PG_URL's server (loopback only) and dropped at
// the end unless BENCH_KEEP=1 (a later run with BENCH_KEEP=1 reuses them instead of loading again).
import pg from 'pg';
import {
  dropDatabase,
  percentile,
  hotCalls,
  latency,
  loadedDatabase,
  machine,
  signIn,
  startServer,
  writeResult,
} from './lib.mjs';
import { api, urlOf } from '../lib/contract.mjs';

const sizes = (process.env.BENCH_SCALE_CLUBS ?? '100,10000').split(',').map(Number);
const requests = Number(process.env.BENCH_REQUESTS ?? 300);
const keep = process.env.BENCH_KEEP === '1';
const SEARCHES = ['lefevre', 'GUERIN', 'hélène', 'mul', 'Noel'];

/**
 * The search statement alone, timed from a client beside the database (one at a time, so the
 * machine's load weighs less than on the HTTP figures): in the probe club (the application's
 * query) and over every club (what the trigram index is for), with the plan's access paths.
 */
async function searchInDatabase(probe) {
  const client = new pg.Client({ connectionString: probe.url });
  await client.connect();
  const nodes = (plan, acc = new Set()) => {
    if (/Scan/.test(plan['Node Type']))
      acc.add(`${plan['Node Type']} ${plan['Index Name'] ?? plan['Relation Name'] ?? ''}`.trim());
    for (const p of plan.Plans ?? []) nodes(p, acc);
    return acc;
  };
  const time = async (text, params) => {
    const { rows } = await client.query(`explain (format json) ${text}`, params(SEARCHES[0]));
    const plan = [...nodes(rows[0]['QUERY PLAN'][0].Plan)].join(', ');
    const times = [];
    for (let i = 0; i < 40 * SEARCHES.length; i++) {
      const t0 = performance.now();
      await client.query(text, params(SEARCHES[i % SEARCHES.length]));
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const r = (v) => Math.round(v * 10) / 10;
    return { p50: r(percentile(times, 50)), p95: r(percentile(times, 95)), plan };
  };
  const like = (q) => `%${q}%`;
  try {
    return {
      club: await time(
        `select id, nom, prenom from members
         where club_id = $1 and f_unaccent(nom::text) ilike f_unaccent($2)
         order by lower(unaccent(nom)), lower(unaccent(prenom)), id`,
        (q) => [probe.probeClubId, like(q)],
      ),
      all: await time(
        `select id, club_id, nom, prenom from members
         where f_unaccent(nom::text) ilike f_unaccent($1) limit 50`,
        (q) => [like(q)],
      ),
    };
  } finally {
    await client.end();
  }
}

const results = [];
for (const clubs of sizes) {
  const name = `club_bench_scale_${clubs}`;
  const t0 = Date.now();
  const probe = await loadedDatabase(name, clubs, { reuse: keep });
  console.log(
    `${clubs} clubs : base ${probe.reused ? 'réutilisée' : `chargée en ${probe.loadSeconds} s`} ` +
      `(club mesuré ${probe.probeClubId}, ${Math.round((Date.now() - t0) / 1000)} s)`,
  );
  const server = await startServer({ DATABASE_URL: probe.url });
  try {
    const { cookie } = await signIn(server.base, probe.dirigeant.email, probe.password);
    const calls = [];
    for (const call of hotCalls(probe)) {
      const figures = await latency(server.base, cookie, call.path, { requests });
      calls.push({ ...call, ...figures });
      console.log(`  ${call.name.padEnd(48)} p50 ${figures.p50} ms  p95 ${figures.p95} ms`);
    }
    const search = [];
    for (const q of SEARCHES) {
      const path = urlOf(api.members.searchClub, {
        params: { clubId: probe.probeClubId },
        query: { nom: q },
      });
      search.push(
        await latency(server.base, cookie, path, {
          requests: Math.ceil(requests / 3),
          concurrency: 1,
        }),
      );
    }
    const searchP95 = Math.max(...search.map((s) => s.p95));
    console.log(`  recherche par nom, HTTP (${SEARCHES.length} termes) p95 ≤ ${searchP95} ms`);
    const sqlSearch = await searchInDatabase(probe);
    console.log(
      `  recherche dans PostgreSQL : club p95 ${sqlSearch.club.p95} ms (${sqlSearch.club.plan}) ; ` +
        `tous clubs p95 ${sqlSearch.all.p95} ms (${sqlSearch.all.plan})`,
    );
    results.push({ clubs, probe, calls, searchP95, search, sqlSearch });
  } finally {
    await server.stop();
    if (!keep) await dropDatabase(name);
  }
}

let failed = false;
if (results.length >= 2) {
  const [small, big] = [results[0], results.at(-1)];
  console.log(
    `\n| appel | p95 ${small.clubs} clubs (ms) | p95 ${big.clubs} clubs (ms) | rapport |`,
  );
  console.log('|---|---:|---:|---:|');
  for (let i = 0; i < small.calls.length; i++) {
    const ratio = big.calls[i].p95 / small.calls[i].p95;
    if (ratio > 1.5) failed = true;
    console.log(
      `| \`${small.calls[i].name}\` | ${small.calls[i].p95} | ${big.calls[i].p95} | ${ratio.toFixed(2)} |`,
    );
  }
  const row = (label, x, y) => console.log(`| ${label} | ${x} | ${y} | ${(y / x).toFixed(2)} |`);
  row('recherche par nom, HTTP (p95 du pire terme)', small.searchP95, big.searchP95);
  row('recherche par nom, requête SQL du club', small.sqlSearch.club.p95, big.sqlSearch.club.p95);
  row('recherche par nom, requête SQL tous clubs', small.sqlSearch.all.p95, big.sqlSearch.all.p95);
  if (big.searchP95 >= 50) failed = true;
}
const file = writeResult('scale', { date: new Date().toISOString(), machine: machine(), results });
console.log(`\n${machine()}\nrésultats : ${file}`);
if (failed) {
  console.error('Objectif manqué (rapport > 1,5 ou recherche ≥ 50 ms).');
  process.exit(1);
}
