#!/usr/bin/env node
// Team statistics under load (docs/decisions/0080-team-statistics.md, bench/README.md): on the
// production build and a throwaway PostgreSQL database, the demo club plus a team of 25 players
// with a season of 40 played matches (answers, selections, scores) and 80 trainings (attendance);
// a Node hello-world measured in the same run (the ratio rule); then autocannon -c 50 on
// GET /api/statistiques/equipe/{id} as the club's leader, as served (response cache on) and with
// the response cache off. Exits 1 when the served p99 > 30 ms.
// Usage: npm run build && node bench/statistics/run.mjs   (BENCH_PG_URL, BENCH_DURATION=10)
import pg from 'pg';
import {
  DEMO_PASSWORD,
  demoEmail,
  load,
  machine,
  postgresDatabase,
  seedDemo,
  signIn,
  startHelloWorld,
  startServer,
} from '../lib/server.mjs';
import { api, urlOf } from '../lib/contract.mjs';

const PLAYERS = 25;
const MATCHES = 40;
const TRAININGS = 80;
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const TARGET_P99_MS = 30;

/** The team and its season, written straight into the database (one statement per table). */
async function seedSeason(url, leaderEmail) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query('select club_id from members where email = $1', [leaderEmail]);
    const clubId = rows[0].club_id;
    const team = await db.query(
      `insert into teams (club_id, nom, categorie, division) values ($1, 'Bench Stats', 'Senior', 'R1') returning id`,
      [clubId],
    );
    const teamId = team.rows[0].id;
    await db.query(
      `insert into members (club_id, team_id, nom, prenom, email, role, statut)
       select $1, $2, 'Joueur-' || i, 'Bench', 'bench.stats.' || i || '@bench.example', 'JOUEUR', 'Actif'
         from generate_series(1, ${PLAYERS}) i`,
      [clubId, teamId],
    );
    // Matches every third day back from yesterday, trainings every day and a half.
    await db.query(
      `with ev as (
         insert into events (club_id, nom, type, date_debut, date_fin, lieux)
         select $1, 'Match ' || i, 'MATCH',
                (current_date - i * 3) + time '15:00', (current_date - i * 3) + time '17:00', 'Stade'
           from generate_series(1, ${MATCHES}) i
         returning id)
       insert into matches (club_id, event_id, home_team_id, opponent_name, score_domicile, score_exterieur)
       select $1, ev.id, $2, 'FC Voisin', (ev.id % 4), (ev.id % 3) from ev`,
      [clubId, teamId],
    );
    await db.query(
      `insert into event_teams (event_id, team_id, club_id)
       select e.id, $2, $1 from events e join matches m on m.event_id = e.id where m.home_team_id = $2`,
      [clubId, teamId],
    );
    await db.query(
      `insert into convocations (club_id, match_id, member_id, statut_presence, selection, selection_published)
       select $1, ma.id, m.id,
              case when (ma.id + m.id) % 5 = 0 then 'INDISPONIBLE' else 'DISPONIBLE' end,
              case when (ma.id + m.id) % 5 = 0 then null
                   when (ma.id + m.id) % 5 = 1 then 'REMPLACANT'
                   when m.id % 7 = 0 then 'NON_RETENU'
                   else 'SELECTIONNE' end,
              null
         from matches ma join members m on m.team_id = $2 and m.club_id = $1
        where ma.home_team_id = $2`,
      [clubId, teamId],
    );
    await db.query(
      `with ev as (
         insert into events (club_id, nom, type, date_debut, date_fin, lieux)
         select $1, 'Entraînement ' || i, 'ENTRAINEMENT',
                current_date - (i * 36) * interval '1 hour' + time '18:00',
                current_date - (i * 36) * interval '1 hour' + time '20:00', 'Gymnase'
           from generate_series(1, ${TRAININGS}) i
         returning id)
       insert into event_teams (event_id, team_id, club_id) select ev.id, $2, $1 from ev`,
      [clubId, teamId],
    );
    await db.query(
      `insert into event_presences (event_id, member_id, club_id, statut_presence)
       select et.event_id, m.id, $1,
              case when (et.event_id + m.id) % 4 = 0 then 'INDISPONIBLE' else 'DISPONIBLE' end
         from event_teams et join events e on e.id = et.event_id and e.type = 'ENTRAINEMENT'
         join members m on m.team_id = $2 and m.club_id = $1
        where et.team_id = $2 and (et.event_id + m.id) % 6 <> 0`,
      [clubId, teamId],
    );
    await db.query('analyze');
    return teamId;
  } finally {
    await db.end();
  }
}

