/**
 * What row-level security costs per request (decision 0028): GET /api/membres/club/{id} (200
 * members) under autocannon, the server built with the request-path club scope (the default) and
 * without it (`rowLevelSecurity: false`, a build option the server itself never sets). PGlite in
 * memory, or PostgreSQL with DATABASE_URL (a throwaway database is created and dropped).
 * Usage: npx tsx bench/rls-request.ts [--members 200] [--duration 10] [--connections 10]
 */
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { api, urlOf } from '@club/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrate, openPglite, openPostgres, type Database } from '../apps/server/src/db/client.ts';
import { createClub, createMember, createTeam } from '../apps/server/src/db/factories.ts';
import { members } from '../apps/server/src/db/schema.ts';
import { arg, cookiesFor } from './lib/app.ts';

const MEMBERS = Number(arg('members', '200'));
const DURATION = Number(arg('duration', '10'));
const CONNECTIONS = Number(arg('connections', '10'));
const PORT = Number(arg('port', '3391'));

const adminUrl = process.env.DATABASE_URL;
let database: Database;
let dropDb: (() => Promise<void>) | null = null;
if (adminUrl) {
  const name = `bench_rls_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  database = openPostgres(url.toString());
  dropDb = async () => {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  };
} else database = await openPglite(null);
await migrate(database);

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  PORT: String(PORT),
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  REQUEST_LOG_SAMPLE: '0',
  // The cost of the club scope is on the query path: the response cache (decision 0032) would
  // answer most requests without it, so it is off unless asked for.
  RESPONSE_CACHE_MS: process.env.RESPONSE_CACHE_MS ?? '0',
});

async function measure(rowLevelSecurity: boolean) {
  const app = await buildApp({ config, database, rowLevelSecurity });
  await app.ready();
  const db = app.db;
  const club = await createClub(db, { nom: `Club banc RLS ${rowLevelSecurity} ${Date.now()}` });
  const team = await createTeam(db, club.id, { nom: 'Seniors' });
  const leader = await createMember(db, club.id, { role: 'DIRIGEANT' });
  await db.insert(members).values(
    Array.from({ length: MEMBERS - 1 }, (_, i) => ({
      clubId: club.id,
      teamId: team.id,
      nom: `Nom${(i * 7919) % MEMBERS}`,
      prenom: `Prénom${i}`,
      email: `banc.rls.${club.id}.${i}@example.org`,
      role: 'JOUEUR',
    })),
  );
  const cookies = await cookiesFor(app, leader);
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${PORT}${urlOf(api.members.listClub, { params: { clubId: club.id } })}`;
  const headers = {
    cookie: Object.entries(cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; '),
  };
  const check = await fetch(url, { headers });
  const body = (await check.json()) as unknown[];
  if (check.status !== 200 || body.length !== MEMBERS)
    throw new Error(`réponse inattendue : ${check.status}, ${body.length} membres`);
  const run = (duration: number) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      autocannon({ url, headers, connections: CONNECTIONS, duration }, (err, r) =>
        err ? reject(err) : resolve(r),
      ),
    );
  await run(2); // warm-up
  const r = await run(DURATION);
  await app.close();
  return { rowLevelSecurity, r };
}

const results = [];
for (const on of [false, true, false, true]) results.push(await measure(on));
const engine = adminUrl ? 'PostgreSQL' : 'PGlite';
console.log(
  `${engine}, GET /api/membres/club/{id} (${MEMBERS} membres), autocannon -c ${CONNECTIONS} -d ${DURATION}s, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const { rowLevelSecurity, r } of results)
  console.log(
    `  RLS ${rowLevelSecurity ? 'on ' : 'off'}: ${r.requests.average.toFixed(1)} req/s, latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
  );
await database.close();
await dropDb?.();
