#!/usr/bin/env node
// `npm run bench` (after the build): every measurement owned by this runner (bench/README.md),
// against the production build on loopback, on PGlite and on PostgreSQL, then appends the figures
// to bench/results/<date>.md (bench/lib/record.mjs). Stops by itself.
//
//   BENCH_DURATION=10 BENCH_CONNECTIONS=50   autocannon settings of the read calls
//   BENCH_DATABASES=pglite,postgres          which databases (BENCH_PG_URL: the PostgreSQL server)
//   BENCH_FRONT=0                            skip the front end (JS per route, Lighthouse)
//   BENCH_RECORD=0                           print only, do not write bench/results/<date>.md
//   BENCH_CPU_PROF=dir                       write the server's CPU profiles (node --cpu-prof) there
//   BENCH_SCALE=0 BENCH_CLUSTER=0            skip bench/run-all.d/10-scale.mjs, 20-cluster.mjs
//   BENCH_ONLY=regex                         only the calls whose title matches (and the hello-world)
//   BENCH_LOGIN=0                            skip the sign-in measurements
//
// The signed-in reads are every signed-in GET of the contract (bench/lib/read-calls.ts, filled
// from the demo club's data): a new route gets its row without editing this file. The hot-read
// target applies to the answers the response cache keeps (they say `x-cache`) and to infos; the
// others are read on demand, one transaction each, and must all be answered (0 errors).
//
// Other scripts can add their own sections: every executable bench/run-all.d/*.mjs is run after
// ours with the same environment and its standard output (Markdown) is appended to the report.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  DEMO_PASSWORD,
  demoEmail,
  load,
  machine,
  pgliteDatabase,
  postgresDatabase,
  preLoginCsrf,
  repoRoot,
  seedDemo,
  signIn,
  startHelloWorld,
  startServer,
} from './lib/server.mjs';
import { profileSummary } from './lib/cpu-profile.mjs';
import { recordRun } from './lib/record.mjs';
import { tsImport } from 'tsx/esm/api';
import { api, benchClient, routeKey } from './lib/contract.mjs';

const { readCalls } = await tsImport('./lib/read-calls.ts', import.meta.url);

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const cpuProfDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const withLogin = process.env.BENCH_LOGIN !== '0';
const TARGETS = {
  PostgreSQL: { ratio: 0.12, infos: 0.25, p99: 25 },
  PGlite: { ratio: 0.04, infos: 0.04, p99: 60 },
};

const started = new Date();
const m = machine();
const out = [];
const log = (line = '') => {
  console.log(line);
  out.push(line);
};
const pad = (n) => String(n).padStart(2, '0');
const ymd = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

log(`## ${started.toISOString().slice(11, 16)} UTC — \`npm run bench\``);
log();
log(
  `Machine : ${m.cores} cœurs (${m.cpu}), Node ${m.node}, charge moyenne au départ ${m.load}. ` +
    `autocannon -c ${connections} -d ${duration}.`,
);

/** The demo club's data the signed-in reads are filled from (bench/lib/read-calls.ts), read as its leader. */
async function demoData(client) {
  const now = new Date();
  const first = new Date(now.getFullYear(), now.getMonth(), 1);
  const last = new Date(now.getFullYear(), now.getMonth() + 1, 0);
  const infos = await client.dashboard.infos();
  const clubId = infos.idClub;
  const teams = await client.teams.listClub({ params: { clubId } });
  const team = teams.find((t) => /senior/i.test(t.nom)) ?? teams[0];
  const teamMembers = await client.members.listTeam({ params: { clubId, nomEquipe: team.nom } });
  const member = teamMembers.find((m) => m.role === 'JOUEUR') ?? teamMembers[0];
  const events = await client.events.listClub({
    params: { clubId },
    query: { from: ymd(first), to: ymd(last) },
  });
  const ofTeam = events.filter((e) => e.equipesIds?.includes(team.id));
  const event = ofTeam.find((e) => e.type !== 'MATCH') ?? ofTeam[0] ?? events[0];
  const matches = await client.matches.listTeam({ params: { id: team.id } });
  const match = (Array.isArray(matches) ? matches : matches.content)?.[0];
  const announcements = await client.announcements.list();
  const announcement = (Array.isArray(announcements) ? announcements : announcements.content)?.[0];
  const conversations = await client.conversations.list();
  const club = await client.clubs.get({ params: { id: clubId } });
  const fees = await client.fees.list();
  const paid = fees.cotisations.find((r) => r.paye > 0);
  return {
    clubId,
    team: { id: team.id, nom: team.nom, categorie: team.categorie, division: team.division },
    memberId: member.id,
    eventId: event?.id ?? null,
    matchId: match?.id ?? null,
    announcementId: announcement?.id ?? null,
    conversationId: conversations[0]?.id ?? null,
    hasLogo: Boolean(club.logoUrl),
    paidMemberId: paid?.membre.id ?? null,
    nameFragment: member.nom.slice(0, 3),
    today: ymd(now),
    monthFirst: ymd(first),
    monthLast: ymd(last),
  };
}

