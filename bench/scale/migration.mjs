// The hats and accounts migrations on a copy of a 10,000-club database (docs/decisions/0110,
// 0111, 0112): a throwaway PostgreSQL database is migrated up to the last migration before hats
// (0015), filled with N clubs in that schema's shape (the spec's single role per member, team
// memberships without role, PARENT guardianships), then the remaining migrations (0016 hats …
// 0019 children and accounts … the newest) are applied. Checked:
// - no row lost: every table of before keeps its row count, and members, team memberships and
//   guardianships keep their identity columns (a hash over every row);
// - every permission of today's tables unchanged for today's members: for a sample of members
//   across roles, `permits` of every action of every permission table of the contract on a set of
//   targets, answered before from the single role over their teams and children, and after from
//   the actor the server now builds (`findActor`: the principal role, the club role, each team's
//   role, the children) — the same answers.
// Exits 1 on any difference. The database is dropped at the end (BENCH_KEEP=1 keeps it).
//
//   node bench/scale/migration.mjs
//   MIGRATION_CLUBS=200 MIGRATION_SAMPLE=500 node bench/scale/migration.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { ADMIN_URL, assertLoopback, dbUrl, dropDatabase, machine, repoRoot } from './lib.mjs';

const CLUBS = Number(process.env.MIGRATION_CLUBS ?? 10_000);
const SAMPLE = Number(process.env.MIGRATION_SAMPLE ?? 2_000);
/** The last migration before hats (0016_member_hats): the schema today's data was written in. */
const LAST_BEFORE = Number(process.env.MIGRATION_FROM ?? 15);
const KEEP = process.env.BENCH_KEEP === '1';
const NAME = 'club_bench_migration';
const T = 5; // teams per club
const M = 100; // members per club (bench/scale's shape)
const G = 10; // PARENT members per club, the last ones
const E = 20; // events per club, every fourth a match
const BATCH = 500; // clubs per INSERT statement

const contract = await tsImport('@club/contract', import.meta.url);
// The one feature module a bench reads (the benches otherwise keep to the server's entry points,
// .dependency-cruiser.cjs « bench-server-entry-points »): the check is about what the server reads
// after the migration, so it asks the server's own actor query rather than a copy of it.
const { findActor } = await tsImport(
  path.join(repoRoot, 'apps/server/src/features/auth/auth.repository.ts'),
  import.meta.url,
);
const { normalizeRole, permits } = contract;

const started = Date.now();
const seconds = (t0) => Math.round((Date.now() - t0) / 100) / 10;
const log = (line) => console.log(line);

