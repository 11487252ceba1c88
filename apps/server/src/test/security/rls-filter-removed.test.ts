import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { createMember } from '../../db/factories.ts';
import { members } from '../../db/schema.ts';
import { membersRepository } from '../../features/members/members.repository.ts';
import { buildTestApp, TestClient, type TestContext } from '../helper.ts';
import {
  PRINCIPALS,
  buildGridWorld,
  send,
  type GridWorld,
  type Principal,
} from '../policy-grid.ts';
import {
  MATRIX,
  buildMatrixWorld,
  expected,
  refFor,
  targetsOf,
  type MatrixEntry,
  type MatrixWorld,
} from './authz-matrix.ts';

/**
 * Row-level security (decision 0028) proven where it matters: the members list's repository forgets its
 * club filter (`removeTheClubFilter` below, restored after the file: every member of every club, each
 * read back through the unchanged findById), and the same checks run against the same database twice — with the request path's
 * row-level security (the server's default), then without it (the owner role, as before it).
 * With it: the matrix cells of the list route pass and no canary of the other club shows up.
 * Without it: the same removal leaks the other club's members — so this test can fail.
 */
/** The bug under test: the members list without its `club_id =` condition. */
function removeTheClubFilter() {
  const findById = membersRepository.findById.bind(membersRepository);
  return vi
    .spyOn(membersRepository, 'list')
    .mockImplementation(async (db, _clubId, _filters, paging) => {
      // Every member of every club, each read back through the unchanged findById.
      const everyone = await db.select({ id: members.id, clubId: members.clubId }).from(members);
      const rows = [];
      for (const m of everyone) {
        const row = await findById(db, m.clubId, m.id);
        if (row) rows.push(row);
      }
      const page = paging
        ? rows.slice(paging.page * paging.size, (paging.page + 1) * paging.size)
        : rows;
      return { rows: page, total: rows.length };
    });
}

const ENDPOINT = 'members.listClub';
const CANARY = 'zqfuiteRls';

let ctx: TestContext;
let w: GridWorld;
let m: MatrixWorld;
let signedIn: Record<Principal, TestClient>;

let filterRemoved: ReturnType<typeof removeTheClubFilter> | undefined;
beforeAll(async () => {
  filterRemoved = removeTheClubFilter();
  ctx = await buildTestApp();
  ({ world: w, clients: signedIn } = await buildGridWorld(ctx.app));
  m = await buildMatrixWorld(w);
  await createMember(ctx.app.db, w.otherClub.id, {
    role: 'JOUEUR',
    nom: `${CANARY}Nom`,
    prenom: `${CANARY}Prenom`,
    email: `${CANARY.toLowerCase()}@canari-b.example`,
  });
}, 180_000);
afterAll(async () => {
  filterRemoved?.mockRestore();
  await ctx?.close();
});

/** The list route's matrix cells and canary crawl on `app`, with the grid's sessions. */
async function check(app: FastifyInstance) {
  const entry = MATRIX[ENDPOINT] as MatrixEntry;
  const mismatches: string[] = [];
  let hits = 0;
  let ownRows = 0;
  for (const p of PRINCIPALS) {
    const client = new TestClient(app);
    client.cookies = new Map(signedIn[p].cookies);
    for (const t of targetsOf(entry)) {
      const res = await send(client, await entry.call(m, refFor(m, p, t), p));
      const want = expected(m, ENDPOINT, entry, p, t);
      if (res.statusCode !== want) mismatches.push(`${p} · ${t}: ${res.statusCode} ≠ ${want}`);
      // the canary is club B's: only club A's members must never see it
      if (p !== 'AUTRE_CLUB' && res.body.includes(CANARY)) hits++;
      if (res.statusCode === 200) ownRows++;
    }
  }
  return { mismatches, hits, ownRows };
}

describe('[security] row-level security with a club filter removed', () => {
  it(
    'holds with the request-path scope, and the same removal leaks without it',
    { timeout: 180_000 },
    async () => {
      // The server as it runs: row-level security on.
      expect(ctx.app.rowLevelSecurity).toBe(true);
      const scoped = await check(ctx.app);
      expect(scoped.mismatches).toEqual([]);
      expect(scoped.ownRows).toBeGreaterThan(0); // real lists were read, not only refusals
      expect(scoped.hits).toBe(0);
      console.info(
        `[security] filter removed, RLS on: ${scoped.mismatches.length} mismatches, ${scoped.hits} canary hits`,
      );

      // The same database and sessions, on the owner role.
      await ctx.app.close(); // the test database stays open (buildTestApp owns it)
      const unscoped = await buildApp({
        config: ctx.config,
        database: ctx.database,
        rowLevelSecurity: false,
      });
      try {
        await unscoped.ready();
        const leaked = await check(unscoped);
        console.info(`[security] filter removed, RLS off: ${leaked.hits} canary hits`);
        expect(leaked.hits).toBeGreaterThan(0);
      } finally {
        await unscoped.close();
      }
    },
  );
});
