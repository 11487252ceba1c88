#!/usr/bin/env node
// 200 families following one match live (docs/decisions/0120-live-stream.md,
// docs/decisions/0125-match-sheet-and-live-actions.md, bench/README.md): on the production build
// and a throwaway PostgreSQL database, the demo club plus a team of 100 players, each with a
// parent (100 more accounts, guardians of one player each: 200 families' accounts, each signed in
// through the real login); each opens one stream GET /api/flux; the club's leader creates a match
// of the team that started 30 minutes ago, saves its sheet (11 starters), then records actions
// one after the other (a goal, an assist, a card, the opponent's goal, in turn) through POST
// /api/matches/{id}/actions; for each, the time from the POST to its `match` event (changement
// `action`) on each of the 200 streams (after 5 actions not counted); also the POST's own time
// and the fan-out (the POST's answer to the last stream's event). Server RSS before, with the
// streams open, after. Exits 1 when an event is missing or p99 > 200 ms.
// Usage: npm run build && node bench/live-match/run.mjs   (BENCH_PG_URL, BENCH_ACTIONS=100)
import os from 'node:os';
import pg from 'pg';
import {
  DEMO_PASSWORD,
  machine,
  postgresDatabase,
  seedDemo,
  signIn,
  startServer,
} from '../lib/server.mjs';
import { benchClient } from '../lib/contract.mjs';
import { openLiveStream } from '../lib/live-stream.mjs';

const PLAYERS = 100;
const STARTERS = 11;
const ACTIONS = Number(process.env.BENCH_ACTIONS ?? 100);
/** Actions recorded first and not counted (the first statements of a fresh server). */
const WARM_UP = 5;
const TARGET_P99_MS = 200;
const TURN = ['BUT', 'PASSE_DECISIVE', 'CARTON_JAUNE', 'BUT_ADVERSAIRE'];

