/**
 * Boots the real application (production build of the web app, PGlite in memory) with one club of
 * N members, and writes signed-in cookies for a leader, a coach and a player to cookies.json.
 * Usage: npx tsx bench/members-page/serve.ts [--members 2000] [--port 3310]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { arg, bootBenchApp, cookiesFor as benchCookies } from '../lib/app.ts';
import { members } from '../../apps/server/src/db/schema.ts';
import { createMember } from '../../apps/server/src/db/factories.ts';
import { FIRST_NAMES_ACCENTED, LAST_NAMES } from '../../apps/server/src/db/sample-names.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const count = Number(arg('members', '2000'));
const port = Number(arg('port', '3310'));

const { app, club, teams } = await bootBenchApp(port);
const db = app.db;
const leader = await createMember(db, club.id, {
  role: 'DIRIGEANT',
  nom: 'Dubois',
  prenom: 'Claire',
});
const coach = await createMember(db, club.id, {
  role: 'ENTRAINEUR',
  nom: 'Moreau',
  prenom: 'Hugo',
  teamId: teams[0]!.id,
});
const player = await createMember(db, club.id, {
  role: 'JOUEUR',
  nom: 'Lefèvre',
  prenom: 'Inès',
  teamId: teams[0]!.id,
  numero: 9,
  poste: 'Ailière',
});
const ROLES = ['JOUEUR', 'JOUEUR', 'JOUEUR', 'PARENT', 'ENTRAINEUR'];
const STATUTS = ['Actif', 'Actif', 'Actif', 'Blessé', 'Suspendu'];
const rows = [];
for (let i = 0; i < count - 3; i++) {
  rows.push({
    clubId: club.id,
    teamId: i % 7 === 0 ? null : teams[i % teams.length]!.id,
    nom: LAST_NAMES[i % LAST_NAMES.length]!,
    prenom: FIRST_NAMES_ACCENTED[(i * 7) % FIRST_NAMES_ACCENTED.length]!,
    email: `membre${i}@bench.test`,
    role: ROLES[i % ROLES.length]!,
    statut: STATUTS[i % STATUTS.length]!,
    genre: i % 2 ? 'Homme' : 'Femme',
    dateNaissance: `${1960 + (i % 50)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    telephone: `06${String(10_000_000 + i).slice(-8)}`,
    numeroLicence: i % 3 ? `LIC${100000 + i}` : null,
    numero: i % 4 ? 1 + (i % 30) : null,
    poste: i % 5 ? null : 'Pivot',
  });
}
for (let i = 0; i < rows.length; i += 500) await db.insert(members).values(rows.slice(i, i + 500));

const cookiesFor = (m: Parameters<typeof benchCookies>[1]) => benchCookies(app, m);
fs.writeFileSync(
  path.join(here, 'cookies.json'),
  JSON.stringify({
    base: `http://127.0.0.1:${port}`,
    club: 'Club Bench',
    team: 'Seniors',
    leader: await cookiesFor(leader),
    coach: await cookiesFor(coach),
    player: await cookiesFor(player),
  }),
);
await app.listen({ port, host: '127.0.0.1' });
console.log(`prêt : http://127.0.0.1:${port} (${count} membres)`);
