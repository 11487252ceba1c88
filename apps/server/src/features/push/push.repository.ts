import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { PUSH_LIMITS } from '@club/contract';
import type { DbOrTx } from '../../db/client.ts';
import { clubs, members, pushSubscriptions } from '../../db/schema.ts';

export interface SubscriptionRow {
  id: number;
  clubId: number;
  memberId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const columns = {
  id: pushSubscriptions.id,
  clubId: pushSubscriptions.clubId,
  memberId: pushSubscriptions.memberId,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
};

/** The only queries of the push feature; each one filtered by the club id. */
export const pushRepository = {
  /**
   * Records a device's subscription for the member (a device re-subscribed in the club moves to
   * this member), then keeps the member's newest PUSH_LIMITS.parMembre.
   */
  async save(
    db: DbOrTx,
    clubId: number,
    memberId: number,
    sub: { endpoint: string; p256dh: string; auth: string; userAgent: string | null },
  ): Promise<void> {
    await db
      .insert(pushSubscriptions)
      .values({ clubId, memberId, ...sub })
      .onConflictDoUpdate({
        target: [pushSubscriptions.clubId, pushSubscriptions.endpoint],
        set: {
          memberId,
          p256dh: sub.p256dh,
          auth: sub.auth,
          userAgent: sub.userAgent,
          createdAt: sql`now()`,
        },
      });
    const mine = await db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.clubId, clubId), eq(pushSubscriptions.memberId, memberId)))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
    const extra = mine.slice(PUSH_LIMITS.parMembre).map((r) => r.id);
    if (extra.length)
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.clubId, clubId), inArray(pushSubscriptions.id, extra)));
  },

  async remove(db: DbOrTx, clubId: number, memberId: number, endpoint: string): Promise<void> {
    await db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.clubId, clubId),
          eq(pushSubscriptions.memberId, memberId),
          eq(pushSubscriptions.endpoint, endpoint),
        ),
      );
  },

  /** The subscriptions of these members, with what they want to be notified of. */
  async ofMembers(db: DbOrTx, clubId: number, memberIds: readonly number[]) {
    if (!memberIds.length) return [];
    return db
      .select({
        ...columns,
        notificationEmails: members.notificationEmails,
        notificationPrefs: members.notificationPrefs,
      })
      .from(pushSubscriptions)
      .innerJoin(
        members,
        and(
          eq(members.id, pushSubscriptions.memberId),
          eq(members.clubId, pushSubscriptions.clubId),
        ),
      )
      .where(
        and(
          eq(pushSubscriptions.clubId, clubId),
          inArray(pushSubscriptions.memberId, [...memberIds]),
        ),
      )
      .orderBy(asc(pushSubscriptions.id));
  },

  async clubTimezone(db: DbOrTx, clubId: number): Promise<string> {
    const [row] = await db
      .select({ timezone: clubs.timezone })
      .from(clubs)
      .where(eq(clubs.id, clubId))
      .limit(1);
    return row?.timezone ?? 'Europe/Paris';
  },

  async byId(db: DbOrTx, clubId: number, id: number): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select(columns)
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.clubId, clubId), eq(pushSubscriptions.id, id)))
      .limit(1);
    return row;
  },

  /**
   * Whether a newer subscription of the same device exists in another club (a browser used by
   * members of two clubs): the older one no longer reaches its member. Job only (owner role: the
   * one query of the feature that looks across clubs, on the endpoint alone).
   */
  async supersededElsewhere(db: DbOrTx, sub: SubscriptionRow): Promise<boolean> {
    const rows = await db.execute(sql`
      select 1 from ${pushSubscriptions} s
       where s.endpoint = ${sub.endpoint} and s.id <> ${sub.id} and s.club_id <> ${sub.clubId}
         and s.created_at > (select created_at from ${pushSubscriptions} where id = ${sub.id})
       limit 1`);
    return (rows as unknown as { rows: unknown[] }).rows.length > 0;
  },

  async drop(db: DbOrTx, clubId: number, id: number): Promise<void> {
    await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.clubId, clubId), eq(pushSubscriptions.id, id)));
  },
};
