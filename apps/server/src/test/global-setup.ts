import { ensureTemplates } from './database-template.ts';

/** Once per run: the migrated database template every test file's database is copied from. */
export default async function setup(): Promise<void> {
  await ensureTemplates();
}
