import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { COOKIE_XSRF_TOKEN, HEADER_XSRF_TOKEN, api } from '@club/contract';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createClub, createMember } from '../db/factories.ts';
import { TEST_JWT_SECRET, createTestDatabase, signIn } from '../test/helper.ts';
import { until } from '../test/http-utils.ts';

/**
 * A client that drops a signed-in request in the middle of its body (a phone losing its network,
 * a closed tab): Node fails the body with ECONNRESET. That is the client's doing: one debug line,
 * never "base de données indisponible" at error level (a fuzz run wrote 71 such lines).
 */
let app: FastifyInstance;
let database: Database;
const lines: { level: number; msg: string }[] = [];
/** Requests whose body the server has begun to read (after authentication). */
let bodiesStarted = 0;

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
    logger: { level: 'debug', stream },
  });
  app.addHook('preParsing', async (_request, _reply, payload) => {
    bodiesStarted++;
    return payload;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('[defects] a client abort mid-body', () => {
  it('is logged as a client abort at debug level, not as a database failure at error level', async () => {
    const club = await createClub(app.db);
    const leader = await createMember(app.db, club.id, { role: 'DIRIGEANT' });
    const client = await signIn(app, leader);
    const { port } = app.server.address() as net.AddressInfo;
    const before = lines.length;
    bodiesStarted = 0;

    for (let i = 0; i < 3; i++) {
      const socket = net.connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `${api.members.create.method} ${api.members.create.path} HTTP/1.1\r\n` +
          `Host: 127.0.0.1:${port}\r\n` +
          `Content-Type: application/json\r\nContent-Length: 4000\r\n` +
          `Cookie: ${client.cookieHeader()}\r\n` +
          `${HEADER_XSRF_TOKEN}: ${client.cookies.get(COOKIE_XSRF_TOKEN)}\r\n\r\n` +
          `{"nom":"Dupont","prenom":"Jean","email":"jean`,
      );
      // The server has authenticated the request and is reading its body: the client vanishes.
      await until('the body being read', () => bodiesStarted > i);
      await new Promise((r) => setTimeout(r, 30));
      socket.destroy();
    }
    // One line per abort, whatever it says (before the fix: 'base de données indisponible').
    const about = () =>
      lines
        .slice(before)
        .filter((l) => /interrompue|indisponible/.test(l.msg))
        .map((l) => ({ level: l.level, msg: l.msg }));
    await until('a line per abort', () => about().length >= 3);
    expect(about()).toEqual(
      Array.from({ length: 3 }, () => ({ level: 20, msg: 'requête interrompue par le client' })),
    );
    expect(lines.slice(before).filter((l) => l.level >= 40)).toEqual([]);
    // The server still answers.
    expect((await client.send(api.dashboard.infos)).status).toBe(200);
  });
});
