import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { buildTestApp, signIn, type TestContext } from '../test/helper.ts';
import { members } from '../db/schema.ts';
import { seedDemo } from '../scripts/seed-demo.ts';
import { compiledJsonSchema } from './response-serializer.ts';

/**
 * The production serialiser (fast-json-stringify compiled from the zod schemas) must write exactly
 * what the contract describes: on the demo club, every hot signed-in call answered by the compiled
 * serialiser is re-encoded by its zod response schema (what tests use) and must come out unchanged.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ RESPONSE_SERIALIZER: 'compiled' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('[perf] compiled response serialisation', () => {
  it('hot calls: compiled JSON schemas exist (no silent fallback to run-time zod)', () => {
    const hot = [
      '/api/dashboard/infos',
      '/api/dashboard/membres/:id',
      '/api/dashboard/evenements/:id',
      '/api/evenements/club/:clubId',
      '/api/matches/equipe/:id',
      '/api/membres/club/:clubId',
      '/api/equipes/club/:clubId',
    ];
    for (const url of hot) {
      const route = ctx.app.registeredRoutes.find((r) => r.method === 'GET' && r.url === url);
      const schema = (route?.schema?.response as Record<number, unknown> | undefined)?.[200];
      expect(compiledJsonSchema(schema), url).not.toBeNull();
    }
  });

  it('answers on the demo club equal their zod encoding', async () => {
    const today = new Date();
    const { clubId } = await seedDemo(ctx.app.db, { today });
    const [leader] = await ctx.app.db
      .select()
      .from(members)
      .where(eq(members.email, 'jade.martin@as-demo-nantes.example'));
    const client = await signIn(ctx.app, leader!);
    const teams = (await client.get(`/api/equipes/club/${clubId}`)).json() as { id: number }[];
    const team = teams[0]!.id;
    const ymd = today.toISOString().slice(0, 10);
    const calls: [string, string][] = [
      ['/api/dashboard/infos', '/api/dashboard/infos'],
      ['/api/dashboard/membres/:id', `/api/dashboard/membres/${team}`],
      ['/api/dashboard/evenements/:id', `/api/dashboard/evenements/${team}?date=${ymd}`],
      ['/api/dashboard/evenements/:id', `/api/dashboard/evenements/${team}?aVenir=true`],
      [
        '/api/evenements/club/:clubId',
        `/api/evenements/club/${clubId}?from=${ymd.slice(0, 8)}01&to=${ymd.slice(0, 8)}28`,
      ],
      ['/api/matches/equipe/:id', `/api/matches/equipe/${team}`],
      ['/api/membres/club/:clubId', `/api/membres/club/${clubId}`],
      ['/api/equipes/club/:clubId', `/api/equipes/club/${clubId}`],
    ];
    for (const [routeUrl, url] of calls) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(200);
      const route = ctx.app.registeredRoutes.find((r) => r.method === 'GET' && r.url === routeUrl)!;
      const schema = (route.schema!.response as Record<number, unknown>)[200];
      const viaZod = zodSerializerCompiler({
        schema: schema as never,
        method: 'GET',
        url: routeUrl,
        httpStatus: '200',
      })(res.json());
      expect(JSON.parse(viaZod), url).toEqual(res.json());
      // Only today's events may be none on the demo club.
      if (!url.includes('date=')) expect(res.body.length, url).toBeGreaterThan(2);
    }
  });
});