async function measureDatabase(kind) {
  const database = kind === 'postgres' ? await postgresDatabase() : pgliteDatabase();
  const hello = await startHelloWorld();
  let server;
  try {
    await seedDemo(database);
    server = await startServer({
      env: {
        ...database.env,
        // The bench signs in far more than 30 times in 5 minutes from one address.
        LOGIN_LIMIT_PER_IP: '1000000000',
      },
      // Its logs go nowhere (they are written, as in production, but not read back by the bench).
      stdio: 'ignore',
      nodeArgs: cpuProfDir
        ? ['--cpu-prof', `--cpu-prof-dir=${path.join(cpuProfDir, database.kind)}`]
        : [],
    });
    const { base } = server;
    const cookie = await signIn(base, demoEmail('jade.martin'));
    const headers = { cookie };
    const demo = await demoData(benchClient(base, cookie));
    const reads = readCalls(demo);
    const calls = [
      [routeKey(api.publicSite.healthLive), api.publicSite.healthLive.path, false],
      [routeKey(api.publicSite.health), api.publicSite.health.path, false],
      ['GET / (accueil)', '/', false],
      ...reads.filter((c) => c.url).map((c) => [c.title, c.url, true]),
    ].filter(([title]) => !only || only.test(title));
    const unmeasured = reads
      .filter((c) => !c.url && (!only || only.test(c.title)))
      .map((c) => ({ title: c.title, missing: c.missing }));
    // Which answers the response cache keeps: they say `x-cache` (docs/architecture.md §3.3).
    const cached = new Set();
    for (const [title, p, signed] of calls) {
      const res = await fetch(`${base}${p}`, { headers: signed ? headers : {} });
      if (!res.ok) throw new Error(`${p} : ${res.status}`);
      if (res.headers.has('x-cache')) cached.add(title);
      await res.arrayBuffer();
    }
    const rssIdle = server.rssMB();
    console.error(`… ${database.kind} : référence hello-world`);
    const ref = await load(`${hello.base}/`, { connections, duration });
    const rows = [];
    for (const [title, p, signed] of calls) {
      console.error(`… ${database.kind} : ${title}`);
      rows.push({
        title,
        signed,
        cached: cached.has(title),
        ...(await load(`${base}${p}`, { connections, duration, headers: signed ? headers : {} })),
      });
      // Requests still queued at the database when the load stops would slow the next row: wait
      // for a database round trip to come back, a second, and another one.
      await fetch(base + api.publicSite.healthReady.path);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await fetch(base + api.publicSite.healthReady.path);
    }
    const rssAfter = server.rssMB();

    const logins = withLogin ? await measureLogins(base, database.kind, headers) : null;
    const rssEnd = server.rssMB();
    return {
      kind: database.kind,
      ref,
      rows,
      rssIdle,
      rssAfter,
      rssEnd,
      logins,
      unmeasured,
    };
  } finally {
    await server?.stop();
    await hello.stop();
    await database.drop();
  }
}

/** Sustained sign-ins (Argon2id) and, during a login burst, another call's latency. */
async function measureLogins(base, kind, headers) {
  const csrf = await preLoginCsrf(base);
  const loginOpts = {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: csrf.cookie,
      'x-xsrf-token': csrf.token,
      origin: base,
    },
    body: JSON.stringify({
      email: demoEmail('raphael.richard'),
      password: DEMO_PASSWORD,
      deviceFingerprint: 'bench-device-0001',
    }),
  };
  console.error(`… ${kind} : connexions`);
  const login = await load(base + api.auth.login.path, {
    ...loginOpts,
    connections: 10,
    duration,
  });
  const side = { connections: 5, duration, headers };
  const infos = base + api.dashboard.infos.path;
  console.error(`… ${kind} : ${api.dashboard.infos.path} seul puis pendant les connexions`);
  const infosAlone = await load(infos, side);
  const [infosDuring, loginDuring] = await Promise.all([
    load(infos, side),
    load(base + api.auth.login.path, { ...loginOpts, connections: 10, duration }),
  ]);
  return { login, infosAlone, infosDuring, loginDuring };
}

