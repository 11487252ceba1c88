import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES, api, urlOf } from '@club/contract';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createClub, createMember } from '../db/factories.ts';
import { TEST_JWT_SECRET, createTestDatabase, signIn, type TestClient } from '../test/helper.ts';

/**
 * Malformed multipart bodies on every upload route (decision 0100): a `multipart/form-data`
 * content type without its boundary, and a body cut before its closing boundary. Both are the
 * client's mistake: 400 with a French message, never 500 « erreur non gérée ».
 */
let app: FastifyInstance;
let database: Database;
let leader: TestClient;
let clubId: number;
const lines: { level: number; msg: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      cb();
    },
  });
  app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: TEST_JWT_SECRET,
      PUBLIC_URL: 'http://localhost:3000',
      REQUEST_LOG_SAMPLE: '0',
    }),
    database,
    logger: { level: 'info', stream },
  });
  await app.ready();
  const club = await createClub(app.db);
  clubId = club.id;
  leader = await signIn(app, await createMember(app.db, club.id, { role: 'DIRIGEANT' }));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** Every route that reads a multipart upload, with the field its file goes in. */
const uploads = () => [
  {
    name: 'the members import',
    url: urlOf(api.members.import, {
      params: { clubId },
      query: { simulation: 'false' },
      body: new FormData(),
    }),
    field: 'fichier',
    filename: 'membres.csv',
    type: 'text/csv',
    content: 'Nom;Prénom;E-mail\r\nDurand;Léa;lea@example.org\r\n',
  },
  {
    name: 'the club logo',
    url: urlOf(api.clubs.setLogo, { params: { id: clubId }, body: new FormData() }),
    field: 'file',
    filename: 'logo.png',
    type: 'image/png',
    content: '\x89PNG\r\n\x1a\n' + 'x'.repeat(2000),
  },
];

const boundary = '----malforme';
function body(u: ReturnType<typeof uploads>[number]): Buffer {
  return Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${u.field}"; filename="${u.filename}"\r\n` +
      `Content-Type: ${u.type}\r\n\r\n${u.content}\r\n--${boundary}--\r\n`,
    'latin1',
  );
}

describe('[defects] malformed multipart uploads', () => {
  for (const [i, label] of ['the members import', 'the club logo'].entries()) {
    it(`${label}: a multipart content type without a boundary answers 400 in French`, async () => {
      const u = uploads()[i]!;
      const before = lines.length;
      const res = await leader.raw({
        method: 'POST',
        url: u.url,
        payload: body(u),
        headers: { 'content-type': 'multipart/form-data' },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.malformedMultipart });
      expect(lines.slice(before).filter((l) => l.level >= 50)).toEqual([]);
    });

    it(`${label}: a body cut before its closing boundary answers 400 in French`, async () => {
      const u = uploads()[i]!;
      const before = lines.length;
      const whole = body(u);
      const res = await leader.raw({
        method: 'POST',
        url: u.url,
        payload: whole.subarray(0, whole.length - 40),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.malformedMultipart });
      expect(lines.slice(before).filter((l) => l.level >= 50)).toEqual([]);
    });
  }

  it('(the well-formed bodies of these tests are accepted: the import answers its report)', async () => {
    const u = uploads()[0]!;
    const res = await leader.raw({
      method: 'POST',
      url: u.url,
      payload: body(u),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    // A report (200, or 422 for the rows it refuses), not a refusal of the upload itself.
    expect([200, 422], res.body).toContain(res.statusCode);
    expect(res.json()).toHaveProperty('crees');
  });

  it('the one-click unsubscribe (a form, multipart allowed) never answers 500 to either', async () => {
    const url = urlOf(api.notifications.unsubscribe, { query: { jeton: 'x' } });
    for (const [contentType, payload] of [
      ['multipart/form-data', 'x'],
      [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form`],
    ]) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
  });
});
