/**
 * Issue 17 §4: errors that Node's HTTP parser raises before Fastify sees a request (431 headers too
 * large, 400 malformed request) answer the French JSON body of every other error. Real sockets
 * against the listening server: inject() never reaches the parser.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@club/contract';
import { buildTestApp, type TestContext } from '../test/helper.ts';

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

/** Sends raw bytes; resolves with everything the server wrote before closing. */
function rawRequest(data: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => {}); // the server destroys the socket after answering
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (!status) return reject(new Error(`pas de réponse HTTP : ${JSON.stringify(text)}`));
      resolve({ status, headers: head, body });
    });
    socket.write(data);
  });
}

describe('[defects] errors of the HTTP parser', () => {
  it('20 KB of headers → 431 with the French JSON body', async () => {
    const res = await rawRequest(
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/^content-type: application\/json; charset=utf-8$/im);
    const length = Number(/^content-length: (\d+)$/im.exec(res.headers)?.[1]);
    expect(length).toBe(Buffer.byteLength(res.body));
    expect(JSON.parse(res.body)).toEqual({ message: SERVER_MESSAGES.headersTooLarge });
  });

  it('a malformed request line → 400 with the French JSON body', async () => {
    const res = await rawRequest('NONSENSE\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ message: SERVER_MESSAGES.badRequest });
  });

  it('the server keeps answering afterwards', async () => {
    const res = await rawRequest(
      'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(res.status).toBe(200);
  });
});
