/**
 * Client-chosen Idempotency-Key on writes. Same key + same request → the first answer is
 * replayed and nothing is written twice; per member and per club; bad keys and reuse refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SERVER_MESSAGES } from '@club/contract';
import { createClub, createMember } from '../db/factories.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../test/helper.ts';

let ctx: TestContext;
let clubId: number;
let otherClubId: number;
let asLeader: TestClient;
let asOtherLeader: TestClient;
let asOtherClubLeader: TestClient;
let seq = 0;

const memberBody = (club: number) => ({
  nom: 'Idem',
  prenom: 'Potent',
  dateDeNaissance: '2001-02-03',
  genre: 'Femme',
  numeroTelephone: '06 12 34 56 78',
  email: `idem.${process.pid}.${++seq}@example.org`,
  role: 'JOUEUR',
  clubId: club,
});

const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

async function membersWithEmail(email: string): Promise<number> {
  const res = await ctx.app.db.execute(
    sql`select count(*)::int as n from members where lower(email::text) = lower(${email})`,
  );
  return Number(res.rows[0]!.n);
}

beforeAll(async () => {
  ctx = await buildTestApp();
  const club = await createClub(ctx.app.db);
  const other = await createClub(ctx.app.db);
  clubId = club.id;
  otherClubId = other.id;
  asLeader = await signIn(ctx.app, await createMember(ctx.app.db, clubId, { role: 'DIRIGEANT' }));
  asOtherLeader = await signIn(
    ctx.app,
    await createMember(ctx.app.db, clubId, { role: 'RESPONSABLE' }),
  );
  asOtherClubLeader = await signIn(
    ctx.app,
    await createMember(ctx.app.db, otherClubId, { role: 'DIRIGEANT' }),
  );
});
afterAll(async () => ctx?.close());

describe('[defects] Idempotency-Key on writes', () => {
  it('the same key and body replays the first answer without writing twice', async () => {
    const body = memberBody(clubId);
    const first = await asLeader.post('/api/membres', body, withKey('cle-membre-1'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await asLeader.post('/api/membres', body, withKey('cle-membre-1'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.json()).toEqual(first.json());
    expect(await membersWithEmail(body.email)).toBe(1);
    // Without a key the same body is a new request: the unique e-mail answers 409.
    expect((await asLeader.post('/api/membres', body)).statusCode).toBe(409);
  });

  it('concurrent requests with one key write once; the others replay or are told to retry', async () => {
    const body = memberBody(clubId);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => asLeader.post('/api/membres', body, withKey('cle-conc'))),
    );
    for (const a of answers) expect([201, 409], a.body).toContain(a.statusCode);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json()).toEqual({ message: SERVER_MESSAGES.idempotencyInProgress });
      expect(a.headers['retry-after']).toBe('1');
    }
    expect(answers.filter((a) => a.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    expect(await membersWithEmail(body.email)).toBe(1);
  });

  it('a stored refusal is replayed too (4xx), and the key is per request', async () => {
    const bad = { ...memberBody(clubId), email: 'pas-un-email' };
    const first = await asLeader.post('/api/membres', bad, withKey('cle-refus'));
    expect(first.statusCode).toBe(400);
    // Validation runs before the key is read: nothing reserved, the same key is still free.
    const good = memberBody(clubId);
    const created = await asLeader.post('/api/membres', good, withKey('cle-refus'));
    expect(created.statusCode).toBe(201);
    // The same key with another body is refused, and writes nothing.
    const other = memberBody(clubId);
    const reused = await asLeader.post('/api/membres', other, withKey('cle-refus'));
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ message: SERVER_MESSAGES.idempotencyKeyReused });
    expect(await membersWithEmail(other.email)).toBe(0);
    // A business refusal (409: e-mail taken) is stored and replayed as such.
    const dup = await asLeader.post('/api/membres', good, withKey('cle-doublon'));
    expect(dup.statusCode).toBe(409);
    const dupAgain = await asLeader.post('/api/membres', good, withKey('cle-doublon'));
    expect(dupAgain.statusCode).toBe(409);
    expect(dupAgain.headers['idempotent-replayed']).toBe('true');
  });

  it('keys are scoped per member and per club: another member never sees a stored answer', async () => {
    const body = memberBody(clubId);
    const first = await asLeader.post('/api/membres', body, withKey('cle-partagee'));
    expect(first.statusCode).toBe(201);
    const colleague = await asOtherLeader.post('/api/membres', body, withKey('cle-partagee'));
    expect(colleague.statusCode).toBe(409);
    expect(colleague.headers['idempotent-replayed']).toBeUndefined();
    const foreign = await asOtherClubLeader.post(
      '/api/membres',
      memberBody(otherClubId),
      withKey('cle-partagee'),
    );
    expect(foreign.statusCode, foreign.body).toBe(201);
    expect(foreign.headers['idempotent-replayed']).toBeUndefined();
    const rows = await ctx.app.db.execute(
      sql`select club_id, count(*)::int as n from idempotency_keys where key = 'cle-partagee'
           group by club_id order by club_id`,
    );
    expect(rows.rows).toEqual([
      { club_id: clubId, n: 2 },
      { club_id: otherClubId, n: 1 },
    ]);
  });

  it('PUT and DELETE honour the key; reads ignore it', async () => {
    const created = await asLeader.post('/api/membres', memberBody(clubId));
    const id = (created.json() as { id: number }).id;
    const del1 = await asLeader.delete(`/api/membres/${id}`, undefined, withKey('cle-suppr'));
    expect(del1.statusCode).toBeLessThan(300);
    const del2 = await asLeader.delete(`/api/membres/${id}`, undefined, withKey('cle-suppr'));
    expect(del2.statusCode).toBe(del1.statusCode);
    expect(del2.headers['idempotent-replayed']).toBe('true');
    // Without the key, the member is gone.
    expect((await asLeader.delete(`/api/membres/${id}`)).statusCode).toBe(404);
    const read = await asLeader.get(`/api/membres/${created.json().id}`, withKey('cle-lecture'));
    expect(read.statusCode).toBe(404);
    const mine = await asLeader.post('/api/membres', memberBody(clubId));
    const again = await asLeader.get(`/api/membres/${mine.json().id}`, withKey('cle-lecture'));
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    const reread = await asLeader.get(`/api/membres/${mine.json().id}`, withKey('cle-lecture'));
    expect(reread.statusCode).toBe(200);
    expect(reread.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a malformed key answers 400 in French and writes nothing', async () => {
    for (const key of ['', 'a b', 'x'.repeat(256), 'clé']) {
      const body = memberBody(clubId);
      const res = await asLeader.post('/api/membres', body, withKey(key));
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.idempotencyKeyInvalid });
      expect(await membersWithEmail(body.email)).toBe(0);
    }
  });

  it('an expired key is reused for a new request', async () => {
    const body = memberBody(clubId);
    expect((await asLeader.post('/api/membres', body, withKey('cle-expiree'))).statusCode).toBe(
      201,
    );
    await ctx.app.db.execute(
      sql`update idempotency_keys set expires_at = now() - interval '1 second'
           where key = 'cle-expiree'`,
    );
    const res = await asLeader.post('/api/membres', memberBody(clubId), withKey('cle-expiree'));
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });
});
