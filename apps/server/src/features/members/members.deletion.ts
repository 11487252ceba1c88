import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { and, eq, gt, sql } from 'drizzle-orm';
import { MEMBER_RESTORE_WINDOW_MINUTES } from '@club/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { memberDeletions } from '../../db/schema.ts';
import { transactionExecutor } from '../../jobs/job-queue.ts';

/**
 * A member's deletion and its undo (decision 0087). The deletion is sent at once: the member's row
 * is deleted (its rows follow by ON DELETE CASCADE) after a snapshot of what the undo puts back is
 * stored in `member_deletions` with the window's end. POST /api/membres/{id}/restaurer re-inserts
 * the rows as they were (same ids, `jsonb_populate_recordset` of each table's own row type), minus
 * those whose other end disappeared meanwhile (a deleted team, match, event, announcement or
 * linked member). A job queued by the deletion's own transaction erases the snapshot when the
 * window ends; the daily retention job erases any left past it (docs/privacy.md).
 *
 * Not put back: sessions (the member signs in again), idempotency keys, carpool offers and seats
 * (a trip is offered again), the pending convocation mail.
 */
export const MEMBER_DELETION_PURGE_QUEUE = 'member-deletion-purge';
const WINDOW_MS = MEMBER_RESTORE_WINDOW_MINUTES * 60_000;

/**
 * The member's rows in other tables that the deletion removes and the undo puts back: where they
 * are found (`of`: the member's id as `$m`), and what must still exist to put one back (`r` is the
 * row, `$c` the club).
 */
const OWN_ROWS = [
  {
    table: 'team_memberships',
    of: 'member_id = $m',
    keepIf: 'exists (select 1 from teams x where x.club_id = $c and x.id = r.team_id)',
  },
  {
    table: 'guardians',
    of: '(parent_id = $m or child_id = $m)',
    keepIf:
      'exists (select 1 from members x where x.club_id = $c and x.id = r.parent_id) and exists (select 1 from members x where x.club_id = $c and x.id = r.child_id)',
  },
  {
    table: 'convocations',
    of: 'member_id = $m',
    keepIf: 'exists (select 1 from matches x where x.club_id = $c and x.id = r.match_id)',
  },
  {
    table: 'event_presences',
    of: 'member_id = $m',
    keepIf: 'exists (select 1 from events x where x.club_id = $c and x.id = r.event_id)',
  },
  {
    table: 'announcement_reads',
    of: 'member_id = $m',
    keepIf:
      'exists (select 1 from announcements x where x.club_id = $c and x.id = r.announcement_id)',
  },
  {
    table: 'calendar_feeds',
    of: 'member_id = $m',
    keepIf:
      '(r.equipe_id is null or exists (select 1 from teams x where x.club_id = $c and x.id = r.equipe_id))',
  },
  { table: 'one_time_tokens', of: 'member_id = $m', keepIf: 'true' },
  { table: 'push_subscriptions', of: 'member_id = $m', keepIf: 'true' },
  { table: 'fee_exemptions', of: 'member_id = $m', keepIf: 'true' },
] as const;

/** Rows that keep living with their reference to the member set null: their ids, to re-point. */
const NULLED_REFS = [
  { table: 'audit_log', column: 'actor_member_id' },
  { table: 'announcements', column: 'author_id' },
  // accounting records outlive the member, their names kept beside them (docs/privacy.md)
  { table: 'payments', column: 'member_id' },
] as const;

interface Snapshot {
  member: Record<string, unknown>;
  rows: Record<string, unknown[]>;
  nulled: Record<string, number[]>;
}

/** `$m` / `$c` of the fragments above, with the (integer) values inlined as parameters. */
function fragment(text: string, clubId: number, memberId: number) {
  const parts = text.split(/(\$m|\$c)/);
  return sql.join(
    parts.map((p) => (p === '$m' ? sql`${memberId}` : p === '$c' ? sql`${clubId}` : sql.raw(p))),
    sql.raw(''),
  );
}

async function one<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T> {
  const result = await db.execute(query);
  return (result.rows[0] as { v: T }).v;
}

/** The member's row and every row the undo puts back, as JSON (each table's own column names). */
async function snapshot(db: DbOrTx, clubId: number, memberId: number): Promise<Snapshot | null> {
  const member = await one<Record<string, unknown> | null>(
    db,
    sql`select to_jsonb(t) as v from members t where t.club_id = ${clubId} and t.id = ${memberId}`,
  );
  if (!member) return null;
  const rows: Snapshot['rows'] = {};
  for (const { table, of } of OWN_ROWS) {
    rows[table] = await one<unknown[]>(
      db,
      sql`select coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) as v from ${sql.raw(table)} t
          where t.club_id = ${clubId} and ${fragment(of, clubId, memberId)}`,
    );
  }
  const nulled: Snapshot['nulled'] = {};
  for (const { table, column } of NULLED_REFS) {
    nulled[table] = await one<number[]>(
      db,
      sql`select coalesce(jsonb_agg(t.id), '[]'::jsonb) as v from ${sql.raw(table)} t
          where t.club_id = ${clubId} and t.${sql.raw(column)} = ${memberId}`,
    );
  }
  return { member, rows, nulled };
}