const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The team, its players and one parent per player, straight into the database. */
async function seedFamilies(url) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select m.club_id, m.password_hash, m.email, c.timezone from members m
         join clubs c on c.id = m.club_id
        where m.role = 'DIRIGEANT' and m.password_hash is not null order by m.id limit 1`,
    );
    const { club_id: clubId, password_hash: hash, email: leaderEmail, timezone } = rows[0];
    const team = await db.query(
      `insert into teams (club_id, nom, categorie, division) values ($1, 'Bench Match', 'U13', 'D1') returning id, nom`,
      [clubId],
    );
    const teamId = team.rows[0].id;
    const insert = (prefix, role, withTeam) =>
      db.query(
        `insert into members (club_id, team_id, nom, prenom, email, role, statut, date_naissance,
                              password_hash, activated_at)
         select $1, $2, '${prefix}-' || i, 'Bench', 'bench.${prefix}.' || i || '@bench.example',
                '${role}', 'Actif', date '${withTeam ? '2014-01-01' : '1985-01-01'}', $3, now()
           from generate_series(1, ${PLAYERS}) i returning id, email`,
        [clubId, withTeam ? teamId : null, hash],
      );
    const players = (await insert('joueur', 'JOUEUR', true)).rows;
    const parents = (await insert('parent', 'PARENT', false)).rows;
    // The primary team's membership row (kept by the application; inserted here by hand).
    await db.query(
      `insert into team_memberships (club_id, team_id, member_id)
       select $1, $2, unnest($3::int[]) on conflict do nothing`,
      [clubId, teamId, players.map((p) => p.id)],
    );
    await db.query(
      `insert into guardians (club_id, parent_id, child_id)
       select $1, unnest($2::int[]), unnest($3::int[])`,
      [clubId, parents.map((p) => p.id), players.map((p) => p.id)],
    );
    return { clubId, teamId, timezone, players, parents, leaderEmail };
  } finally {
    await db.end();
  }
}

/** The club's wall clock `minutes` from now, 'YYYY-MM-DDTHH:mm:ss'. */
const clubLocal = (timeZone, minutes) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
    .format(new Date(Date.now() + minutes * 60_000))
    .replace(' ', 'T');

const loadAtStart = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');
const database = await postgresDatabase();
let server;
try {
  await seedDemo(database);
  const world = await seedFamilies(database.env.DATABASE_URL);
  server = await startServer({
    env: { ...database.env, LOGIN_LIMIT_PER_IP: '10000', LOGIN_FAILURES_PER_EMAIL: '10000' },
    stdio: 'inherit',
  });
  const idle = server.rssMB();
  const leader = await signIn(server.base, world.leaderEmail);
  const families = [];
  const signInStarted = performance.now();
  for (const m of [...world.players, ...world.parents])
    families.push(await signIn(server.base, m.email, DEMO_PASSWORD));
  const signInMs = performance.now() - signInStarted;

  // The match: started 30 minutes ago, 90 minutes long; the team's players are convoked.
  const asLeader = benchClient(server.base, leader);
  const event = await asLeader.events.create({
    body: {
      clubId: world.clubId,
      nom: 'Match en direct',
      lieux: 'Stade du bench',
      type: 'MATCH',
      dateDebut: clubLocal(world.timezone, -30),
      dateFin: clubLocal(world.timezone, 60),
      equipesIds: [world.teamId],
      adversaireNom: 'FC Voisin',
    },
  });
  const matchId = event.match.id;
  const starters = world.players.slice(0, STARTERS);
  await asLeader.matchSheet.updateSheet({
    params: { id: matchId },
    body: {
      joueurs: starters.map((p, i) => ({ membreId: p.id, titulaire: true, numero: i + 1 })),
    },
  });

  // arrivals[i] = times of arrival of action i's event on the families' streams
  let current = -1;
  const arrivals = [];
  const onAction = (t) => {
    if (current >= 0) arrivals[current].push(t);
  };
  const openStarted = performance.now();
  const streams = [];
  for (const cookie of families)
    streams.push(
      await openLiveStream(server.base, cookie, (name, data, at) => {
        if (name === 'match' && data.changement === 'action') onAction(at);
      }),
    );
  const openMs = performance.now() - openStarted;
  await new Promise((r) => setTimeout(r, 2_000));
  const withStreams = server.rssMB();

  const latencies = [];
  const postMs = [];
  const fanOutMs = [];
  const perAction = [];
  let missing = 0;
  for (let i = 0; i < WARM_UP + ACTIONS; i++) {
    const type = TURN[i % TURN.length];
    arrivals[i] = [];
    current = i;
    const t0 = performance.now();
    await asLeader.matchSheet.addAction({
      params: { id: matchId },
      body: {
        minute: 30 + Math.floor(i / 2),
        type,
        ...(type === 'BUT_ADVERSAIRE' ? {} : { membreId: starters[i % STARTERS].id }),
        cle: `bench-${i}`,
      },
    });
    const answered = performance.now();
    const deadline = Date.now() + 5_000;
    while (arrivals[i].length < streams.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 2));
    if (i >= WARM_UP) {
      postMs.push(answered - t0);
      perAction.push({ i, type, postMs: +(answered - t0).toFixed(1) });
      missing += streams.length - arrivals[i].length;
      for (const t of arrivals[i]) latencies.push(t - t0);
      if (arrivals[i].length) fanOutMs.push(Math.max(...arrivals[i]) - answered);
    }
    await new Promise((r) => setTimeout(r, 250));
    current = -1;
  }
  latencies.sort((a, b) => a - b);
  postMs.sort((a, b) => a - b);
  fanOutMs.sort((a, b) => a - b);
  const after = server.rssMB();
  for (const s of streams) s.close();
  const ms = (v) => +v.toFixed(1);
  const result = {
    machine: { ...machine(), loadAtStart },
    families: families.length,
    signInSeconds: +(signInMs / 1000).toFixed(1),
    openSeconds: +(openMs / 1000).toFixed(1),
    actions: ACTIONS,
    warmUp: WARM_UP,
    deliveries: latencies.length,
    missing,
    latencyMs: {
      p50: ms(pct(latencies, 50)),
      p90: ms(pct(latencies, 90)),
      p99: ms(pct(latencies, 99)),
      max: ms(latencies.at(-1)),
    },
    postMs: { p50: ms(pct(postMs, 50)), p99: ms(pct(postMs, 99)), max: ms(postMs.at(-1)) },
    fanOutAfterAnswerMs: {
      p50: ms(pct(fanOutMs, 50)),
      p99: ms(pct(fanOutMs, 99)),
      max: ms(fanOutMs.at(-1)),
    },
    rssMB: { idle, withStreams, after },
    slowestPosts: perAction.sort((a, b) => b.postMs - a.postMs).slice(0, 5),
  };
  console.log(JSON.stringify(result, null, 2));
  if (missing > 0 || result.latencyMs.p99 > TARGET_P99_MS) process.exitCode = 1;
} finally {
  await server?.stop();
  await database.drop();
}
