import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_PATH, api, listEndpoints, routeKey } from '@club/contract';
import { createClub, createMember, createTeam } from '../../db/factories.ts';
import { buildTestApp, signIn, TestClient, type TestContext } from '../helper.ts';
import { isInfrastructureRoute } from '../policy-grid.ts';

/**
 * Fuzzing: bad requests generated from the OpenAPI description (`${API_DOCS_PATH}/json`) of every
 * declared route — wrong types, huge and unicode strings, NUL bytes, deep nesting, `__proto__`,
 * arrays for objects, bad content types, invalid UTF-8, long URLs — sent through app.inject as
 * anonymous and as a signed-in DIRIGEANT. Every answer: no 5xx, the uniform French error body
 * ({ message, errors? }), no stack trace or SQL text; no unhandled rejection; the server answers
 * its health check at the end. A fixed seed in `npm test`; FUZZ_RUNS (per route) and FUZZ_SEED
 * for a longer run on demand, e.g. `FUZZ_RUNS=5000 npx vitest run --project server fuzz`.
 * The routes are shared by three files (fuzz-1/2/3.test.ts), each under a minute.
 */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 220);
export const SEED = Number(process.env.FUZZ_SEED ?? 16_2026);

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

/** Percent-encodes every byte (lone surrogates included, as U+FFFD), unlike encodeURIComponent. */
const enc = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');

// ---- generators -------------------------------------------------------------------------------

const deep = (depth: number, leaf: unknown): unknown => {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};
const hugeString = fc.constantFrom('a'.repeat(20_000), 'é'.repeat(60_000), '😀'.repeat(5_000));
const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\r\nBcc: x@example.org',
    "' OR 1=1 --",
    '"; DROP TABLE members; --',
    '../../etc/passwd',
    '%00',
    '\uD800',
    '\uFFFF',
    '\u202E',
    '<script>alert(1)</script>',
    '${7*7}',
    '0x7fffffff',
    'NaN',
    '-0',
    '1e309',
    '__proto__',
    'constructor',
    '',
    ' ',
  ),
);
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  hugeString,
  fc.integer(),
  fc.constantFrom(
    -1,
    0,
    2 ** 31,
    2 ** 53 + 1,
    -(2 ** 63),
    1.5,
    Number.MAX_VALUE,
    true,
    false,
    null,
  ),
  fc.double(),
  fc.array(nastyString, { maxLength: 3 }),
  fc.constant({ __proto__: { admin: true } }),
  fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}')),
  fc.constantFrom(deep(64, 'x'), deep(600, null), deep(3000, 1)),
  fc.object({ maxDepth: 2 }),
);

/**
 * Path parameters: never a valid id, so that a fuzzed DELETE never finds a real row. Ids are read
 * leniently on purpose (' 12' is 12, control-chars.test.ts): such values are not bad requests.
 */
const badParam = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '1.5',
    '1e400',
    '99999999999999999999999',
    '%00',
    '%FF%FE',
    '..%2F..%2Fetc',
    '__proto__',
    'NaN',
    'null',
    '%F0%9F%98%80',
    ' ',
    '0x',
  ),
  fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 30 })
    .filter((v) => !(Number.isInteger(Number(v)) && Number(v) > 0))
    .map(enc),
  fc.integer({ min: 100, max: 6000 }).map((n) => 'a'.repeat(n)),
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  'application/jsonx',
  undefined,
] as const;

type Payload = { kind: 'json'; value: unknown } | { kind: 'raw'; value: string | Buffer };

function bodyArb(schema: JsonSchema | undefined): fc.Arbitrary<Payload> {
  const keys = Object.keys(schema?.properties ?? {});
  const record = keys.length
    ? fc
        .dictionary(fc.constantFrom(...keys, '__proto__', 'clubId', 'role', 'extra'), badValue, {
          maxKeys: Math.max(keys.length, 3),
        })
        .map((v) => ({ kind: 'json', value: v }) as Payload)
    : fc
        .dictionary(nastyString, badValue, { maxKeys: 3 })
        .map((v) => ({ kind: 'json', value: v }) as Payload);
  return fc.oneof(
    { weight: 4, arbitrary: record },
    fc.array(badValue, { maxLength: 3 }).map((v) => ({ kind: 'json', value: v }) as Payload),
    badValue.map((v) => ({ kind: 'json', value: v }) as Payload),
    fc
      .constantFrom(
        '{"__proto__":{"isAdmin":true}}',
        '{"a":',
        '{"a":1,"a":2}',
        '['.repeat(5000) + ']'.repeat(5000),
        '{"a":"\\ud800"}',
        '{"nom":"\\u0000"}',
        'null',
        '',
        '{"x":1e999999}',
        `{"big":"${'x'.repeat(200_000)}"}`,
      )
      .map((v) => ({ kind: 'raw', value: v }) as Payload),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map(
      (b) =>
        ({
          kind: 'raw',
          value: Buffer.concat([
            Buffer.from('{"nom":"'),
            Buffer.from([0xff, 0xfe, ...b]),
            Buffer.from('"}'),
          ]),
        }) as Payload,
    ),
  );
}

