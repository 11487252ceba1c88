import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { api, routeKey, type CallResult, type EndpointSpec } from '@club/contract';
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

/** The hot signed-in calls: each one's 200 is written by the compiled serialiser. */
const HOT: EndpointSpec[] = [
  api.dashboard.infos,
  api.dashboard.members,
  api.dashboard.events,
  api.events.listClub,
  api.matches.listTeam,
  api.members.listClub,
  api.teams.listClub,
];

/** The 200 schema the server registered for an endpoint. */
function responseSchema(endpoint: EndpointSpec): unknown {
  const route = ctx.app.registeredRoutes.find(
    (r) => r.method === endpoint.method && r.url === endpoint.path,
  );
  return (route?.schema?.response as Record<number, unknown> | undefined)?.[200];
}

/**
 * An answer of the compiled serialiser equals its zod encoding; `what` names the call, and only
 * a call that may find nothing (today's events) may answer an empty list.
 */
function expectSameAsZod<S extends EndpointSpec>(
  res: CallResult<S>,
  what: string,
  mayBeEmpty = false,
) {
  expect(res.status, what).toBe(200);
  const viaZod = zodSerializerCompiler({
    schema: responseSchema(res.endpoint) as never,
    method: res.endpoint.method,
    url: res.endpoint.path,
    httpStatus: '200',
  })(res.body);
  expect(JSON.parse(viaZod), what).toEqual(res.body);
  if (!mayBeEmpty) expect(res.text.length, what).toBeGreaterThan(2);
}

describe('[perf] compiled response serialisation', () => {
  it('hot calls: compiled JSON schemas exist (no silent fallback to run-time zod)', () => {
    for (const endpoint of HOT)
      expect(compiledJsonSchema(responseSchema(endpoint)), routeKey(endpoint)).not.toBeNull();
  });

  it('answers on the demo club equal their zod encoding', async () => {
    const today = new Date();
    const { clubId } = await seedDemo(ctx.app.db, { today });
    const [leader] = await ctx.app.db
      .select()
      .from(members)
      .where(eq(members.email, 'jade.martin@as-demo-nantes.example'));
    const client = await signIn(ctx.app, leader!);
    const teams = await client.send(api.teams.listClub, { params: { clubId } });
    const team = teams.body[0]!.id;
    const ymd = today.toISOString().slice(0, 10);
    expectSameAsZod(await client.send(api.dashboard.infos), 'infos');
    expectSameAsZod(
      await client.send(api.dashboard.members, { params: { id: team } }),
      'team members',
    );
    // Only today's events may be none on the demo club.
    expectSameAsZod(
      await client.send(api.dashboard.events, { params: { id: team }, query: { date: ymd } }),
      'today’s events',
      true,
    );
    expectSameAsZod(
      await client.send(api.dashboard.events, { params: { id: team }, query: { aVenir: 'true' } }),
      'upcoming events',
    );
    expectSameAsZod(
      await client.send(api.events.listClub, {
        params: { clubId },
        query: { from: `${ymd.slice(0, 8)}01`, to: `${ymd.slice(0, 8)}28` },
      }),
      'the club’s events of the month',
    );
    expectSameAsZod(
      await client.send(api.matches.listTeam, { params: { id: team } }),
      'team matches',
    );
    expectSameAsZod(await client.send(api.members.listClub, { params: { clubId } }), 'members');
    expectSameAsZod(await client.send(api.teams.listClub, { params: { clubId } }), 'teams');
  });
});
