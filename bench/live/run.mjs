#!/usr/bin/env node
// The live stream under load (docs/decisions/0120-live-stream.md, bench/README.md): on the
// production build and a throwaway PostgreSQL database, the demo club plus a team of 25 players
// and 75 other members; 2,000 streams GET /api/flux open on the one instance (20 tabs each for
// 100 members); the club's leader opens the team's conversation and sends messages one after
// the other; for each, the time from the send to its `message` event on every open stream of the
// team (500 streams). Server RSS before, with the streams open, after. Exits 1 when p99 > 200 ms.
// Usage: npm run build && node bench/live/run.mjs   (BENCH_PG_URL, BENCH_MESSAGES=20)
import pg from 'pg';
import {
  DEMO_PASSWORD,
  machine,
  postgresDatabase,
  preLoginCsrf,
  seedDemo,
  signIn,
  startServer,
} from '../lib/server.mjs';
import { benchClient } from '../lib/contract.mjs';
import { openLiveStream } from '../lib/live-stream.mjs';

const TEAM = 25;
const OTHERS = 75;
const TABS = 20;
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20);
const TARGET_P99_MS = 200;

const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The team and the other members, straight into the database, with the leader's password. */
async function seedMembers(url) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select club_id, password_hash, email from members where role = 'DIRIGEANT'
        and password_hash is not null order by id limit 1`,
    );
    const { club_id: clubId, password_hash: hash, email: leaderEmail } = rows[0];
    const team = await db.query(
      `insert into teams (club_id, nom, categorie, division) values ($1, 'Bench Direct', 'Senior', 'R1') returning id`,
      [clubId],
    );
    const teamId = team.rows[0].id;
    const insert = (n, prefix, withTeam) =>
      db.query(
        `insert into members (club_id, team_id, nom, prenom, email, role, statut, date_naissance,
                              password_hash, activated_at)
         select $1, $2, '${prefix}-' || i, 'Bench', 'bench.${prefix}.' || i || '@bench.example',
                'JOUEUR', 'Actif', date '1995-01-01', $3, now()
           from generate_series(1, ${n}) i returning id, email`,
        [clubId, withTeam ? teamId : null, hash],
      );
    const players = (await insert(TEAM, 'equipe', true)).rows;
    const others = (await insert(OTHERS, 'autre', false)).rows;
    return { clubId, teamId, players, others, leaderEmail };
  } finally {
    await db.end();
  }
}

const database = await postgresDatabase();
let server;
try {
  await seedDemo(database);
  const world = await seedMembers(database.env.DATABASE_URL);
  const leaderEmail = world.leaderEmail;
  server = await startServer({
    env: { ...database.env, LOGIN_LIMIT_PER_IP: '10000', LOGIN_FAILURES_PER_EMAIL: '10000' },
    stdio: 'inherit',
  });
  const idle = server.rssMB();
  const leader = await signIn(server.base, leaderEmail);
  await preLoginCsrf(server.base);
  const sessions = [];
  for (const m of [...world.players, ...world.others])
    sessions.push({
      id: m.id,
      team: world.players.includes(m),
      cookie: await signIn(server.base, m.email, DEMO_PASSWORD),
    });

  // arrivals.get(messageId) = times of arrival on the team's streams
  const arrivals = new Map();
  const onMessage = (id, t) => {
    if (!arrivals.has(id)) arrivals.set(id, []);
    arrivals.get(id).push(t);
  };
  const started = performance.now();
  const streams = [];
  for (const s of sessions)
    for (let tab = 0; tab < TABS; tab++)
      streams.push(
        await openLiveStream(server.base, s.cookie, (name, data, at) => {
          if (s.team && name === 'message') onMessage(data.messageId, at);
        }),
      );
  const openMs = performance.now() - started;
  const teamStreams = world.players.length * TABS;
  await new Promise((r) => setTimeout(r, 2_000));
  const withStreams = server.rssMB();

  const asLeader = benchClient(server.base, leader);
  const conv = await asLeader.conversations.create({
    body: { equipeId: world.teamId },
  });
  const latencies = [];
  let missing = 0;
  for (let i = 0; i < MESSAGES; i++) {
    const t0 = performance.now();
    const m = await asLeader.conversations.send({
      params: { id: conv.id },
      body: { contenu: `Message ${i + 1} à l’équipe` },
    });
    const deadline = Date.now() + 5_000;
    while ((arrivals.get(m.id)?.length ?? 0) < teamStreams && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    const got = arrivals.get(m.id) ?? [];
    missing += teamStreams - got.length;
    for (const t of got) latencies.push(t - t0);
    await new Promise((r) => setTimeout(r, 200));
  }
  latencies.sort((a, b) => a - b);
  const after = server.rssMB();
  for (const s of streams) s.close();
  const result = {
    machine: machine(),
    streams: streams.length,
    openSeconds: +(openMs / 1000).toFixed(1),
    teamStreams,
    messages: MESSAGES,
    deliveries: latencies.length,
    missing,
    latencyMs: {
      p50: +pct(latencies, 50).toFixed(1),
      p90: +pct(latencies, 90).toFixed(1),
      p99: +pct(latencies, 99).toFixed(1),
      max: +latencies.at(-1).toFixed(1),
    },
    rssMB: { idle, withStreams, after },
  };
  console.log(JSON.stringify(result, null, 2));
  if (missing > 0 || result.latencyMs.p99 > TARGET_P99_MS) process.exitCode = 1;
} finally {
  await server?.stop();
  await database.drop();
}
