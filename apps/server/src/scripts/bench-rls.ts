/**
 * What row-level security costs (decision 0028): the hot list of the members page — one club's 200
 * members with their primary team, the repository's own query — timed in a plain transaction and
 * in a club-scoped one (db/tenant-scope.ts: SET LOCAL ROLE club_app + set_config, the policies
 * applied). PGlite by default; DATABASE_URL for PostgreSQL. Results in bench/README.md.
 *   npm run bench:rls -w @club/server [-- --clubs 20 --members 200 --runs 400]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { migrate, openPglite, openPostgres } from '../db/client.ts';
import { createClub, createTeam } from '../db/factories.ts';
import { members } from '../db/schema.ts';
import { withClubScope } from '../db/tenant-scope.ts';
import { membersRepository } from '../features/members/members.repository.ts';

const { values } = parseArgs({
  options: {
    clubs: { type: 'string', default: '20' },
    members: { type: 'string', default: '200' },
    runs: { type: 'string', default: '400' },
  },
});
const CLUBS = Number(values.clubs);
const MEMBERS = Number(values.members);
const RUNS = Number(values.runs);

const database = process.env.DATABASE_URL
  ? openPostgres(process.env.DATABASE_URL, 2)
  : await openPglite(null);
await migrate(database);
const db = database.db;
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const clubIds: number[] = [];
for (let c = 0; c < CLUBS; c++) {
  const club = await createClub(db, { nom: `Club banc ${c} ${Date.now().toString(36)}` });
  const team = await createTeam(db, club.id, { nom: 'Seniors' });
  clubIds.push(club.id);
  await db.insert(members).values(
    Array.from({ length: MEMBERS }, (_, i) => ({
      clubId: club.id,
      teamId: team.id,
      nom: `Nom${(i * 7919) % MEMBERS}`,
      prenom: `Prénom${i}`,
      email: `banc.${club.id}.${i}@example.org`,
      role: 'JOUEUR',
    })),
  );
}
await db.execute(sql`analyze`);
const club = clubIds[Math.floor(CLUBS / 2)]!;

async function time(label: string, run: () => Promise<number>) {
  for (let i = 0; i < 30; i++) await run(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.hrtime.bigint();
    const n = await run();
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (n !== MEMBERS) throw new Error(`${label}: ${n} membres au lieu de ${MEMBERS}`);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  const p95 = samples[Math.floor(samples.length * 0.95)]!;
  return { label, median, p95 };
}

const plain = await time('transaction ordinaire', () =>
  db.transaction(async (tx) => (await membersRepository.list(tx, club, {})).rows.length),
);
const scoped = await time('transaction du club (RLS)', () =>
  withClubScope(db, club, async (tx) => (await membersRepository.list(tx, club, {})).rows.length),
);
console.log(
  `${engine}, ${CLUBS} clubs × ${MEMBERS} membres, ${RUNS} mesures de la liste d'un club :`,
);
for (const r of [plain, scoped])
  console.log(
    `  ${r.label.padEnd(28)} médiane ${r.median.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms`,
  );
console.log(`  rapport RLS / ordinaire (médianes) : ${(scoped.median / plain.median).toFixed(2)}`);
await database.close();
