import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import { SERVER_MESSAGES, api, urlOf } from '@club/contract';
import { buildTestApp, type TestContext } from '../test/helper.ts';
import { until } from '../test/http-utils.ts';
import { gracefulShutdown } from './shutdown.ts';

/**
 * The end of the shutdown drain with keep-alive clients (decision 0008). Node's server.close()
 * destroyed at once every connection it deemed idle: a keep-alive connection on which a client
 * was sending its next request (its previous answer had come during the drain), and a connection
 * just accepted whose request was not parsed yet. Those clients got ECONNRESET; a fault run with 8
 * writers saw 4 of them right at the end of the 1 s drain.
 */
const DRAIN_MS = 400;
let ctx: TestContext | undefined;
let server: Awaited<ReturnType<typeof start>>;
// A fresh application per test (each one shuts down): booting one can take a while.
beforeEach(async () => {
  server = await start();
}, 120_000);
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

async function start() {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const exits: number[] = [];
  let shutdown!: (signal: string) => void;
  ctx = await buildTestApp({}, (app) => {
    shutdown = gracefulShutdown(app, {
      drainMs: DRAIN_MS,
      timeoutMs: 10_000,
      exit: (code) => exits.push(code),
    });
    // A request that stays in flight until the test releases it.
    app.get('/test/lent', async () => {
      await released;
      return { ok: true };
    });
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as net.AddressInfo;
  return { port, shutdown, release, exits };
}

type Answer =
  | { status: number; connection: string | undefined; body: string; reused: boolean }
  | { error: string };
function get(agent: http.Agent, port: number, path: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          connection: res.headers.connection,
          body,
          reused: req.reusedSocket,
        }),
      );
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
  });
}

describe('[defects] the drain closes keep-alive connections cleanly', () => {
  it('an answer given during the drain closes its keep-alive connection: the client’s next request goes on a new one and gets the 503', async () => {
    const { port, shutdown, release, exits } = server;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const inFlight = get(agent, port, '/test/lent');
    await new Promise((r) => setTimeout(r, 100));
    shutdown('SIGTERM');
    release();
    // Before: `connection: keep-alive`, and the client sent its next request on a connection that
    // the end of the drain destroyed.
    expect(await inFlight).toMatchObject({ status: 200, connection: 'close' });
    const next = await get(agent, port, urlOf(api.publicSite.health));
    expect(next).toMatchObject({ status: 503, connection: 'close', reused: false });
    expect(JSON.parse((next as { body: string }).body)).toEqual({
      message: SERVER_MESSAGES.shuttingDown,
    });
    // Liveness and readiness alike (docs/operations.md): a balancer probing either stops sending.
    for (const url of [urlOf(api.publicSite.healthLive), urlOf(api.publicSite.healthReady)])
      expect(await get(agent, port, url)).toMatchObject({ status: 503, connection: 'close' });
    agent.destroy();
    await until('exit', () => exits.length > 0);
    expect(exits).toEqual([0]);
  });

  it('a connection accepted just before the end of the drain gets its answer, not a reset', async () => {
    const { port, shutdown, exits } = server;
    shutdown('SIGTERM');
    // Connected (accepted by the server) shortly before the end of the drain…
    await new Promise((r) => setTimeout(r, DRAIN_MS - 60));
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    let received = '';
    let failure: string | null = null;
    socket.on('data', (c: Buffer) => (received += c.toString()));
    socket.on('error', (e: NodeJS.ErrnoException) => (failure = e.code ?? e.message));
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    // …its request sent just after it.
    await new Promise((r) => setTimeout(r, 100));
    socket.write(
      `GET ${urlOf(api.publicSite.health)} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`,
    );
    await closed;
    expect(failure).toBeNull();
    expect(received).toMatch(/^HTTP\/1\.1 503 /);
    // Answered while the listener closes, it may keep its connection (decision 0100): the server
    // closes it once idle, cleanly (no error above).
    expect(received).toContain(SERVER_MESSAGES.shuttingDown);
    await until('exit', () => exits.length > 0);
    expect(exits).toEqual([0]);
  });
  it('writers retrying without pause through the end of the drain get an answer or a refusal, never a reset', async () => {
    const { port, shutdown, exits } = server;
    shutdown('SIGTERM');
    const failures: string[] = [];
    let answers = 0;
    // A writer that retries at once after each answer (ignoring Retry-After), until refused.
    const writer = async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (;;) {
        const r = await get(agent, port, urlOf(api.publicSite.healthLive));
        if ('error' in r) {
          if (r.error === 'ECONNREFUSED') break;
          failures.push(r.error);
        } else answers++;
        if (exits.length > 0) break;
      }
      agent.destroy();
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    // Before (decision 0100): their new connections waited in the kernel's queue when the listener
    // closed, and were reset (ECONNRESET for 2 of the 4 writers).
    expect(failures).toEqual([]);
    expect(answers).toBeGreaterThan(0);
    await until('exit', () => exits.length > 0);
    expect(exits).toEqual([0]);
  });
});
