#!/usr/bin/env node
// The team members list against its neighbours (bench/README.md, « Team members route »): on the
// production build and the seeded demo club, signed in as its leader, autocannon -c 50 on the
// liveness check, /api/health, the club members list and the team members list of « Seniors A »,
// each as a ratio to a Node hello-world measured in the same run; RSS of the server after the load.
//
//   node bench/team-members/run.mjs [pglite|postgres]     (BENCH_DURATION=10, BENCH_PG_URL)
//
// Run from another checkout (its own build), the same script gives the figures of that version.
import {
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
import { api, benchClient, routeKey, urlOf } from '../lib/contract.mjs';

const kind = process.argv[2] ?? 'pglite';
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const database = kind === 'postgres' ? await postgresDatabase() : pgliteDatabase();
const hello = await startHelloWorld();
let server;
try {
  await seedDemo(database);
  server = await startServer({
    env: { ...database.env, LOGIN_LIMIT_PER_IP: '1000000000' },
    stdio: 'ignore',
  });
  const { base } = server;
  const cookie = await signIn(base, demoEmail('jade.martin'));
  const headers = { cookie };
  const client = benchClient(base, cookie);
  const infos = await client.dashboard.infos();
  const teams = await client.teams.listClub({ params: { clubId: infos.idClub } });
  const team = teams.find((t) => /senior/i.test(t.nom)) ?? teams[0];
  const row = (endpoint, input, h) => [routeKey(endpoint), urlOf(endpoint, input), h];
  const calls = [
    row(api.publicSite.health, {}, {}),
    row(api.members.listClub, { params: { clubId: infos.idClub } }, headers),
    row(api.members.listTeam, { params: { clubId: infos.idClub, nomEquipe: team.nom } }, headers),
  ];
  // Older versions have no liveness route.
  if ((await fetch(base + api.publicSite.healthLive.path)).ok)
    calls.unshift(row(api.publicSite.healthLive, {}, {}));
  for (const [, p, h] of calls) {
    const res = await fetch(`${base}${p}`, { headers: h });
    if (!res.ok) throw new Error(`${p} : ${res.status}`);
  }
  console.log(
    `${database.kind}, charge moyenne au départ ${machine().load}, -c ${connections} -d ${duration}`,
  );
  const ref = await load(`${hello.base}/`, { connections, duration });
  console.log(`hello-world : ${Math.round(ref.rps)} req/s (p99 ${ref.p99} ms)`);
  console.log('| appel | req/s | ratio | p50 ms | p99 ms | octets/rép. | non-2xx | erreurs |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [title, p, h] of calls) {
    const r = await load(`${base}${p}`, { connections, duration, headers: h });
    console.log(
      `| ${title} | ${Math.round(r.rps)} | ${(r.rps / ref.rps).toFixed(3)} | ${r.p50} | ${r.p99} | ${Math.round(r.bytesPerReq)} | ${r.non2xx} | ${r.errors} |`,
    );
  }
  console.log(
    `RSS du serveur après la charge : ${server.rssMB()} Mo ; charge moyenne ${machine().load}`,
  );
} finally {
  await server?.stop();
  await hello.stop();
  await database.drop();
}
