/**
 * Boots the real application (production build of the web app, PGlite in memory) with one club,
 * 4 teams and N events spread over the current month (club-local wall clock), and writes
 * signed-in cookies for the leader to cookies.json (ignored by git).
 * Usage: npx tsx bench/calendar-page/serve.ts [--events 300] [--port 3320]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { arg, bootBenchApp, cookiesFor as benchCookies } from '../lib/app.ts';
import { createEvent, createMember } from '../../apps/server/src/db/factories.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const count = Number(arg('events', '300'));
const port = Number(arg('port', '3320'));

const { app, club, teams } = await bootBenchApp(port);
const db = app.db;
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

const leaderCookies = await benchCookies(app, leader);
fs.writeFileSync(
  path.join(here, 'cookies.json'),
  JSON.stringify({
    base: `http://127.0.0.1:${port}`,
    club: 'Club Bench',
    events: count,
    leader: leaderCookies,
  }),
);
await app.listen({ port, host: '127.0.0.1' });
console.log(`prêt : http://127.0.0.1:${port} (${count} événements ce mois-ci)`);