function queryArb(names: string[]): fc.Arbitrary<string> {
  const pairs = fc.array(
    fc.tuple(fc.constantFrom(...names, '__proto__', 'constructor', 'x[y]'), badValue),
    { maxLength: 4 },
  );
  return fc.oneof(
    pairs.map((ps) =>
      ps
        .map(([k, v]) => `${enc(k)}=${enc(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
        .join('&'),
    ),
    fc.constantFrom(
      'a=%FF%FE',
      'a=%00',
      'a[b][c][d]=1',
      `q=${'a'.repeat(12_000)}`,
      '&&&==',
      'page=-1&size=1e9',
    ),
  );
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

/** Fills a declared path (an endpoint's `path`, with `:id` parameters) with values, adds the query string. */
function fuzzedUrl(pattern: string, params: string[], query: string): string {
  let i = 0;
  const path = pattern.replace(/:[A-Za-z]+/g, () => params[i++]!);
  return query ? `${path}?${query}` : path;
}

// ---- checks -----------------------------------------------------------------------------------

const SQL_TEXT =
  /\b(select|insert into|update \w+ set|delete from)\b|syntax error|violates|relation "|duplicate key|pglite|drizzle|postgres/i;
const STACK = /\bat [\w.<>]+ \(|\.(ts|js|mjs):\d+|node_modules|Error: /;

function problems(res: LightMyRequestResponse): string[] {
  const out: string[] = [];
  if (res.statusCode >= 500) out.push(`status ${res.statusCode}`);
  if (SQL_TEXT.test(res.body) && res.statusCode >= 400) out.push('SQL text');
  if (STACK.test(res.body)) out.push('stack trace');
  if (res.statusCode >= 400) {
    let body: { message?: unknown; errors?: unknown };
    try {
      body = res.json();
    } catch {
      return [...out, 'error body is not JSON'];
    }
    const extra = Object.keys(body).filter((k) => k !== 'message' && k !== 'errors');
    if (typeof body.message !== 'string' || !body.message.trim()) out.push('no message');
    if (extra.length) out.push(`extra keys ${extra.join(',')}`);
    // French: the uniform messages; Fastify's and Zod's English ones never leak through
    if (
      typeof body.message === 'string' &&
      /\b(must|invalid input|expected|Bad Request|Not Found|Unsupported|Route )\b/i.test(
        body.message,
      )
    )
      out.push(`English message "${body.message}"`);
    if (body.errors !== undefined) {
      const values = Object.values(body.errors as Record<string, unknown>);
      if (values.some((v) => typeof v !== 'string' || /\b(must|expected|Invalid input)\b/.test(v)))
        out.push(`field errors not in French ${JSON.stringify(body.errors).slice(0, 200)}`);
    }
  }
  return out;
}

// ---- the run ----------------------------------------------------------------------------------

/** Every endpoint of the contract (contract.test.ts proves they are the registered routes). */
export const ROUTES = listEndpoints(api).map(([, e]) => ({
  route: routeKey(e),
  method: e.method,
  url: e.path,
}));
const DECLARED = new Set(ROUTES.map((r) => r.route));
export const PARTS = 3;

/** Declares one part of the fuzzing suite: the routes of index ≡ part (mod PARTS). */
export function fuzzPart(part: number): void {
  let ctx: TestContext;
  let boss: TestClient;
  let anonymous: TestClient;
  let openapi: { paths: Record<string, Record<string, OpenApiOperation>> };
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    ctx = await buildTestApp();
    const club = await createClub(ctx.app.db, { nom: 'Club Fuzz' });
    await createTeam(ctx.app.db, club.id, { nom: 'Fuzz 1' });
    boss = await signIn(ctx.app, await createMember(ctx.app.db, club.id, { role: 'DIRIGEANT' }));
    anonymous = new TestClient(ctx.app);
    openapi = (await ctx.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/json` })).json();
  });
  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    await ctx?.close();
  });

  const failures: string[] = [];
  const counts = new Map<string, number>();
  let ip = 0;

  describe(`[security] fuzzing, part ${part + 1} of ${PARTS}: routes from their OpenAPI schema`, () => {
    it('every route is in the OpenAPI description the fuzzer reads', () => {
      const registered = ctx.app.registeredRoutes
        .map((r) => `${r.method} ${r.url}`)
        .filter((r) => !isInfrastructureRoute(r));
      expect(registered.filter((r) => !DECLARED.has(r))).toEqual([]);
      expect(ROUTES.filter((r) => !openapi.paths[openApiPath(r.url)]).map((r) => r.route)).toEqual(
        [],
      );
    });

    for (const r of ROUTES.filter((_, i) => i % PARTS === part)) {
      it(
        `${r.route}: ${RUNS} bad requests, no 5xx, the French error body`,
        { timeout: 120_000 },
        async () => {
          const operation = openapi.paths[openApiPath(r.url)]?.[r.method.toLowerCase()] ?? {};
          const params = (r.url.match(/:[A-Za-z]+/g) ?? []).length;
          const queryNames = (operation.parameters ?? [])
            .filter((p) => p.in === 'query')
            .map((p) => p.name);
          const content = operation.requestBody?.content ?? {};
          const bodySchema = Object.values(content)[0]?.schema;
          const signedIn = ctx.app.signedInRoutes.has(r.route);
          const requestArb = fc.record({
            params: fc.array(badParam, { minLength: params, maxLength: params }),
            query: queryArb(queryNames.length ? queryNames : ['q']),
            payload: bodyArb(bodySchema),
            contentType: fc.constantFrom(...CONTENT_TYPES),
            asBoss: fc.boolean(),
            longUrl: fc.nat(19),
          });
          const before = failures.length;
          await fc.assert(
            fc.asyncProperty(requestArb, async (g) => {
              let url = fuzzedUrl(r.url, g.params, g.query);
              if (g.longUrl === 0)
                url += (url.includes('?') ? '&' : '?') + `z=${'%41'.repeat(9_000)}`;
              const headers: Record<string, string> = {};
              if (g.contentType) headers['content-type'] = g.contentType;
              const payload =
                g.payload.kind === 'json'
                  ? (JSON.stringify(g.payload.value) ?? 'null')
                  : g.payload.value;
              const client = signedIn && g.asBoss ? boss : anonymous;
              const opts: InjectOptions & { xsrf?: boolean } = {
                method: r.method as InjectOptions['method'],
                url,
                headers,
                remoteAddress: `10.16.${(ip >> 8) & 255}.${ip++ & 255}`,
                ...(r.method === 'GET' ? {} : { payload }),
              };
              // Fuzzed parameters, query strings, bodies and content types: what no declaration sends.
              const res = await client.raw(opts);
              counts.set(r.route, (counts.get(r.route) ?? 0) + 1);
              const found = problems(res);
              if (found.length)
                failures.push(
                  `${r.route} ${url.slice(0, 120)} [${g.contentType}] → ${found.join('; ')}: ${res.body.slice(0, 200)}`,
                );
              return true;
            }),
            { seed: SEED, numRuns: RUNS },
          );
          // one example of each kind of failure
          const kinds = new Map<string, string>();
          for (const f of failures.slice(before)) kinds.set(f.split(' → ')[1]!.split(':')[0]!, f);
          expect([...kinds.values()]).toEqual([]);
          expect(counts.get(r.route)).toBe(RUNS);
        },
      );
    }

    it('in all: ≥ 10,000 requests, no unhandled rejection, the server still up', async () => {
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      console.info(
        `[security] fuzzing part ${part + 1}: ${total} requests on ${counts.size} routes (seed ${SEED}), ${failures.length} failures`,
      );
      expect(counts.size).toBe(ROUTES.filter((_, i) => i % PARTS === part).length);
      // the three parts together: every route, ≥ 10,000 requests in npm test
      if (RUNS >= 220) expect(ROUTES.length * RUNS).toBeGreaterThanOrEqual(10_000);
      expect(rejections).toEqual([]);
      expect((await new TestClient(ctx.app).send(api.publicSite.health)).status).toBe(200);
      // the signed-in DIRIGEANT is still signed in
      expect((await boss.send(api.dashboard.infos)).status).toBe(200);
    });
  });
}
