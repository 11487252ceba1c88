/**
 * In-process boot shared by bench/members-page/serve.ts and bench/calendar-page/serve.ts: the real
 * application (production web build served by it) on an in-memory PGlite, one club with the four
 * bench teams, and signed-in cookies for a member.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { migrate, openPglite } from '../../apps/server/src/db/client.ts';
import { createClub, createTeam } from '../../apps/server/src/db/factories.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** `--name value` from the command line, or the default. */
export const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? def : process.argv[i + 1]!;
};

export async function bootBenchApp(port: number) {
  const database = await openPglite(null);
  await migrate(database);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_DIST: path.resolve(here, '../../apps/web/dist'),
  });
  const app = await buildApp({ config, database });
  await app.ready();
  const club = await createClub(app.db, { nom: 'Club Bench' });
  const teams = [];
  for (const [nom, categorie] of [
    ['Seniors', 'Senior'],
    ['U17', 'U17'],
    ['U15', 'U15'],
    ['Vétérans', 'Vétéran'],
  ] as const)
    teams.push(await createTeam(app.db, club.id, { nom, categorie, division: 'Régional 1' }));
  return { app, club, teams };
}

/** A real session row and the two cookies the browser needs. */
export async function cookiesFor(
  app: FastifyInstance,
  m: { id: number; clubId: number; role: string; statut: string },
) {
  const s = await app.auth.createSession(app.db, m, {
    deviceFingerprint: 'bench',
    userAgent: 'bench',
  });
  return { accessToken: s.accessToken, 'XSRF-TOKEN': s.xsrfToken };
}
