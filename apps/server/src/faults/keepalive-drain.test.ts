/**
 * SIGTERM on the BUILT server with 8 writers on keep-alive connections (as browsers and HTTP
 * clients hold them): every request gets its answer or the drain's French 503, or finds the port
 * closed after the exit (ECONNREFUSED); none is cut (ECONNRESET, socket hang up). Before the fix,
 * a writer whose answer came during the drain sent its next request on the same connection, which
 * the end of the drain destroyed (decision 0008; plugins/shutdown.test.ts shows each case alone).
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, api } from '@club/contract';
import { openDatabase } from '../db/client.ts';
import { createClub, createMember, DEFAULT_TEST_PASSWORD } from '../db/factories.ts';
import {
  cleanupProcesses,
  ensureServerBuilt,
  freePort,
  httpCall,
  signInHttp,
  spawnNode,
  tmpDir,
  until,
  waitHealthy,
} from '../test/built-server.ts';

let dataDir: string;
let leaderEmail: string;
let clubId: number;
beforeAll(async () => {
  ensureServerBuilt();
  dataDir = tmpDir();
  const database = await openDatabase({ dataDir });
  const club = await createClub(database.db, { nom: 'Club des connexions persistantes' });
  clubId = club.id;
  leaderEmail = (await createMember(database.db, club.id, { role: 'DIRIGEANT' })).email;
  await database.close();
}, 120_000);
afterAll(cleanupProcesses);

type Result =
  | { status: number; retryAfter: string | null; connection: string | undefined; body: string }
  | { error: string };

/** One request on the writer's own keep-alive agent. */
function send(
  agent: http.Agent,
  call: ReturnType<typeof httpCall>,
  headers: Record<string, string>,
) {
  return new Promise<Result>((resolve) => {
    const req = http.request(call.url, { method: call.method, agent, headers }, (res) => {
      let data = '';
      res.on('data', (c: Buffer) => (data += c));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
          connection: res.headers.connection,
          body: data,
        }),
      );
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
      res.on('close', () => {
        if (!res.complete) resolve({ error: 'ABORTED' });
      });
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    req.setTimeout(15_000, () =>
      req.destroy(Object.assign(new Error('TIMEOUT'), { code: 'TIMEOUT' })),
    );
    req.end(call.body);
  });
}

describe('[defects] SIGTERM with keep-alive writers', { timeout: 120_000 }, () => {
  it('every request gets an answer or a 503 (or finds the port closed): none is reset', async () => {
    const PORT = String(await freePort());
    const server = spawnNode({ DATA_DIR: dataDir, PORT, SHUTDOWN_DRAIN_MS: '1000' });
    await waitHealthy(server);
    // One sign-in: its cookies and anti-forgery token go with every writer's request.
    const session = await signInHttp(server.url, leaderEmail, DEFAULT_TEST_PASSWORD, 'keep-alive');

    let exited = false;
    let n = 0;
    const results: Result[] = [];
    const writers = Array.from({ length: 8 }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      // A well-behaved client: Retry-After honoured, a short pause after a refused connection;
      // it goes on until the server has exited.
      while (!exited) {
        const key = `ka.${n++}`;
        const call = httpCall(
          server.url,
          api.members.create,
          {
            body: {
              nom: 'Connexion',
              prenom: 'Persistante',
              dateDeNaissance: '2001-02-03',
              genre: 'Homme',
              numeroTelephone: '0612345678',
              email: `${key}@example.org`,
              role: 'JOUEUR',
              clubId,
            },
          },
          { headers: { 'idempotency-key': key } },
        );
        const r = await send(agent, call, { ...call.headers, ...session.headers() });
        results.push(r);
        const pauseMs = 'error' in r ? 20 : Number(r.retryAfter ?? 0) * 1000;
        const until_ = Date.now() + pauseMs;
        while (!exited && Date.now() < until_) await new Promise((res) => setTimeout(res, 20));
      }
      agent.destroy();
    });
    const acked = () => results.filter((r) => 'status' in r && r.status === 201).length;
    await until(() => acked() >= 10, 30_000, '10 writes acknowledged');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    exited = true;
    await Promise.all(writers);

    const cut = results.filter((r) => 'error' in r && r.error !== 'ECONNREFUSED');
    expect(cut).toEqual([]);
    const answered = results.filter((r): r is Extract<Result, { status: number }> => 'status' in r);
    for (const r of answered) expect([201, 503], r.body).toContain(r.status);
    const refused = answered.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.connection).toBe('close');
      expect(JSON.parse(r.body)).toEqual({ message: SERVER_MESSAGES.shuttingDown });
    }
    console.info(
      `[faults] SIGTERM, 8 écrivains en keep-alive : ${results.length} requêtes, ` +
        `${acked()} × 201, ${refused.length} × 503, ` +
        `${results.length - answered.length} refusées après l’arrêt, ${cut.length} coupée`,
    );
  });
});
