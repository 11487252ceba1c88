/**
 * Bulk load of generated clubs into the PostgreSQL database of DATABASE_URL (used by
 * bench/scale and bench/load): migrates it, writes the clubs (db/bulk-load.ts), gives the DIRIGEANT
 * and one JOUEUR of the middle club ("probe" club) the password BENCH_PASSWORD, runs ANALYZE, and
 * prints one JSON line with the probe club's ids and the time taken.
 *
 *   DATABASE_URL=postgres://… npx tsx apps/server/src/scripts/bulk-load.ts --clubs 10000 \
 *     [--members 100] [--events 200] [--teams 5]
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
    },
  });
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url))
    throw new Error('DATABASE_URL (postgres://…) est requis : le chargement vise PostgreSQL.');
  const clubs = Number(values.clubs);
  if (!Number.isInteger(clubs) || clubs < 1) throw new Error('--clubs N (entier ≥ 1) est requis.');
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: url, dataDir: null });
  try {
    const { db } = database;
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      return bulkLoad(tx, {
        clubs,
        membersPerClub: Number(values.members),
        eventsPerClub: Number(values.events),
        teamsPerClub: Number(values.teams),
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
