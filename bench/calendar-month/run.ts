/**
 * Listing a month of a club whose 20 teams all train on weekly series.
 *
 * Boots the real application in-process (buildApp, the server's test helper: PGlite in memory, or a
 * fresh database on the PostgreSQL server of TEST_DATABASE_URL, dropped at the end), creates one
 * club with 20 teams, each with a season of Tuesday/Thursday (or Monday/Wednesday…) trainings as a
 * weekly series through POST /api/evenements with `recurrence`, plus a match every other weekend per
 * team (single events), then times GET /api/evenements/club/{id}?from=&to= for the six weeks the
 * calendar's month view asks for, as a leader (every event) and as a coach (one team's).
 *
 * Usage: npx tsx bench/calendar-month/run.ts [--runs 200]
 *        TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/calendar-month/run.ts
 */
import { performance } from 'node:perf_hooks';
import { createMember, createTeam, createClub } from '../../apps/server/src/db/factories.ts';
import { api, type EndpointInput } from '@club/contract';
import { buildTestApp, signIn, type TestClient } from '../../apps/server/src/test/helper.ts';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? def : process.argv[i + 1]!;
};
const runs = Number(arg('runs', '200'));
const TEAMS = 20;
const DAYS = ['MO,WE', 'TU,TH', 'WE,FR', 'MO,TH', 'TU,FR'];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: +percentile(s, 50).toFixed(1),
    p95: +percentile(s, 95).toFixed(1),
    p99: +percentile(s, 99).toFixed(1),
    max: +s[s.length - 1]!.toFixed(1),
  };
};

const ctx = await buildTestApp();
try {
  const db = ctx.app.db;
  const club = await createClub(db, { nom: 'Club Bench Séries' });
  const leader = await signIn(ctx.app, await createMember(db, club.id, { role: 'DIRIGEANT' }));
  const teams = [];
  for (let t = 0; t < TEAMS; t++)
    teams.push(await createTeam(db, club.id, { nom: `Équipe ${t + 1}`, division: 'D1' }));
  const coach = await signIn(
    ctx.app,
    await createMember(db, club.id, { role: 'ENTRAINEUR', teamId: teams[0]!.id }),
  );

  const create = async (body: EndpointInput<typeof api.events.create>['body']) =>
    (await leader.send(api.events.create, { body })).body;
  // The season 2026-09-01 → 2027-06-30: two trainings a week per team, as one series each.
  const createMs: number[] = [];
  for (const [t, team] of teams.entries()) {
    const hour = 17 + (t % 4);
    const t0 = performance.now();
    await create({
      nom: `Entraînement ${team.nom}`,
      lieux: 'Complexe sportif',
      type: 'ENTRAINEMENT',
      dateDebut: `2026-09-01T${hour}:00:00`,
      dateFin: `2026-09-01T${hour + 1}:30:00`,
      equipesIds: [team.id],
      clubId: club.id,
      recurrence: {
        rrule: `FREQ=WEEKLY;BYDAY=${DAYS[t % DAYS.length]};UNTIL=20270630`,
        exclusions: ['2026-12-22', '2026-12-24', '2026-12-29', '2026-12-31'],
      },
    });
    createMs.push(performance.now() - t0);
    // A match every other Saturday (single events, like the demo season).
    for (let w = 0; w < 40; w += 2) {
      const d = new Date(Date.UTC(2026, 8, 5 + w * 7)).toISOString().slice(0, 10);
      await create({
        nom: `Match ${team.nom}`,
        lieux: 'Stade',
        type: 'MATCH',
        dateDebut: `${d}T15:00:00`,
        dateFin: `${d}T17:00:00`,
        equipesIds: [team.id],
        adversaireNom: 'FC Adversaire',
        clubId: club.id,
      });
    }
  }
  const total = (await leader.send(api.events.listClub, { params: { clubId: club.id } })).body
    .length;

  // The month view of November 2026 asks for six weeks: 2026-10-26 → 2026-12-07 (end exclusive).
  const month = { params: { clubId: club.id }, query: { from: '2026-10-26', to: '2026-12-07' } };
  const time = async (client: TestClient) => {
    const ms: number[] = [];
    let count = 0;
    for (let i = 0; i < runs + 20; i++) {
      const t0 = performance.now();
      const res = await client.send(api.events.listClub, month);
      const dt = performance.now() - t0;
      count = res.body.length;
      if (i >= 20) ms.push(dt); // 20 warm-up calls
    }
    return { events: count, ...summary(ms) };
  };
  const result = {
    database: process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)',
    teams: TEAMS,
    eventsInClub: total,
    createSeriesMs: summary(createMs),
    monthAsLeader: await time(leader),
    monthAsCoach: await time(coach),
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await ctx.close();
}
