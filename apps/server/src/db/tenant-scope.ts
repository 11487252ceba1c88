import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/** The NOLOGIN role without BYPASSRLS that the row-level security policies bind (migration 0007). */
export const TENANT_ROLE = 'club_app';

/**
 * Runs `fn` in a transaction that acts as one club (issue 16, row-level security): the role becomes
 * club_app (SET LOCAL ROLE) and app.club_id is that club (set_config(..., true)), both undone at
 * the end of the transaction. Every tenant table then shows and accepts that club's rows only,
 * whatever the queries forget; an unset club fails closed (the policies cast '' to int).
 * PGlite runs as a superuser, who bypasses RLS: the role switch is what makes the policies apply.
 */
export async function withClubScope<T>(
  db: Db,
  clubId: number,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (!Number.isInteger(clubId) || clubId <= 0) throw new Error(`club invalide : ${clubId}`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.club_id', ${String(clubId)}, true)`);
    await tx.execute(sql.raw(`set local role ${TENANT_ROLE}`));
    return fn(tx);
  });
}
