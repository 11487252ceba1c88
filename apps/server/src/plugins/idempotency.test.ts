/**
 * Client-chosen Idempotency-Key on writes. Same key + same request → the first answer is
 * replayed and nothing is written twice; per member and per club; bad keys and reuse refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SERVER_MESSAGES, api, type TMemberCreate } from '@club/contract';
import { createClub, createMember } from '../db/factories.ts';
import { buildTestApp, signIn, type TestClient, type TestContext } from '../test/helper.ts';

let ctx: TestContext;
let clubId: number;
let otherClubId: number;
let asLeader: TestClient;
let asOtherLeader: TestClient;
let asOtherClubLeader: TestClient;
let seq = 0;

const memberBody = (club: number) =>
  ({
    nom: 'Idem',
    prenom: 'Potent',
    dateDeNaissance: '2001-02-03',
    genre: 'Femme',
    numeroTelephone: '06 12 34 56 78',
    email: `idem.${process.pid}.${++seq}@example.org`,
    role: 'JOUEUR',
    clubId: club,
  }) satisfies TMemberCreate;

const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });
/** Creates a member (api.members.create), with the Idempotency-Key when one is given. */
const create = (client: TestClient, body: TMemberCreate, key?: string) =>
  client.send(api.members.create, { body }, key === undefined ? {} : withKey(key));

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
    const first = await create(asLeader, body, 'cle-membre-1');
    expect(first.status, first.text).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await create(asLeader, body, 'cle-membre-1');
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toEqual(first.body);
    expect(await membersWithEmail(body.email)).toBe(1);
    // Without a key the same body is a new request: the unique e-mail answers 409.
    expect((await create(asLeader, body)).status).toBe(409);
  });

  it('concurrent requests with one key write once; the others replay or are told to retry', async () => {
    const body = memberBody(clubId);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => create(asLeader, body, 'cle-conc')),
    );
    for (const a of answers) expect([201, 409], a.text).toContain(a.status);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.error).toEqual({ message: SERVER_MESSAGES.idempotencyInProgress });
      expect(a.headers['retry-after']).toBe('1');
    }
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
    expect(await membersWithEmail(body.email)).toBe(1);
  });

  it('a stored refusal is replayed too (4xx), and the key is per request', async () => {
    const bad = { ...memberBody(clubId), email: 'pas-un-email' };
    const first = await create(asLeader, bad, 'cle-refus');
    expect(first.status).toBe(400);
    // Validation runs before the key is read: nothing reserved, the same key is still free.
    const good = memberBody(clubId);
    const created = await create(asLeader, good, 'cle-refus');
    expect(created.status).toBe(201);
    // The same key with another body is refused, and writes nothing.
    const other = memberBody(clubId);
    const reused = await create(asLeader, other, 'cle-refus');
    expect(reused.status).toBe(422);
    expect(reused.error).toEqual({ message: SERVER_MESSAGES.idempotencyKeyReused });
    expect(await membersWithEmail(other.email)).toBe(0);
    // A business refusal (409: e-mail taken) is stored and replayed as such.
    const dup = await create(asLeader, good, 'cle-doublon');
    expect(dup.status).toBe(409);
    const dupAgain = await create(asLeader, good, 'cle-doublon');
    expect(dupAgain.status).toBe(409);
    expect(dupAgain.headers['idempotent-replayed']).toBe('true');
  });

  it('keys are scoped per member and per club: another member never sees a stored answer', async () => {
    const body = memberBody(clubId);
    const first = await create(asLeader, body, 'cle-partagee');
    expect(first.status).toBe(201);
    const colleague = await create(asOtherLeader, body, 'cle-partagee');
    expect(colleague.status).toBe(409);
    expect(colleague.headers['idempotent-replayed']).toBeUndefined();
    const foreign = await create(asOtherClubLeader, memberBody(otherClubId), 'cle-partagee');
    expect(foreign.status, foreign.text).toBe(201);
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
    const created = await create(asLeader, memberBody(clubId));
    const { id } = created.body;
    const del1 = await asLeader.send(api.members.remove, { params: { id } }, withKey('cle-suppr'));
    expect(del1.status).toBeLessThan(300);
    const del2 = await asLeader.send(api.members.remove, { params: { id } }, withKey('cle-suppr'));
    expect(del2.status).toBe(del1.status);
    expect(del2.headers['idempotent-replayed']).toBe('true');
    // Without the key, the member is gone.
    expect((await asLeader.send(api.members.remove, { params: { id } })).status).toBe(404);
    const read = await asLeader.send(api.members.get, { params: { id } }, withKey('cle-lecture'));
    expect(read.status).toBe(404);
    const mine = await create(asLeader, memberBody(clubId));
    const again = await asLeader.send(
      api.members.get,
      { params: { id: mine.body.id } },
      withKey('cle-lecture'),
    );
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    const reread = await asLeader.send(
      api.members.get,
      { params: { id: mine.body.id } },
      withKey('cle-lecture'),
    );
    expect(reread.status).toBe(200);
    expect(reread.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a malformed key answers 400 in French and writes nothing', async () => {
    for (const key of ['', 'a b', 'x'.repeat(256), 'clé']) {
      const body = memberBody(clubId);
      const res = await create(asLeader, body, key);
      expect(res.status, key).toBe(400);
      expect(res.error).toEqual({ message: SERVER_MESSAGES.idempotencyKeyInvalid });
      expect(await membersWithEmail(body.email)).toBe(0);
    }
  });

  it('an expired key is reused for a new request', async () => {
    const body = memberBody(clubId);
    expect((await create(asLeader, body, 'cle-expiree')).status).toBe(201);
    await ctx.app.db.execute(
      sql`update idempotency_keys set expires_at = now() - interval '1 second'
           where key = 'cle-expiree'`,
    );
    const res = await create(asLeader, memberBody(clubId), 'cle-expiree');
    expect(res.status).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });
});
