/**
 * Bulk load of generated clubs into the PostgreSQL database of DATABASE_URL (used by
 * bench/scale and bench/load): migrates it, writes the clubs (db/bulk-load.ts), gives the DIRIGEANT
 * and one JOUEUR of the middle club ("probe" club) the password BENCH_PASSWORD, runs ANALYZE, and
 * prints one JSON line with the probe club's ids and the time taken.
 *
 *   DATABASE_URL=postgres://… npx tsx apps/server/src/scripts/bulk-load.ts --clubs 10000 \
 *     [--members 100] [--events 200] [--teams 5] [--guardians 0] [--convocations 0] [--everyone]
 *     [--events-from 2026-01-01]
 *
 * `--data-dir DIR` loads the embedded database (PGlite) of DIR instead, for a server started with
 * DATA_DIR=DIR; `--everyone` gives every member the password and an activated account (bench/week
 * signs in as members of every role).
 */
import { parseArgs } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { bulkLoad } from '../db/bulk-load.ts';
import { openDatabase } from '../db/client.ts';
import { members, teams } from '../db/schema.ts';
import { hashPassword } from '../lib/password-hash.ts';

export const BENCH_PASSWORD = 'Charge-Mesure-2026!';

async function main() {
  const { values } = parseArgs({
    options: {
      clubs: { type: 'string' },
      members: { type: 'string', default: '100' },
      events: { type: 'string', default: '200' },
      teams: { type: 'string', default: '5' },
      guardians: { type: 'string', default: '0' },
      convocations: { type: 'string', default: '0' },
      everyone: { type: 'boolean', default: false },
      'events-from': { type: 'string' },
      'data-dir': { type: 'string' },
    },
  });
  const url = process.env.DATABASE_URL;
  const dataDir = values['data-dir'] ?? null;
  if (!dataDir && (!url || !/^postgres(ql)?:\/\//.test(url)))
    throw new Error(
      'DATABASE_URL (postgres://…) ou --data-dir est requis : le chargement vise PostgreSQL ou PGlite.',
    );
  const clubs = Number(values.clubs);
  if (!Number.isInteger(clubs) || clubs < 1) throw new Error('--clubs N (entier ≥ 1) est requis.');
  const started = Date.now();
  const database = await openDatabase(dataDir ? { dataDir } : { databaseUrl: url, dataDir: null });
  try {
    const { db } = database;
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      return bulkLoad(tx, {
        clubs,
        membersPerClub: Number(values.members),
        eventsPerClub: Number(values.events),
        teamsPerClub: Number(values.teams),
        guardiansPerClub: Number(values.guardians),
        convocationsPerMatch: Number(values.convocations),
        eventsFrom: values['events-from'],
        onProgress: (done, total) =>
          process.stderr.write(
            `\r${done}/${total} clubs (${Math.round((Date.now() - started) / 1000)} s)`,
          ),
      });
    });
    process.stderr.write('\n');
    const loadedMs = Date.now() - started;
    await db.execute(sql`analyze`);
    const probeClubId = result.firstClubId + Math.floor(clubs / 2);
    const hash = await hashPassword(BENCH_PASSWORD);
    if (values.everyone)
      await db.update(members).set({ passwordHash: hash, activatedAt: new Date() });
    const [dirigeant] = await db
      .update(members)
      .set({ passwordHash: hash, activatedAt: new Date() })
      .where(and(eq(members.clubId, probeClubId), eq(members.role, 'DIRIGEANT')))
      .returning({ id: members.id, email: members.email });
    const [player] = await db
      .select({ id: members.id, email: members.email, teamId: members.teamId })
      .from(members)
      .where(and(eq(members.clubId, probeClubId), eq(members.role, 'JOUEUR')))
      .orderBy(members.id)
      .limit(1);
    await db
      .update(members)
      .set({ passwordHash: hash, activatedAt: new Date() })
      .where(eq(members.id, player!.id));
    const [team] = await db
      .select({ id: teams.id, nom: teams.nom })
      .from(teams)
      .where(eq(teams.id, player!.teamId!));
    console.log(
      JSON.stringify({
        clubs,
        firstClubId: result.firstClubId,
        lastClubId: result.lastClubId,
        probeClubId,
        dirigeant,
        player: { id: player!.id, email: player!.email },
        team,
        password: BENCH_PASSWORD,
        loadSeconds: Math.round(loadedMs / 100) / 10,
        totalSeconds: Math.round((Date.now() - started) / 100) / 10,
      }),
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.cause ?? err).toString() : err);
  process.exit(1);
});
