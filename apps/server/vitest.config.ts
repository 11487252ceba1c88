import { defineConfig } from 'vitest/config';

/**
 * The files whose outcome can depend on the database engine: queries and their plans, row-level
 * security, migrations, transactions under concurrency, LISTEN/NOTIFY, the job queue, outages and
 * backups, and the features whose rules live in SQL (seat counts, imports, statistics). The whole
 * suite runs on PGlite (`npm test`); `SERVER_TESTS=database-sensitive` with TEST_DATABASE_URL runs
 * these again on PostgreSQL (.ci/run, decision 0055).
 *
 * Not listed, because TEST_DATABASE_URL changes nothing in them, so the first pass already runs
 * them whole: the built server on its embedded database (src/faults/embedded-faults.test.ts,
 * src/faults/keepalive-drain.test.ts, and src/process.test.ts, whose PostgreSQL part uses the
 * local server in both passes) and the index plans (src/db/hot-queries-plan.test.ts, always on
 * PostgreSQL).
 */
export const DATABASE_SENSITIVE = [
  'src/db/postgres-outage.test.ts',
  'src/db/row-level-security.test.ts',
  'src/backup/**/*.test.ts',
  'src/faults/backup-live.test.ts',
  'src/faults/postgres-restart.test.ts',
  'src/jobs/**/*.test.ts',
  'src/plugins/idempotency.test.ts',
  'src/plugins/response-cache.test.ts',
  'src/plugins/client-abort.test.ts',
  'src/features/auth/actor-cache.test.ts',
  'src/features/announcements/**/*.test.ts',
  'src/features/push/**/*.test.ts',
  'src/features/matches/**/*.test.ts',
  'src/features/members/**/*.test.ts',
  'src/features/notifications/**/*.test.ts',
  'src/features/events/recurrence.test.ts',
  'src/features/dashboard/**/*.test.ts',
  'src/features/teams/teams.summary.test.ts',
  'src/features/statistics/**/*.test.ts',
  'src/features/carpool/**/*.test.ts',
  'src/features/fees/**/*.test.ts',
  'src/features/duties/**/*.test.ts',
  'src/features/live/live.test.ts',
  'src/test/security/rls-filter-removed.test.ts',
  // The hats (decision 0110) live partly in SQL (the principal role's triggers): every cell of
  // the matrix runs on both databases.
  'src/test/security/authorization.test.ts',
  'src/test/security/canary.test.ts',
  'src/test/security/member-privacy.test.ts',
  'src/scripts/seed-demo.test.ts',
];

export default defineConfig({
  test: {
    name: 'server',
    include:
      process.env.SERVER_TESTS === 'database-sensitive' ? DATABASE_SENSITIVE : ['src/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./src/test/setup.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker imports the app once for all its files instead of once per file (decision 0081):
    // each file builds its own app and database, and no file mocks a module (a spy restored
    // after the file replaces a method where needed).
    isolate: false,
  },
});
