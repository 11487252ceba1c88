import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SERVER_MESSAGES, api } from '@club/contract';
import { buildTestApp, TestClient, type TestContext } from '../../test/helper.ts';
import { clubs } from '../../db/schema.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ REGISTRATIONS_PER_IP: '3', REGISTRATIONS_WINDOW_SECONDS: '3600' });
});
afterAll(async () => {
  await ctx?.close();
});

const body = (n: number) => ({
  nom: 'Dupont',
  prenom: 'Jeanne',
  email: `limite${n}.${Date.now()}@example.org`,
  password: 'Club-Solide-Passe-1',
  dateNaissance: '1985-04-12',
  nomClub: `Club limite ${n} ${Date.now()}`,
  sportNom: 'Rugby',
  genre: 'Femme',
});

describe('[club] registration is throttled per IP', () => {
  it('answers 429 with both retry headers past REGISTRATIONS_PER_IP, and creates nothing', async () => {
    // The caller's address is no part of a declaration: raw() sends it, to the declared URL.
    const register = (payload: ReturnType<typeof body>, ip: string) =>
      new TestClient(ctx.app).raw({
        method: api.publicSite.register.method,
        url: api.publicSite.register.path,
        payload,
        remoteAddress: ip,
      });
    for (let n = 1; n <= 3; n++) {
      const res = await register(body(n), '203.0.113.7');
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = body(4);
    const res = await register(refused, '203.0.113.7');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.tooManyRequests });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['x-rate-limit-retry-after-seconds']).toBe(res.headers['retry-after']);
    expect(
      await ctx.app.db.select().from(clubs).where(eq(clubs.nom, refused.nomClub)),
    ).toHaveLength(0);

    // Another address is not affected.
    const other = await register(body(5), '198.51.100.9');
    expect(other.statusCode, other.body).toBe(201);
  });
});