export const memberDeletion = {
  /**
   * Keeps the snapshot of a member about to be deleted, for the undo window; the id of the
   * snapshot (its erasure job names it).
   */
  async keepSnapshot(
    tx: DbOrTx,
    clubId: number,
    memberId: number,
    deletedBy: number | null,
    now: Date,
  ): Promise<number | null> {
    const taken = await snapshot(tx, clubId, memberId);
    if (!taken) return null;
    const [row] = await tx
      .insert(memberDeletions)
      .values({
        clubId,
        memberId,
        deletedBy,
        snapshot: taken,
        expiresAt: new Date(now.getTime() + WINDOW_MS),
      })
      .returning({ id: memberDeletions.id });
    return row!.id;
  },

  /** The live snapshot of a deleted member (locked until the transaction ends), or null. */
  async findLive(tx: DbOrTx, clubId: number, memberId: number, now: Date) {
    const [row] = await tx
      .select()
      .from(memberDeletions)
      .where(
        and(
          eq(memberDeletions.clubId, clubId),
          eq(memberDeletions.memberId, memberId),
          gt(memberDeletions.expiresAt, now),
        ),
      )
      .for('update')
      .limit(1);
    return row ? { id: row.id, snapshot: row.snapshot as Snapshot } : null;
  },

  /**
   * Puts the snapshot's rows back (the member first: their rows reference it) and erases the
   * snapshot. The caller has checked the e-mail address is free. A primary team deleted meanwhile
   * is left empty.
   */
  async restore(tx: DbOrTx, clubId: number, deletionId: number, taken: Snapshot) {
    const memberId = Number(taken.member.id);
    const teamId = taken.member.team_id;
    const teamLives =
      teamId == null ||
      (await one<boolean>(
        tx,
        sql`select exists (select 1 from teams where club_id = ${clubId} and id = ${Number(teamId)}) as v`,
      ));
    const member = { ...taken.member, team_id: teamLives ? teamId : null };
    await tx.execute(
      sql`insert into members select r.* from jsonb_populate_record(null::members, ${JSON.stringify(member)}::jsonb) r
          where r.club_id = ${clubId}`,
    );
    for (const { table, keepIf } of OWN_ROWS) {
      const rows = taken.rows[table] ?? [];
      if (!rows.length) continue;
      await tx.execute(
        sql`insert into ${sql.raw(table)}
            select r.* from jsonb_populate_recordset(null::${sql.raw(table)}, ${JSON.stringify(rows)}::jsonb) r
            where r.club_id = ${clubId} and ${fragment(keepIf, clubId, memberId)}
            on conflict do nothing`,
      );
    }
    for (const { table, column } of NULLED_REFS) {
      const ids = taken.nulled[table] ?? [];
      if (!ids.length) continue;
      await tx.execute(
        sql`update ${sql.raw(table)} set ${sql.raw(column)} = ${memberId}
            where club_id = ${clubId} and ${sql.raw(column)} is null
              and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`,
      );
    }
    await tx.delete(memberDeletions).where(eq(memberDeletions.id, deletionId));
  },

  /** Erases one snapshot (its window is over; already gone when restored). */
  async erase(db: DbOrTx, deletionId: number): Promise<number> {
    const rows = await db
      .delete(memberDeletions)
      .where(eq(memberDeletions.id, deletionId))
      .returning({ id: memberDeletions.id });
    return rows.length;
  },
};

/**
 * Deletes a member the way DELETE /api/membres/{id} does (snapshot first), outside a request: the
 * authorization tests' deleted members.
 */
export async function deleteKeepingSnapshot(db: Db, clubId: number, memberId: number) {
  await db.transaction(async (tx) => {
    await memberDeletion.keepSnapshot(tx, clubId, memberId, null, new Date());
    await tx.execute(sql`delete from members where club_id = ${clubId} and id = ${memberId}`);
  });
}

export interface DeletionPurge {
  /** Queues, in the deletion's transaction, the erasure of its snapshot when the window ends. */
  queue(tx: DbOrTx, deletionId: number): Promise<void>;
  createQueue(): Promise<void>;
  work(): void;
}

/** The snapshot's erasure job on the application's job queue (owner role: any club). */
export function createDeletionPurge(app: FastifyInstance): DeletionPurge {
  const { boss } = app.jobs;
  const log = app.log.child({ queue: MEMBER_DELETION_PURGE_QUEUE });
  return {
    async queue(tx, deletionId) {
      const id = await boss.send(
        MEMBER_DELETION_PURGE_QUEUE,
        { deletionId },
        {
          db: transactionExecutor(tx) as PgBoss.Db,
          // A few seconds past the window: a restore at its last second has committed.
          startAfter: WINDOW_MS / 1000 + 5,
        },
      );
      if (!id) throw new Error('effacement de la suppression non mis en file');
    },
    async createQueue() {
      const settings: PgBoss.Queue = {
        name: MEMBER_DELETION_PURGE_QUEUE,
        retryLimit: 10,
        retryDelay: 60,
        retryBackoff: true,
      };
      if (await boss.getQueue(MEMBER_DELETION_PURGE_QUEUE)) return;
      try {
        await boss.createQueue(MEMBER_DELETION_PURGE_QUEUE, settings);
      } catch (err) {
        if (!(await boss.getQueue(MEMBER_DELETION_PURGE_QUEUE))) throw err;
      }
    },
    work() {
      app.jobs.work<{ deletionId: number }>(
        MEMBER_DELETION_PURGE_QUEUE,
        async (job) => {
          const erased = await memberDeletion.erase(app.db as Db, job.data.deletionId);
          log.info(
            { deletionId: job.data.deletionId, erased },
            'suppression de membre : instantané effacé',
          );
        },
        { timeoutMs: 60_000 },
      );
    },
  };
}
