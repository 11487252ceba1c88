/**
 * Errors that Node's HTTP parser raises before Fastify sees a request (headers too
 * large, a malformed request) answer the French JSON body of every other error. A real socket
 * against the listening server: inject() never goes through the parser.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, api, urlOf } from '@club/contract';
import { buildTestApp, type TestContext } from './test/helper.ts';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await buildTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await ctx?.close();
});

/** The request line of the health endpoint, written on the socket by hand. */
const HEALTH = `${api.publicSite.health.method} ${urlOf(api.publicSite.health)} HTTP/1.1`;

/** Sends raw bytes, reads until the server closes the connection, splits status, headers and body. */
function rawRequest(bytes: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (err) => {
      // The server destroys the socket after answering; a reset after the answer is expected.
      if (chunks.length === 0) reject(err);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body });
    });
    socket.write(bytes);
  });
}

describe('[defects] errors of the HTTP parser', () => {
  it('20 KB of request headers → 431 with the French error body', async () => {
    const res = await rawRequest(
      `${HEALTH}\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(JSON.parse(res.body)).toEqual({ message: SERVER_MESSAGES.headersTooLarge });
  });

  it('a malformed request → 400 with the French error body', async () => {
    const res = await rawRequest(`${HEALTH}\r\nHost: localhost\r\nBad\0Header: x\r\n\r\n`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ message: SERVER_MESSAGES.badRequest });
  });

  it('the server still answers normally afterwards', async () => {
    const res = await rawRequest(`${HEALTH}\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(200);
  });
});
