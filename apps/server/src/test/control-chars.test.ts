/**
 * NUL and the other C0 control characters in any text input answer 400 with the
 * French validation message, never 500 (PostgreSQL refuses 0x00 with SQLSTATE 22021).
 *
 * The routes are read from the app itself (app.registeredRoutes, filled by an onRoute hook), and
 * their string inputs from their zod schemas: every path parameter, every query parameter (both
 * are strings on the wire) and every body field whose schema accepts a string. A route added later
 * is fuzzed without touching this file. fast-check inserts a control character into values that
 * are otherwise valid for most fields (an e-mail, a date, a name, a strong password…), so that only
 * the control-character rule can refuse them.
 *
 * Two layers: each field through its route's own schema (fast, many runs: the rule), then each
 * route over HTTP with all the fields of one part fuzzed at once (fewer runs: the 400 body, never
 * a 500; a signed-in request costs a session lookup).
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { FastifySchema } from 'fastify';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, ZApiErrorSchema, api, type EndpointSpec } from '@club/contract';
import { createClub, createMember, createTeam, DEFAULT_TEST_PASSWORD } from '../db/factories.ts';
import { buildTestApp, signIn, TestClient, type TestContext } from './helper.ts';

/** C0 controls; tab, LF and CR are left out (kept by a multi-line message, trimmed at the ends). */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).filter(
    (c) => !'\t\n\r'.includes(c),
  ),
];
/** Values valid for most string fields once the control character is removed. */
const BASES = [
  'a@b.fr',
  'dupont@example.org',
  '2001-02-03',
  'Seniors',
  'Durand',
  DEFAULT_TEST_PASSWORD,
  '06 12 34 56 78',
  'JOUEUR',
  'Actif',
  '12',
  '0f8fad5b-d9cb-469f-a165-70867728950e',
];
const SCHEMA_RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const HTTP_RUNS = Number(process.env.FUZZ_HTTP_RUNS ?? 4);

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  coerce?: boolean;
  values?: unknown[];
  entries?: Record<string, unknown>;
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch']);

/** The object shapes a schema validates (through optional, pipe, preprocess, union…). */
function shapesOf(schema: z.ZodType): Record<string, z.ZodType>[] {
  const def = defOf(schema);
  if (def.type === 'object') return [def.shape!];
  if (WRAPPERS.has(def.type) && def.innerType) return shapesOf(def.innerType);
  if (def.type === 'pipe') return [...shapesOf(def.in!), ...shapesOf(def.out!)];
  if (def.type === 'union') return def.options!.flatMap(shapesOf);
  return [];
}

/**
 * Whether the field takes text (a string, an enum, a literal…), as opposed to a number that the
 * schema coerces from a string (ids, page, size in paths and query strings): Number() drops the
 * whitespace controls (\v, \f) around digits and turns anything else into NaN, refused — such a
 * field must never answer 500, but " 12" read as 12 is not an error.
 */
function takesText(schema: z.ZodType): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case 'number':
    case 'bigint':
    case 'boolean':
    case 'date':
    case 'literal': // '' beside a number (excludeId): a fixed value, not text
      return false;
    case 'union':
      return def.options!.some(takesText);
    case 'pipe':
      return takesText(def.in!);
    default:
      return WRAPPERS.has(def.type) && def.innerType
        ? takesText(def.innerType)
        : acceptsString(schema);
  }
}

/** Whether a value on the wire may be a string for this field. */
function acceptsString(schema: z.ZodType): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'enum':
    case 'template_literal':
    case 'any':
    case 'unknown':
    case 'transform':
      return true;
    case 'literal':
      return (def.values ?? []).some((v) => typeof v === 'string');
    case 'number':
    case 'bigint':
    case 'boolean':
    case 'date':
      return def.coerce === true;
    case 'union':
      return def.options!.some(acceptsString);
    case 'pipe':
      return acceptsString(def.in!);
    default:
      return WRAPPERS.has(def.type) && def.innerType ? acceptsString(def.innerType) : false;
  }
}

/** Fields of a part of the request: name → whether it takes text. */
function fieldsOf(schema: unknown, onlyStrings: boolean): [string, boolean][] {
  if (!schema) return [];
  const names = new Map<string, boolean>();
  for (const shape of shapesOf(schema as z.ZodType))
    for (const [name, field] of Object.entries(shape))
      if (!onlyStrings || acceptsString(field))
        names.set(name, (names.get(name) ?? false) || takesText(field));
  return [...names];
}

