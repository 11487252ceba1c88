import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createClub, createMember } from '../db/factories.ts';
import {
  auditLog,
  contactMessages,
  memberDeletions,
  oneTimeTokens,
  sessions,
} from '../db/schema.ts';
import { buildTestApp, type TestContext } from '../test/helper.ts';
import { until } from '../test/http-utils.ts';
import { JOB_SCHEMA } from './job-queue.ts';
import { RETENTION_QUEUE } from './retention.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

/** Rows on both sides of each limit: `old` must go, `recent` must stay. */
async function seed() {
  const db = ctx.app.db;
  const club = await createClub(db);
  const member = await createMember(db, club.id);
  const contact = (createdAt: Date) =>
    db
      .insert(contactMessages)
      .values({
        token: randomUUID(),
        nom: 'Nom',
        prenom: 'Prénom',
        email: 'x@example.org',
        sujet: 'Sujet',
        message: 'Message',
        createdAt,
      })
      .returning({ id: contactMessages.id });
  const audit = (createdAt: Date) =>
    db
      .insert(auditLog)
      .values({
        clubId: club.id,
        actorMemberId: member.id,
        action: 'update',
        entity: 'member',
        entityId: member.id,
        createdAt,
      })
      .returning({ id: auditLog.id });
  const token = (expiresAt: Date, usedAt: Date | null = null) =>
    db
      .insert(oneTimeTokens)
      .values({
        memberId: member.id,
        clubId: club.id,
        purpose: 'password_reset',
        tokenHash: `retention-${randomUUID()}`,
        expiresAt,
        usedAt,
      })
      .returning({ id: oneTimeTokens.id });
  const session = (v: { expiresAt: Date; absoluteExpiresAt: Date; revokedAt?: Date | null }) =>
    db
      .insert(sessions)
      .values({
        memberId: member.id,
        clubId: club.id,
        familyId: randomUUID(),
        tokenHash: `retention-${randomUUID()}`,
        revokedAt: null,
        ...v,
      })
      .returning({ id: sessions.id });
  const soon = new Date(Date.now() + DAY);
  const snapshot = (expiresAt: Date) =>
    db
      .insert(memberDeletions)
      .values({ clubId: club.id, memberId: 999_999, snapshot: {}, expiresAt })
      .returning({ id: memberDeletions.id });
  const old = {
    snapshot: (await snapshot(new Date(Date.now() - 60_000)))[0]!.id,
    contact: (await contact(ago(370)))[0]!.id,
    audit: (await audit(ago(3 * 366 + 1)))[0]!.id,
    expiredToken: (await token(ago(31)))[0]!.id,
    usedToken: (await token(soon, ago(31)))[0]!.id,
    idleSession: (await session({ expiresAt: ago(31), absoluteExpiresAt: ago(10) }))[0]!.id,
    revokedSession: (
      await session({ expiresAt: soon, absoluteExpiresAt: soon, revokedAt: ago(31) })
    )[0]!.id,
  };
  const recent = {
    snapshot: (await snapshot(new Date(Date.now() + 5 * 60_000)))[0]!.id,
    contact: (await contact(ago(300)))[0]!.id,
    audit: (await audit(ago(2 * 365)))[0]!.id,
    expiredToken: (await token(ago(29)))[0]!.id,
    usedToken: (await token(soon, ago(29)))[0]!.id,
    idleSession: (await session({ expiresAt: ago(29), absoluteExpiresAt: soon }))[0]!.id,
    revokedSession: (
      await session({ expiresAt: soon, absoluteExpiresAt: soon, revokedAt: ago(29) })
    )[0]!.id,
    liveSession: (await session({ expiresAt: soon, absoluteExpiresAt: soon }))[0]!.id,
  };
  return { old, recent };
}

describe('[privacy] retention jobs', () => {
  it('the daily job is planned on the job queue at start', async () => {
    const rows = await ctx.app.database.executeSql(
      `select state, singleton_key, start_after > now() as later from ${JOB_SCHEMA}.job where name = $1`,
      [RETENTION_QUEUE],
    );
    expect(rows.rows).toEqual([
      expect.objectContaining({ state: 'created', singleton_key: 'quotidien', later: true }),
    ]);
  });

  it('purges contact messages after 12 months, audit entries after 3 years, tokens and sessions 30 days after their end, deletion snapshots after their window; keeps the rest', async () => {
    const db = ctx.app.db;
    const { old, recent } = await seed();
    const jobId = await ctx.app.retention.runNow();
    expect(jobId).toBeTruthy();
    // The run is a job of the queue: wait until pg-boss records it completed.
    await until('the retention job completed', async () => {
      const r = await ctx.app.database.executeSql(
        `select state from ${JOB_SCHEMA}.job where name = $1 and id = $2`,
        [RETENTION_QUEUE, jobId],
      );
      return r.rows[0]?.state === 'completed';
    });
    const ids = async <T extends { id: unknown }>(rows: Promise<T[]>) =>
      (await rows).map((r) => r.id);
    const contacts = await ids(db.select({ id: contactMessages.id }).from(contactMessages));
    const audits = await ids(db.select({ id: auditLog.id }).from(auditLog));
    const tokens = await ids(db.select({ id: oneTimeTokens.id }).from(oneTimeTokens));
    const sess = await ids(db.select({ id: sessions.id }).from(sessions));
    // A deleted member's snapshot past its undo window is erased (decision 0087).
    const snapshots = await ids(db.select({ id: memberDeletions.id }).from(memberDeletions));
    expect(snapshots).not.toContain(old.snapshot);
    expect(snapshots).toContain(recent.snapshot);
    expect(contacts).not.toContain(old.contact);
    expect(contacts).toContain(recent.contact);
    expect(audits).not.toContain(old.audit);
    expect(audits).toContain(recent.audit);
    expect(tokens).not.toContain(old.expiredToken);
    expect(tokens).not.toContain(old.usedToken);
    expect(tokens).toEqual(expect.arrayContaining([recent.expiredToken, recent.usedToken]));
    expect(sess).not.toContain(old.idleSession);
    expect(sess).not.toContain(old.revokedSession);
    expect(sess).toEqual(
      expect.arrayContaining([recent.idleSession, recent.revokedSession, recent.liveSession]),
    );
    // The daily chain still has its next run.
    const jobs = await ctx.app.database.executeSql(
      `select state, singleton_key from ${JOB_SCHEMA}.job where name = $1 order by created_on`,
      [RETENTION_QUEUE],
    );
    expect(jobs.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ state: 'created', singleton_key: 'quotidien' }),
      ]),
    );
  });
});
