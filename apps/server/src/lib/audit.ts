import { sql } from 'drizzle-orm';
import { auditLog } from '../db/schema.ts';
import type { DbOrTx } from '../db/client.ts';

export interface AuditEntry {
  clubId: number;
  actorMemberId: number | null;
  action: 'create' | 'update' | 'delete' | 'invite' | (string & {});
  entity: 'member' | 'team' | (string & {});
  entityId: number | null;
  /** Field names and non-secret facts only: never passwords, tokens or e-mail contents. */
  details?: Record<string, unknown>;
}

/** Writes one audit row; call it inside the write's transaction so both land or neither. */
export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, details: entry.details ?? null });
}

/**
 * Writes many audit rows (an import) in the caller's transaction, a thousand per statement as one
 * JSON parameter (json_to_recordset) rather than thousands of bound parameters.
 */
export async function auditMany(db: DbOrTx, entries: readonly AuditEntry[]): Promise<void> {
  const CHUNK = 1000;
  for (let i = 0; i < entries.length; i += CHUNK) {
    const json = JSON.stringify(
      entries.slice(i, i + CHUNK).map((e) => ({
        club_id: e.clubId,
        actor_member_id: e.actorMemberId,
        action: e.action,
        entity: e.entity,
        entity_id: e.entityId,
        details: e.details ?? null,
      })),
    );
    await db.execute(sql`
      insert into ${auditLog} (club_id, actor_member_id, action, entity, entity_id, details)
      select r.club_id, r.actor_member_id, r.action, r.entity, r.entity_id, r.details
      from json_to_recordset(${json}::json) as r(
        club_id int, actor_member_id int, action text, entity text, entity_id int, details jsonb)`);
  }
}