type Where = 'params' | 'querystring' | 'body';
interface Target {
  method: string;
  url: string;
  where: Where;
  field: string;
  /** Takes text (strict: refused with an error on the field), or a number read from a string. */
  text: boolean;
  schema: z.ZodType;
}

function targetsOf(route: { method: string; url: string; schema?: FastifySchema }): Target[] {
  const s = route.schema ?? {};
  const t = (where: Where, fields: [string, boolean][]) =>
    fields.map(([field, text]) => ({
      method: route.method,
      url: route.url,
      where,
      field,
      text,
      schema: s[where] as z.ZodType,
    }));
  return [
    ...t('params', fieldsOf(s.params, false)),
    ...t('querystring', fieldsOf(s.querystring, false)),
    ...t('body', fieldsOf(s.body, true)),
  ];
}

let ctx: TestContext;
let clubId: number;
let asDirigeant: TestClient;
let targets: Target[];

beforeAll(async () => {
  ctx = await buildTestApp(
    {
      LOGIN_LIMIT_PER_IP: '1000000',
      LOGIN_FAILURES_PER_EMAIL: '1000000',
      RESET_REQUESTS_PER_EMAIL: '1000000',
      PASSWORD_CHANGES_PER_MEMBER: '1000000',
      EXISTENCE_CHECKS_PER_IP: '1000000',
      REGISTRATIONS_PER_IP: '1000000',
      CONTACT_PER_IP: '1000000',
    },
    (app) => {
      // Reach PostgreSQL with what it refuses, past any validation (the last-resort mapping).
      app.get('/test/nul-byte', async () => app.db.execute(sql`select ${'a\u0000b'}::text`));
      app.get('/test/untranslatable', async () =>
        app.db.execute(sql.raw(`select '"\\u0000"'::jsonb #>> '{}'`)),
      );
    },
  );
  const club = await createClub(ctx.app.db);
  clubId = club.id;
  await createTeam(ctx.app.db, club.id, { nom: 'Seniors' });
  const dirigeant = await createMember(ctx.app.db, club.id, { role: 'DIRIGEANT' });
  asDirigeant = await signIn(ctx.app, dirigeant);
  targets = ctx.app.registeredRoutes
    .filter((r) => r.method !== 'HEAD' && r.url.startsWith('/'))
    .flatMap(targetsOf);
});
afterAll(async () => {
  await ctx?.close();
});

/** A control character inserted into an otherwise plausible value. */
const fuzzedValue = fc
  .tuple(fc.constantFrom(...BASES), fc.nat(), fc.constantFrom(...CONTROLS))
  .map(([base, at, control]) => {
    const i = at % (base.length + 1);
    return base.slice(0, i) + control + base.slice(i);
  });

/** One request: the given part's fields set to `values`; path parameters otherwise '1'. */
function call(method: string, url: string, where: Where, values: Record<string, string>) {
  const path = url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(where === 'params' && name in values ? values[name]! : '1'),
  );
  const query =
    where === 'querystring'
      ? `?${Object.entries(values)
          .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
          .join('&')}`
      : '';
  const withBody = !['GET', 'HEAD', 'DELETE'].includes(method) || where === 'body';
  // A fuzzed value in every part of any registered route: what no declaration sends.
  return asDirigeant.raw({
    method: method as 'GET',
    url: path + query,
    ...(withBody ? { payload: where === 'body' ? values : {} } : {}),
  });
}

