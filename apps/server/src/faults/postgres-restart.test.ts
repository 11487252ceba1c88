/**
 * PostgreSQL restarted (`pg_ctl restart -m fast`) under a write load on the BUILT server
 * (DATABASE_URL mode). Clients send each write with its own Idempotency-Key and retry it until it
 * is stored (honouring Retry-After). Proves: 0 acknowledged writes lost, 0 duplicates, only 503
 * while PostgreSQL is away, and writes stored again within 5 s of PostgreSQL accepting connections.
 * A throwaway cluster (initdb on a free port) is restarted, never the machine's own server. Runs in
 * the PostgreSQL pass (TEST_DATABASE_URL set: `npm run test:pg`, or `npm run faults`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, api, type EndpointInput } from '@club/contract';
import { openPostgres } from '../db/client.ts';
import { createClub, createMember, DEFAULT_TEST_PASSWORD } from '../db/factories.ts';
import {
  cleanupProcesses,
  ensureServerBuilt,
  freePort,
  signInHttp,
  spawnNode,
  tmpDir,
  until,
  waitHealthy,
  type HttpResult,
} from '../test/built-server.ts';
import {
  postgresBinDir,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../test/throwaway-postgres.ts';

const enabled = Boolean(process.env.TEST_DATABASE_URL) && postgresBinDir() !== null;
const WRITERS = 8;

let pgServer: ThrowawayPostgres | undefined;
beforeAll(async () => {
  if (!enabled) return;
  ensureServerBuilt();
  pgServer = await startThrowawayPostgres();
}, 60_000);
afterAll(async () => {
  await cleanupProcesses();
  pgServer?.destroy();
});

interface Attempt {
  key: string;
  at: number;
  result: HttpResult;
}

describe.skipIf(!enabled)(
  '[defects] PostgreSQL restarted under a write load with idempotency keys',
  { timeout: 60_000 },
  () => {
    it('loses no acknowledged write, duplicates none, answers only 503 meanwhile, recovers ≤ 5 s', async () => {
      const pgs = pgServer!;
      const PORT = String(await freePort());
      const server = spawnNode({ DATABASE_URL: pgs.url, DATA_DIR: tmpDir(), PORT });
      await waitHealthy(server);
      const seed = openPostgres(pgs.url, 2);
      const club = await createClub(seed.db, { nom: 'Club redémarrage' });
      const leader = await createMember(seed.db, club.id, { role: 'DIRIGEANT' });
      const session = await signInHttp(server.url, leader.email, DEFAULT_TEST_PASSWORD);

      const attempts: Attempt[] = [];
      const stored = new Set<string>();
      let n = 0;
      let stop = false;
      // Events: one transaction per write and no natural unique key, so only the Idempotency-Key
      // keeps a retried write from being stored twice.
      const body = (key: string): EndpointInput<typeof api.events.create>['body'] => ({
        nom: key,
        lieux: 'Gymnase',
        dateDebut: '2026-10-06T18:00:00',
        dateFin: '2026-10-06T20:00:00',
        type: 'ENTRAINEMENT',
        equipesIds: [],
        clubId: club.id,
      });
      /** Each writer: a new key, retried until 201, then the next one. */
      const writers = Array.from({ length: WRITERS }, async () => {
        while (!stop) {
          const key = `pgrestart.${n++}`;
          for (;;) {
            const result = await session.send(
              api.events.create,
              { body: body(key) },
              { headers: { 'idempotency-key': key } },
            );
            attempts.push({ key, at: Date.now(), result });
            if (result.status === 201) {
              stored.add(key);
              break;
            }
            const pause = result.retryAfter ? 100 : 50;
            await new Promise((r) => setTimeout(r, pause));
          }
        }
      });

      await until(() => stored.size >= 30, 30_000, '30 writes before the restart');
      const outageStart = Date.now();
      await pgs.restart();
      const pgBack = Date.now();
      await until(
        () => attempts.some((a) => a.at > pgBack && a.result.status === 201),
        10_000,
        'a write stored after the restart',
      );
      const firstStored = attempts.find((a) => a.at > pgBack && a.result.status === 201)!.at;
      const before = stored.size;
      await until(() => stored.size >= before + 30, 15_000, '30 writes after the restart');
      stop = true;
      await Promise.all(writers);

      // Only 201, or 503 with the French message while PostgreSQL was away; no 500, no socket error,
      // no request left unanswered.
      expect(attempts.filter((a) => a.result.error)).toEqual([]);
      const refused = attempts.filter((a) => a.result.status !== 201);
      for (const a of refused) {
        expect(a.result.status, JSON.stringify(a.result)).toBe(503);
        expect(JSON.parse(a.result.body!)).toEqual({ message: SERVER_MESSAGES.unavailable });
      }
      expect(refused.length).toBeGreaterThan(0);

      // Every acknowledged write is stored, exactly once; nothing else.
      const counts = await seed.executeSql(
        `select nom, count(*)::int as n from events where nom like 'pgrestart.%' group by 1`,
      );
      await seed.close();
      const byKey = new Map(counts.rows.map((r) => [String(r.nom), Number(r.n)]));
      for (const key of stored) expect(byKey.get(key), key).toBe(1);
      expect(byKey.size).toBe(stored.size);

      const recoveryMs = firstStored - pgBack;
      const failures = refused.map((a) => a.at);
      expect(recoveryMs).toBeLessThanOrEqual(5_000);
      console.info(
        `[faults] PostgreSQL redémarré en ${pgBack - outageStart} ms ; 503 entre +${Math.min(...failures) - outageStart} ms et +${Math.max(...failures) - outageStart} ms, ` +
          `première écriture ${recoveryMs} ms après son retour ; ${attempts.length} requêtes, ` +
          `${refused.length} × 503, ${stored.size} écritures acquittées, 0 perdue, 0 doublon`,
      );
      expect(await server.stop()).toBe(0);
    });
  },
);