const failures = [];
for (const kind of databases) {
  const r = await measureDatabase(kind);
  const t = TARGETS[r.kind];
  log();
  log(`#### ${r.kind} (démo « AS Démo Nantes », connecté en dirigeant)`);
  log();
  log(`Référence hello-world Node : ${Math.round(r.ref.rps)} req/s (p99 ${r.ref.p99} ms).`);
  log();
  log('| appel | req/s | ratio | p50 ms | p99 ms | octets/rép. | non-2xx | erreurs | cible |');
  log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const row of r.rows) {
    const ratio = row.rps / r.ref.rps;
    let target = '';
    if (row.signed && (row.cached || row.title.includes('infos'))) {
      // The hot reads: kept by the response cache, or answered from the session (infos).
      const min = row.title.includes('infos') ? t.infos : t.ratio;
      const ok = ratio >= min && row.p99 <= t.p99 && row.non2xx === 0 && row.errors === 0;
      target = `${ok ? 'tenue' : '**non tenue**'} (≥ ${min}×, p99 ≤ ${t.p99})`;
      if (!ok) failures.push(`${r.kind} ${row.title}`);
    } else if (row.signed) {
      // Read on demand (a member's card, an export, a match's convocations…): each call is its
      // own transaction; the target is that 50 at once all get their answer.
      const ok = row.non2xx === 0 && row.errors === 0;
      target = `${ok ? 'tenue' : '**non tenue**'} (sans cache : 0 erreur)`;
      if (!ok) failures.push(`${r.kind} ${row.title}`);
    }
    log(
      `| ${row.title} | ${Math.round(row.rps)} | ${ratio.toFixed(3)} | ${row.p50} | ${row.p99} | ${Math.round(row.bytesPerReq)} | ${row.non2xx} | ${row.errors} | ${target} |`,
    );
  }
  for (const u of r.unmeasured) log(`| ${u.title} | | | | | | | | non mesuré : ${u.missing} |`);
  log();
  const memMax = r.kind === 'PostgreSQL' ? 150 : 250;
  log(
    `Mémoire du serveur (RSS) : ${r.rssIdle} Mo au repos (après démarrage et un appel de chaque), ` +
      `${r.rssAfter} Mo après la charge` +
      (r.logins ? `, ${r.rssEnd} Mo après les connexions` : '') +
      ` (cible ≤ ${memMax} Mo).`,
  );
  if (Math.max(r.rssIdle, r.rssAfter) > memMax) failures.push(`${r.kind} mémoire`);
  if (r.logins) {
    const l = r.logins;
    log();
    log(
      `Connexions (POST /auth/connexion/login, Argon2id, -c 10) : ${Math.round(l.login.rps)} /s, ` +
        `p50 ${l.login.p50} ms, p99 ${l.login.p99} ms, non-2xx ${l.login.non2xx}. ` +
        `${routeKey(api.dashboard.infos)} à -c 5 : seul ${Math.round(l.infosAlone.rps)} req/s, p99 ${l.infosAlone.p99} ms ; ` +
        `pendant une rafale de connexions (${Math.round(l.loginDuring.rps)} /s) ${Math.round(l.infosDuring.rps)} req/s, p99 ${l.infosDuring.p99} ms.`,
    );
  }
}

if (cpuProfDir) {
  for (const kind of fs.readdirSync(cpuProfDir)) {
    const dir = path.join(cpuProfDir, kind);
    for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
      log();
      log(
        `Profil CPU du serveur (${kind}, toute la durée du bench), premières fonctions (temps propre) :`,
      );
      log();
      log(profileSummary(path.join(dir, f), 12));
    }
  }
}

if (process.env.BENCH_FRONT !== '0') {
  const front = spawnSync(process.execPath, [path.join(repoRoot, 'bench/front-end.mjs')], {
    cwd: repoRoot,
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  log();
  log(front.stdout.trim());
  if (front.status !== 0) failures.push('front end');
}

const extraDir = path.join(repoRoot, 'bench/run-all.d');
if (fs.existsSync(extraDir)) {
  for (const f of fs
    .readdirSync(extraDir)
    .filter((f) => f.endsWith('.mjs'))
    .sort()) {
    const r = spawnSync(process.execPath, [path.join(extraDir, f)], {
      cwd: repoRoot,
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    });
    log();
    log(r.stdout.trim());
    if (r.status !== 0) failures.push(f);
  }
}

log();
log(
  `Fin : ${new Date().toISOString().slice(11, 16)} UTC, charge moyenne ${machine().load}. ` +
    (failures.length
      ? `Cibles non tenues : ${failures.join(' ; ')}.`
      : 'Toutes les cibles tenues.'),
);
if ((process.env.BENCH_RECORD ?? process.env.BENCH_README) !== '0') {
  const file = recordRun(repoRoot, started.toISOString().slice(0, 10), out.join('\n'));
  console.log(`\nAjouté à ${path.relative(repoRoot, file)}`);
}
process.exit(failures.length ? 1 : 0);