describe('[defects] control characters in text inputs', () => {
  it('finds the string inputs of the routes from their schemas', () => {
    const has = (endpoint: EndpointSpec, where: Where, field: string) =>
      targets.some(
        (t) =>
          t.method === endpoint.method &&
          t.url === endpoint.path &&
          t.where === where &&
          t.field === field,
      );
    // Known string inputs (e-mail check, login), as a check that the walk over the schemas sees them.
    expect(has(api.publicSite.emailExists, 'querystring', 'email')).toBe(true);
    expect(has(api.auth.login, 'body', 'email')).toBe(true);
    expect(has(api.publicSite.contact, 'body', 'message')).toBe(true);
    expect(has(api.teams.create, 'body', 'nom')).toBe(true);
    expect(has(api.teams.byCategoryDivision, 'querystring', 'division')).toBe(true);
    expect(has(api.members.listTeam, 'params', 'nomEquipe')).toBe(true);
    expect(has(api.members.get, 'params', 'id')).toBe(true);
    expect(targets.find((t) => t.url === api.members.get.path && t.field === 'id')?.text).toBe(
      false,
    );
    expect(targets.filter((t) => t.text).length).toBeGreaterThan(50);
  });

  it("every text input's schema refuses NUL and the other C0 controls, on that field", () => {
    for (const target of targets.filter((t) => t.text)) {
      fc.assert(
        fc.property(fuzzedValue, (value) => {
          const result = target.schema.safeParse({ [target.field]: value });
          const where = `${target.method} ${target.url} ${target.where}.${target.field}=${JSON.stringify(value)}`;
          expect(result.success, where).toBe(false);
          expect(
            result.error!.issues.some((issue) => issue.path[0] === target.field),
            where,
          ).toBe(true);
        }),
        { numRuns: SCHEMA_RUNS, examples: [['a\u0000@b.fr'], ['\u0000'], ['Durand\u001f']] },
      );
    }
  });

  it('over HTTP every route answers 400 with the French body for them, never 500', async () => {
    const groups = new Map<string, Target[]>();
    for (const t of targets) {
      const key = `${t.method} ${t.url} ${t.where}`;
      groups.set(key, [...(groups.get(key) ?? []), t]);
    }
    for (const fields of groups.values()) {
      const { method, url, where } = fields[0]!;
      // Fastify validates the body before the query string: with the empty body sent here, a
      // route that takes both answers the body's field errors (still a French 400, never a 500).
      const bodyFirst =
        where === 'querystring' &&
        ctx.app.registeredRoutes.some(
          (r) => r.method === method && r.url === url && r.schema?.body,
        );
      const values = fc.record(
        Object.fromEntries(fields.map((f) => [f.field, fuzzedValue])) as Record<
          string,
          typeof fuzzedValue
        >,
      );
      const nul = Object.fromEntries(fields.map((f) => [f.field, 'a\u0000@b.fr']));
      await fc.assert(
        fc.asyncProperty(values, async (v) => {
          const res = await call(method, url, where, v);
          const seen = `${method} ${url} ${where} ${JSON.stringify(v)}: ${res.statusCode} ${res.body}`;
          expect(res.statusCode, seen).toBeLessThan(500);
          if (!fields.some((f) => f.text)) return; // numbers only: read or refused, never a 500
          expect(res.statusCode, seen).toBe(400);
          const body = ZApiErrorSchema.parse(res.json());
          expect(body.message, seen).toBe(SERVER_MESSAGES.validation);
          if (bodyFirst) return;
          for (const f of fields.filter((f) => f.text))
            expect(body.errors?.[f.field], `${seen} (${f.field})`).toEqual(expect.any(String));
        }),
        { numRuns: HTTP_RUNS, examples: [[nul]] },
      );
    }
  });

  it('NUL in a query string and in a login body answers 400 with the control-character message', async () => {
    const anonymous = new TestClient(ctx.app);
    const exists = await anonymous.send(api.publicSite.emailExists, {
      query: { email: 'a\u0000@b.fr' },
    });
    expect(exists.status).toBe(400);
    expect(exists.error).toEqual({
      message: SERVER_MESSAGES.validation,
      errors: { email: SERVER_MESSAGES.controlCharacters },
    });
    const login = await anonymous.send(api.auth.login, {
      body: { email: 'a\u0000@b.fr', password: 'x', deviceFingerprint: 'fp' },
    });
    expect(login.status).toBe(400);
    expect(login.error.errors).toEqual({ email: SERVER_MESSAGES.controlCharacters });
    const team = await asDirigeant.send(api.members.listTeam, {
      params: { clubId, nomEquipe: 'Seniors\u0000' },
    });
    expect(team.status).toBe(400);
    expect(team.error.errors).toEqual({ nomEquipe: SERVER_MESSAGES.controlCharacters });
  });

  it('the contact message keeps its tab and line breaks', async () => {
    const anonymous = new TestClient(ctx.app);
    const res = await anonymous.send(api.publicSite.contact, {
      body: {
        nom: 'Durand',
        prenom: 'Léa',
        email: 'lea@example.org',
        sujet: 'Question',
        message: 'Bonjour,\r\n\tune question\nsur deux lignes.',
        token: '0f8fad5b-d9cb-469f-a165-70867728950e',
        captcha: 'faux',
      },
    });
    // Refused for its captcha only: the message itself is valid.
    expect(res.status).toBe(400);
    expect(res.error.errors?.message).toBeUndefined();
  });

  it('SQLSTATE 22021 and 22P05 from the database answer 400, as a last resort', async () => {
    for (const url of ['/test/nul-byte', '/test/untranslatable']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: SERVER_MESSAGES.validation });
    }
  });
});
