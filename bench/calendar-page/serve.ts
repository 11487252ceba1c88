/**
 * Boots the real application (production build of the web app, PGlite in memory) with one club,
 * 4 teams and N events spread over the current month (club-local wall clock), and writes
 * signed-in cookies for the leader to cookies.json (ignored by git).
 * Usage: npx tsx bench/calendar-page/serve.ts [--events 300] [--port 3320]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { migrate, openPglite } from '../../apps/server/src/db/client.ts';
import {
  createClub,
  createEvent,
  createMember,
  createTeam,
} from '../../apps/server/src/db/factories.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? def : process.argv[i + 1]!;
};
const count = Number(arg('events', '300'));
const port = Number(arg('port', '3320'));

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

const db = app.db;
const club = await createClub(db, { nom: 'Club Bench' });
const teams = [];
for (const [nom, categorie] of [
  ['Seniors', 'Senior'],
  ['U17', 'U17'],
  ['U15', 'U15'],
  ['Vétérans', 'Vétéran'],
] as const)
  teams.push(await createTeam(db, club.id, { nom, categorie, division: 'Régional 1' }));
const leader = await createMember(db, club.id, {
  role: 'DIRIGEANT',
  nom: 'Dubois',
  prenom: 'Claire',
});

// N events over the days of the current month, 8:00 to 21:00, every type, one to two teams.
const TYPES = ['MATCH', 'ENTRAINEMENT', 'TOURNOI', 'REUNION', 'AUTRE'] as const;
const now = new Date();
const days = new Date(now.getFullYear(), now.getMonth() + 1, 0).getDate();
const pad = (n: number) => String(n).padStart(2, '0');
const month = `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
for (let i = 0; i < count; i++) {
  const day = 1 + (i % days);
  const hour = 8 + (i % 13);
  await createEvent(db, club.id, {
    nom: `Événement ${i + 1}`,
    type: TYPES[i % TYPES.length]!,
    lieux: `Salle ${1 + (i % 9)}`,
    dateDebut: `${month}-${pad(day)} ${pad(hour)}:00:00`,
    dateFin: `${month}-${pad(day)} ${pad(hour + 1)}:30:00`,
    teamIds:
      i % 6 === 0 ? [] : [teams[i % 4]!.id, ...(i % 5 === 0 ? [teams[(i + 1) % 4]!.id] : [])],
  });
}

const s = await app.auth.createSession(db, leader, {
  deviceFingerprint: 'bench',
  userAgent: 'bench',
});
fs.writeFileSync(
  path.join(here, 'cookies.json'),
  JSON.stringify({
    base: `http://127.0.0.1:${port}`,
    club: 'Club Bench',
    events: count,
    leader: { accessToken: s.accessToken, 'XSRF-TOKEN': s.xsrfToken },
  }),
);
await app.listen({ port, host: '127.0.0.1' });
console.log(`prêt : http://127.0.0.1:${port} (${count} événements ce mois-ci)`);
