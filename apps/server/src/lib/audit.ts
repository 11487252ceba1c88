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
