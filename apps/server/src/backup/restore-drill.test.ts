/**
 * Restore drill: a logical dump of a database with two clubs, restored into a fresh one,
 * gives equal row counts and per-club checksums; ids continue after the restored ones. The same
 * dump taken from the embedded database restores into PostgreSQL (migrate-to-postgres) when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openPglite, type Database } from '../db/client.ts';
import { createClub, createEvent, createMember, createTeam } from '../db/factories.ts';
import { createTestDatabase } from '../test/helper.ts';
import { clubChecksums, dumpDatabase, restoreDatabase } from './logical.ts';

const opened: Database[] = [];
async function freshPglite() {
  const d = await openPglite(null);
  await migrate(d);
  opened.push(d);
  return d;
}

let source: Database;
beforeAll(async () => {
  source = await freshPglite();
  for (const nom of ['Club A', 'Club B']) {
    const club = await createClub(source.db, { nom });
    const team = await createTeam(source.db, club.id, { nom: `Équipe ${nom}` });
    for (let i = 0; i < 5; i++)
      await createMember(source.db, club.id, { teamId: team.id, nom: `Nom « ${i} » ’é` });
    await createEvent(source.db, club.id, { nom: `Entraînement ${nom}` });
  }
}, 60_000);
afterAll(async () => {
  for (const d of opened) await d.close();
});

async function drill(target: Database) {
  const before = await clubChecksums(source);
  const dump = await dumpDatabase(source);
  // A round trip through JSON, as the file does.
  await restoreDatabase(target, JSON.parse(JSON.stringify(dump)));
  const after = await clubChecksums(target);
  expect(after).toEqual(before);
  expect(new Set(before.map((c) => c.clubId)).size).toBe(2);
  expect(before.find((c) => c.table === 'members')?.rows).toBeGreaterThanOrEqual(5);
  // Sequences follow: a new row gets a fresh id.
  const [club] = (await clubChecksums(target)).filter((c) => c.table === 'clubs');
  const member = await createMember(target.db, club!.clubId);
  const ids = (await dumpDatabase(target)).tables
    .find((t) => t.name === 'members')!
    .rows.map((r) => (JSON.parse(r) as { id: number }).id);
  expect(ids.filter((id) => id === member.id)).toHaveLength(1);
}

describe('[defects] backups: restore drill', { timeout: 60_000 }, () => {
  let embeddedTarget: Database;
  it('embedded → embedded, over existing data: equal row counts and per-club checksums', async () => {
    embeddedTarget = await freshPglite();
    await createClub(embeddedTarget.db, { nom: 'Club à remplacer' });
    await drill(embeddedTarget);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'embedded → PostgreSQL (migrate-to-postgres): equal row counts and per-club checksums',
    async () => {
      const target = await createTestDatabase();
      opened.push(target);
      await drill(target);
    },
  );

  it('a dump from another schema version is refused', async () => {
    const dump = await dumpDatabase(source);
    await expect(
      restoreDatabase(embeddedTarget, { ...dump, migrations: dump.migrations + 1 }),
    ).rejects.toThrow(/migrations/);
  });
});