const database = await postgresDatabase();
let server;
let hello;
try {
  const start = machine();
  await seedDemo(database);
  const leader = demoEmail('jade.martin');
  const teamId = await seedSeason(database.env.DATABASE_URL, leader);
  hello = await startHelloWorld();
  await load(`${hello.base}/`, { connections: CONNECTIONS, duration: 2 }); // warm-up
  const ref = await load(`${hello.base}/`, { connections: CONNECTIONS, duration: DURATION });
  await hello.stop();
  hello = undefined;

  // Twice: as served (the member's answer kept until the club data changes, decision 0032), and
  // with that cache off, every request running the statistics query.
  const rows = [];
  let body;
  for (const [label, cacheMs] of [
    ['', undefined],
    [' (cache de réponse coupé : la requête à chaque appel)', '0'],
  ]) {
    server = await startServer({
      env: {
        ...database.env,
        LOGIN_LIMIT_PER_IP: '1000',
        LOG_LEVEL: 'error',
        ...(cacheMs === undefined ? {} : { RESPONSE_CACHE_MS: cacheMs }),
      },
      stdio: process.env.BENCH_SERVER_OUTPUT ? 'inherit' : 'ignore',
    });
    const cookie = await signIn(server.base, leader, DEMO_PASSWORD);
    const url = server.base + urlOf(api.statistics.team, { params: { teamId } });
    const first = await fetch(url, { headers: { cookie } });
    body = await first.json();
    if (!first.ok) throw new Error(`${first.status} ${JSON.stringify(body)}`);
    await load(url, { connections: CONNECTIONS, duration: 2, headers: { cookie } }); // warm-up
    const r = await load(url, {
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { cookie },
    });
    rows.push({ label, r, target: cacheMs === undefined });
    await server.stop();
    server = undefined;
  }
  const convoked = body.joueurs.reduce((n, j) => n + j.matchs.convocations, 0);
  const end = machine();
  const served = rows[0].r;
  const ok = served.p99 <= TARGET_P99_MS && served.non2xx === 0 && served.errors === 0;
  console.log(
    `Machine : ${start.cores} cœurs (${start.cpu}), Node ${start.node}, charge moyenne ${start.load} au départ, ${end.load} à la fin. PostgreSQL, autocannon -c ${CONNECTIONS} -d ${DURATION}.`,
  );
  console.log(
    `Données : ${body.joueurs.length} joueurs, ${body.resultats.joues} matchs joués, ${convoked} convocations, ${body.entrainementsTenus} entraînements tenus ; réponse ${JSON.stringify(body).length} octets.`,
  );
  console.log(`Référence hello-world Node : ${Math.round(ref.rps)} req/s (p99 ${ref.p99} ms).`);
  console.log('');
  console.log('| appel | req/s | ratio | p50 ms | p99 ms | non-2xx | erreurs | cible |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const { label, r, target } of rows)
    console.log(
      `| GET /api/statistiques/equipe/{équipe}${label} | ${Math.round(r.rps)} | ${(r.rps / ref.rps).toFixed(3)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${target ? `${ok ? 'tenue' : 'MANQUÉE'} (p99 ≤ ${TARGET_P99_MS})` : ''} |`,
    );
  process.exitCode = ok ? 0 : 1;
} finally {
  await hello?.stop();
  await server?.stop();
  if (process.env.BENCH_KEEP) console.log(`Base gardée : ${database.env.DATABASE_URL}`);
  else await database.drop();
}