const folders = [];
/** The committed migrations up to `last`, in a folder of their own (as migration-0019.test.ts). */
function migrationsUpTo(last) {
  const source = path.join(repoRoot, 'apps/server/drizzle');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `migrations-${last}-`));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries)
    fs.copyFileSync(path.join(source, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  folders.push(dir);
  return { dir, tags: journal.entries.map((e) => e.tag) };
}

/**
 * N clubs in the shape of migration 0015 (before hats), club k (0-based) with T teams and M
 * members: 0 DIRIGEANT without team (with a password); 1 RESPONSABLE attached to the first team;
 * 2 … T+1 one ENTRAINEUR per team, the first also coach of the second team; T+2 an ENTRAINEUR
 * without team; T+3 a JOUEUR without team; then JOUEUR spread over the teams, every tenth in a
 * second team; the last G are PARENT, every other one with a team, each the guardian of one
 * JOUEUR and the last one of two (in two teams). Memberships of the primary team come from the
 * trigger of migration 0001, the second teams are inserted. E events, one team each.
 */
async function load(client) {
  const [first] = (await client.query(`select id from sports order by id limit 1`)).rows;
  const [{ n }] = (
    await client.query(`select (select count(*) from clubs) + (select count(*) from members) as n`)
  ).rows;
  if (Number(n) > 0)
    throw new Error('base non vide : les identifiants du chargement supposent une base vide');
  for (let from = 0; from < CLUBS; from += BATCH) {
    const to = Math.min(CLUBS, from + BATCH) - 1;
    const k = `generate_series(${from}, ${to}) k`;
    await client.query(`
      insert into clubs (id, nom, sport_id, pays, ville)
      select 1 + k, 'Club migration ' || lpad(k::text, 6, '0'), ${first?.id ?? 'null'}, 'France', 'Nantes'
      from ${k}`);
    await client.query(`
      insert into teams (id, club_id, nom, categorie, division)
      select 1 + k * ${T} + j, 1 + k, 'Équipe ' || chr(65 + j), 'Seniors', 'D1'
      from ${k}, generate_series(0, ${T - 1}) j`);
    await client.query(`
      insert into members (id, club_id, team_id, nom, prenom, date_naissance, genre, email, role,
                           statut, password_hash)
      select 1 + k * ${M} + i, 1 + k,
             case when i = 0 or i in (${T + 2}, ${T + 3}) then null
                  when i = 1 then 1 + k * ${T}
                  when i < ${T + 2} then 1 + k * ${T} + (i - 2)
                  when i >= ${M - G} and i % 2 = 1 then null
                  else 1 + k * ${T} + i % ${T} end,
             'Nom' || i, 'Prénom' || k, date '1980-01-01' + (i * 97 % 9000), 'Homme',
             'm' || (1 + k * ${M} + i) || '@migration.example',
             case when i = 0 then 'DIRIGEANT' when i = 1 then 'RESPONSABLE'
                  when i < ${T + 3} then 'ENTRAINEUR' when i >= ${M - G} then 'PARENT'
                  else 'JOUEUR' end,
             'Actif', case when i = 0 then 'argon2-hash-of-club-' || k end
      from ${k}, generate_series(0, ${M - 1}) i`);
    // Second teams: the first coach coaches team B, every tenth player plays in the next team.
    await client.query(`
      insert into team_memberships (club_id, member_id, team_id)
      select 1 + k, 1 + k * ${M} + i, 1 + k * ${T} + (i + 1) % ${T}
      from ${k}, generate_series(0, ${M - 1}) i
      where i = 2 or (i >= ${T + 4} and i < ${M - G} and i % 10 = 0)`);
    // Parent M-1-g guards JOUEUR T+4+g; the last parent also JOUEUR T+4+G (another team).
    await client.query(`
      insert into guardians (club_id, parent_id, child_id)
      select 1 + k, 1 + k * ${M} + ${M - 1} - g, 1 + k * ${M} + ${T + 4} + g
      from ${k}, generate_series(0, ${G - 1}) g
      union all
      select 1 + k, 1 + k * ${M} + ${M - 1}, 1 + k * ${M} + ${T + 4 + G} from ${k}`);
    await client.query(`
      insert into events (id, club_id, nom, type, date_debut, date_fin, lieux)
      select 1 + k * ${E} + e, 1 + k, 'Séance ' || e,
             case when e % 4 = 0 then 'MATCH' else 'ENTRAINEMENT' end,
             timestamptz '2026-01-05 18:00+01' + (e * 7) * interval '1 day',
             timestamptz '2026-01-05 20:00+01' + (e * 7) * interval '1 day', 'Stade'
      from ${k}, generate_series(0, ${E - 1}) e`);
    await client.query(`
      insert into event_teams (event_id, team_id, club_id)
      select 1 + k * ${E} + e, 1 + k * ${T} + e % ${T}, 1 + k
      from ${k}, generate_series(0, ${E - 1}) e`);
    await client.query(`
      insert into matches (club_id, event_id, home_team_id, opponent_name)
      select 1 + k, 1 + k * ${E} + e, 1 + k * ${T} + e % ${T}, 'Adversaire ' || e
      from ${k}, generate_series(0, ${E - 1}, 4) e`);
    if (((to + 1) / BATCH) % 4 === 0 || to + 1 === CLUBS)
      log(`  ${to + 1} / ${CLUBS} clubs (${seconds(started)} s)`);
  }
  for (const t of ['clubs', 'teams', 'members', 'events', 'matches'])
    await client.query(
      `select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`,
    );
  await client.query('analyze');
}

/** Row count of every table, and a hash of the identity columns of the hat-bearing rows. */
async function snapshot(client) {
  const tables = (
    await client.query(
      `select table_name as t from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).rows.map((r) => r.t);
  const counts = {};
  for (const t of tables)
    counts[t] = Number((await client.query(`select count(*) as n from "${t}"`)).rows[0].n);
  const hash = async (table, cols) =>
    (
      await client.query(
        `select coalesce(sum(hashtext(concat_ws('|', ${cols}))::bigint), 0)::text as h from ${table}`,
      )
    ).rows[0].h;
  return {
    counts,
    hashes: {
      members: await hash(
        'members',
        'id, club_id, team_id, email::text, role, password_hash, nom, prenom, statut',
      ),
      team_memberships: await hash('team_memberships', 'club_id, member_id, team_id'),
      guardians: await hash('guardians', 'club_id, parent_id, child_id'),
    },
  };
}

/** A sample across roles: up to SAMPLE / 5 members of each role, spread over the clubs. */
async function sample(client) {
  const per = Math.ceil(SAMPLE / 5);
  const { rows } = await client.query(
    `select id from (
       select id, row_number() over (partition by role order by md5(id::text)) as n from members
     ) s where n <= $1 order by id`,
    [per],
  );
  return rows.map((r) => r.id);
}

/** Today's reading (before hats): the member's role over every team, their children's teams. */
async function singleRoleSubjects(client, ids) {
  const { rows } = await client.query(
    `select m.id, m.club_id, m.role,
       coalesce((select json_agg(tm.team_id order by (tm.team_id = m.team_id) desc, tm.team_id)
                 from team_memberships tm where tm.member_id = m.id and tm.club_id = m.club_id),
                '[]') as teams,
       coalesce((select json_agg(g.child_id order by g.child_id) from guardians g
                 where g.parent_id = m.id and g.club_id = m.club_id), '[]') as children,
       coalesce((select json_agg(distinct tm.team_id) from guardians g
                 join team_memberships tm on tm.member_id = g.child_id and tm.club_id = g.club_id
                 where g.parent_id = m.id and g.club_id = m.club_id), '[]') as child_teams,
       (select json_agg(t.id order by t.id) from teams t where t.club_id = m.club_id) as club_teams,
       (select json_agg(json_build_object('id', o.id, 'teams', coalesce((
                 select json_agg(tm.team_id order by tm.team_id) from team_memberships tm
                 where tm.member_id = o.id and tm.club_id = o.club_id), '[]')) order by o.id)
          from members o where o.club_id = m.club_id
            and (o.id = m.id or o.id - (m.club_id - 1) * ${M} - 1 in (1, 2, ${T + 5}, ${T + 6})
                 or o.id in (select g.child_id from guardians g where g.parent_id = m.id))) as people
     from members m where m.id = any($1) order by m.id`,
    [ids],
  );
  return rows.map((r) => ({
    subject: {
      id: r.id,
      role: r.role,
      teamIds: r.teams,
      childIds: r.children,
      childTeamIds: r.child_teams,
    },
    clubId: r.club_id,
    clubTeams: r.club_teams,
    people: r.people,
  }));
}

/**
 * The targets of one member's checks, within their club: no target; every team alone, two teams,
 * all teams, none (a club-wide event); and each of a few members (themselves, their children, a
 * player of team B, one of team C, the RESPONSABLE) with their own teams, with no team and with
 * unknown teams.
 */
function targetsOf({ clubTeams, people }) {
  const teamSets = [[], ...clubTeams.map((t) => [t]), clubTeams.slice(0, 2), clubTeams];
  return [
    undefined,
    ...teamSets.map((teamIds) => ({ teamIds })),
    ...people.flatMap((p) => [
      { memberId: p.id, teamIds: p.teams },
      { memberId: p.id, teamIds: [] },
      { memberId: p.id },
      { memberId: p.id, teamIds: [clubTeams[0]] },
    ]),
  ];
}

/** Every permission table of the contract: those the endpoints declare, and the exported ones. */
function permissionTables() {
  const tables = new Map();
  const walk = (node, name) => {
    if (!node || typeof node !== 'object') return;
    if (node.access?.kind === 'permission' && node.access.table)
      tables.set(node.access.table, tables.get(node.access.table) ?? name);
    else for (const [k, v] of Object.entries(node)) walk(v, `${name}.${k}`);
  };
  walk(contract.api, 'api');
  for (const [name, value] of Object.entries(contract))
    if (/_PERMISSIONS$/.test(name) && value && typeof value === 'object') tables.set(value, name);
  return [...tables].map(([table, name]) => ({ table, name }));
}

function answers(tables, subject, targets) {
  const out = [];
  for (const { table } of tables)
    for (const action of Object.keys(table))
      for (const target of targets) out.push(permits(table, subject, action, target));
  return out;
}

// ── the run ──────────────────────────────────────────────────────────────────────────────────
assertLoopback(ADMIN_URL);
log(`Migration des casquettes et des comptes sur ${CLUBS} clubs — ${machine()}`);
await dropDatabase(NAME);
{
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${NAME}`);
  await admin.end();
}
const pool = new pg.Pool({ connectionString: dbUrl(NAME), max: 2 });
const db = drizzle(pool);
const client = await pool.connect();
let failed = false;
const differences = [];
const timings = {};
try {
  for (const ext of ['citext', 'unaccent', 'pg_trgm'])
    await client.query(`create extension if not exists ${ext}`);
  const before0 = migrationsUpTo(LAST_BEFORE);
  let t0 = Date.now();
  await migrate(db, { migrationsFolder: before0.dir });
  log(`migrations jusqu’à ${before0.tags.at(-1)} (${seconds(t0)} s)`);

  t0 = Date.now();
  await load(client);
  timings.load = seconds(t0);
  log(`chargement : ${CLUBS} clubs en ${timings.load} s`);

  t0 = Date.now();
  const before = await snapshot(client);
  const ids = await sample(client);
  const people = await singleRoleSubjects(client, ids);
  const tables = permissionTables();
  const beforeAnswers = new Map();
  let compared = 0;
  for (const p of people) {
    p.targets = targetsOf(p);
    beforeAnswers.set(p.subject.id, answers(tables, p.subject, p.targets));
  }
  const roles = {};
  for (const p of people) roles[p.subject.role] = (roles[p.subject.role] ?? 0) + 1;
  timings.before = seconds(t0);
  log(
    `avant : ${Object.entries(before.counts)
      .filter(([, n]) => n > 0)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')}`,
  );
  log(
    `échantillon : ${people.length} membres (${Object.entries(roles)
      .map(([r, n]) => `${r} ${n}`)
      .join(', ')}), ${tables.length} tables de permissions, ` +
      `${tables.reduce((n, t) => n + Object.keys(t.table).length, 0)} actions (${timings.before} s)`,
  );

  const full = migrationsUpTo(Infinity);
  t0 = Date.now();
  await migrate(db, { migrationsFolder: full.dir });
  timings.migrate = seconds(t0);
  log(
    `migrations ${full.tags[LAST_BEFORE + 1]} … ${full.tags.at(-1)} appliquées en ${timings.migrate} s`,
  );

  t0 = Date.now();
  const after = await snapshot(client);
  for (const [t, n] of Object.entries(before.counts))
    if (after.counts[t] !== n)
      differences.push(`lignes de ${t} : ${n} avant, ${after.counts[t]} après`);
  for (const [t, h] of Object.entries(before.hashes))
    if (after.hashes[t] !== h)
      differences.push(`colonnes de ${t} changées (empreinte ${h} → ${after.hashes[t]})`);
  const added = Object.keys(after.counts).filter((t) => !(t in before.counts));
  log(
    `après : mêmes nombres de lignes pour ${Object.keys(before.counts).length} tables : ` +
      `${Object.keys(before.counts).every((t) => after.counts[t] === before.counts[t]) ? 'oui' : 'NON'} ; ` +
      `tables ajoutées ${added.map((t) => `${t} ${after.counts[t]}`).join(', ') || 'aucune'}`,
  );

  // The actor as the server reads it now, through a session of each sampled member.
  await client.query(
    `insert into sessions (member_id, club_id, family_id, token_hash, expires_at, absolute_expires_at)
     select id, club_id, gen_random_uuid(), 'migration-' || id, now() + interval '1 hour',
            now() + interval '1 hour'
     from members where id = any($1)`,
    [ids],
  );
  const sessions = new Map(
    (
      await client.query(`select id, member_id from sessions where member_id = any($1)`, [ids])
    ).rows.map((r) => [r.member_id, r.id]),
  );
  const hats = { withClubRole: 0, withTeamRoles: 0, guardians: 0 };
  for (const p of people) {
    const actor = await findActor(db, sessions.get(p.subject.id), p.subject.id);
    if (!actor) {
      differences.push(
        `membre ${p.subject.id} (${p.subject.role}) : plus d’acteur après migration`,
      );
      continue;
    }
    if (normalizeRole(p.subject.role) !== actor.role)
      differences.push(`membre ${p.subject.id} : rôle ${p.subject.role} → ${actor.role}`);
    if (actor.roleClub) hats.withClubRole++;
    if (actor.teamRoles.some((t) => t.role)) hats.withTeamRoles++;
    if (actor.childIds.length) hats.guardians++;
    const now = answers(tables, actor, p.targets);
    const was = beforeAnswers.get(p.subject.id);
    compared += was.length;
    let i = 0;
    for (const { table, name } of tables)
      for (const action of Object.keys(table))
        for (const target of p.targets) {
          if (was[i] !== now[i])
            differences.push(
              `${name}.${action} · membre ${p.subject.id} (${p.subject.role}) · ${JSON.stringify(target)} : ${was[i]} → ${now[i]}`,
            );
          i++;
        }
  }
  timings.after = seconds(t0);
  log(
    `permissions : ${compared} réponses comparées (${people.length} membres ; après migration ` +
      `${hats.withClubRole} avec un rôle club, ${hats.withTeamRoles} avec des rôles d’équipe, ` +
      `${hats.guardians} responsables légaux) en ${timings.after} s`,
  );
  if (compared === 0 || people.length === 0) differences.push('rien comparé');
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  client.release();
  await pool.end();
  if (!KEEP) await dropDatabase(NAME);
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
}

for (const d of differences.slice(0, 50)) console.error(`DIFFÉRENCE ${d}`);
if (differences.length > 50) console.error(`… ${differences.length - 50} de plus`);
log(
  `${differences.length} différence(s) ; durée totale ${seconds(started)} s ` +
    `(chargement ${timings.load ?? '?'} s, migrations ${timings.migrate ?? '?'} s) ; ${machine()}`,
);
if (failed || differences.length) process.exit(1);
