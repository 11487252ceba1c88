import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { FIRST_NAMES_ACCENTED, LAST_NAMES } from './sample-names.ts';

/**
 * Bulk load for the scale measures (bench/scale, docs/scaling.md) and the index test
 * (explain.test.ts):
 * `clubs` clubs of the same shape, written by a few set-based `INSERT … SELECT generate_series`
 * statements (no row goes through JavaScript), so that 10,000 clubs and 1,000,000 members take
 * minutes. Every club gets `teamsPerClub` teams, `membersPerClub` members (the first a DIRIGEANT,
 * then a RESPONSABLE, then one ENTRAINEUR per team, the rest JOUEUR, spread over the teams, each
 * with their team_memberships row, written by the trigger of migration 0001), and `eventsPerClub` events spread over 2026, each for one team;
 * every fourth event is a MATCH with its matches row (the year from `eventsFrom`). Ids continue after the existing rows.
 */
export interface BulkLoadOptions {
  clubs: number;
  teamsPerClub?: number;
  membersPerClub?: number;
  eventsPerClub?: number;
  /** PARENT members (the last ones of each club), each the guardian of one JOUEUR. */
  guardiansPerClub?: number;
  /** Convocations of each match (the first members of the home team). */
  convocationsPerMatch?: number;
  /** First day of the year the events are spread over ('YYYY-MM-DD'; 2026-01-01 by default). */
  eventsFrom?: string;
  /** Clubs per INSERT batch (bounds each statement's memory and shows progress). */
  batch?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface BulkLoadResult {
  /** Id of the first and last club written. */
  firstClubId: number;
  lastClubId: number;
}

const CATEGORIES = ['Seniors', 'U17', 'U15', 'U13', 'Vétérans', 'U11', 'U19', 'Loisirs'];
const EVENT_TYPES = ['MATCH', 'ENTRAINEMENT', 'ENTRAINEMENT', 'REUNION'];

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);

async function nextId(db: DbOrTx, table: string): Promise<number> {
  const res = await db.execute(sql.raw(`select coalesce(max(id), 0) + 1 as n from ${table}`));
  const rows = (Array.isArray(res) ? res : (res as { rows: { n: unknown }[] }).rows) as {
    n: unknown;
  }[];
  return Number(rows[0]!.n);
}

export async function bulkLoad(db: DbOrTx, opts: BulkLoadOptions): Promise<BulkLoadResult> {
  const T = opts.teamsPerClub ?? 5;
  const M = opts.membersPerClub ?? 100;
  const E = opts.eventsPerClub ?? 200;
  const G = opts.guardiansPerClub ?? 0;
  const C = opts.convocationsPerMatch ?? 0;
  const from0 = opts.eventsFrom ?? '2026-01-01';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from0)) throw new Error('eventsFrom: AAAA-MM-JJ');
  const batch = opts.batch ?? 500;
  if (T < 1 || T > CATEGORIES.length) throw new Error(`teamsPerClub: 1 à ${CATEGORIES.length}`);
  if (M < T + 2 + 2 * G) throw new Error('membersPerClub: au moins teamsPerClub + 2 + 2 × parents');

  const club0 = await nextId(db, 'clubs');
  const team0 = await nextId(db, 'teams');
  const member0 = await nextId(db, 'members');
  const event0 = await nextId(db, 'events');
  const match0 = await nextId(db, 'matches');
  const lastNames = textArray(LAST_NAMES);
  const firstNames = textArray(FIRST_NAMES_ACCENTED);
  const categories = textArray(CATEGORIES);
  const types = textArray(EVENT_TYPES);

  for (let from = 0; from < opts.clubs; from += batch) {
    const to = Math.min(opts.clubs, from + batch) - 1;
    // k: 0-based club index; club id = club0 + k, team id = team0 + k*T + j, and so on.
    await db.execute(sql`
      insert into clubs (id, nom, description, pays, ville, adresse, timezone)
      select ${club0}::int + k, 'Club de charge ' || lpad(k::text, 6, '0'),
             'Club généré pour les mesures de charge', 'France', 'Nantes', '1 rue du Stade',
             'Europe/Paris'
      from generate_series(${from}::int, ${to}::int) k`);
    await db.execute(sql`
      insert into teams (id, club_id, nom, categorie, division)
      select ${team0}::int + k * ${T}::int + j, ${club0}::int + k,
             (${categories})[j + 1] || ' ' || chr(65 + j), (${categories})[j + 1], 'Départemental 1'
      from generate_series(${from}::int, ${to}::int) k, generate_series(0, ${T - 1}::int) j`);
    // i = 0: DIRIGEANT, 1: RESPONSABLE, 2 … T+1: one ENTRAINEUR per team, then JOUEUR.
    await db.execute(sql`
      insert into members (id, club_id, team_id, nom, prenom, date_naissance, genre, email,
                           role, statut, numero)
      select ${member0}::int + k * ${M}::int + i, ${club0}::int + k,
             case when i < 2 then null else ${team0}::int + k * ${T}::int + (i % ${T}::int) end,
             (${lastNames})[1 + (k * 7 + i * 13) % ${LAST_NAMES.length}::int],
             (${firstNames})[1 + (k * 3 + i * 5) % ${FIRST_NAMES_ACCENTED.length}::int],
             date '1970-01-01' + ((k * 31 + i * 97) % 15000),
             case when i % 2 = 0 then 'Homme' else 'Femme' end,
             'm' || (${member0}::int + k * ${M}::int + i) || '@charge.example',
             case when i = 0 then 'DIRIGEANT' when i = 1 then 'RESPONSABLE'
                  when i < ${T + 2}::int then 'ENTRAINEUR'
                  when i >= ${M - G}::int then 'PARENT' else 'JOUEUR' end,
             'Actif', case when i >= ${T + 2}::int then 1 + i % 30 end
      from generate_series(${from}::int, ${to}::int) k, generate_series(0, ${M - 1}::int) i`);
    // team_memberships rows come from the members_primary_team_membership trigger (0001).
    // Event e of club k: day (k + e * 37) % 365 of 2026 at 18:00 (matches on the afternoon).
    await db.execute(sql`
      insert into events (id, club_id, nom, type, date_debut, date_fin, lieux)
      select ${event0}::int + k * ${E}::int + e, ${club0}::int + k,
             case when e % 4 = 0 then 'Match' else 'Séance ' || e end,
             (${types})[1 + e % 4],
             (${from0}::date + time '18:00') + ((k + e * 37) % 365) * interval '1 day'
               - case when e % 4 = 0 then interval '3 hours' else interval '0' end,
             (${from0}::date + time '20:00') + ((k + e * 37) % 365) * interval '1 day'
               - case when e % 4 = 0 then interval '3 hours' else interval '0' end,
             'Stade municipal'
      from generate_series(${from}::int, ${to}::int) k, generate_series(0, ${E - 1}::int) e`);
    await db.execute(sql`
      insert into event_teams (event_id, team_id, club_id)
      select ${event0}::int + k * ${E}::int + e, ${team0}::int + k * ${T}::int + e % ${T}::int,
             ${club0}::int + k
      from generate_series(${from}::int, ${to}::int) k, generate_series(0, ${E - 1}::int) e`);
    await db.execute(sql`
      insert into matches (id, club_id, event_id, home_team_id, opponent_name, score_domicile,
                           score_exterieur)
      select ${match0}::int + k * ${Math.ceil(E / 4)}::int + e / 4, ${club0}::int + k,
             ${event0}::int + k * ${E}::int + e, ${team0}::int + k * ${T}::int + e % ${T}::int,
             'Adversaire ' || (e / 4), case when e < ${E / 2}::int then e % 5 end,
             case when e < ${E / 2}::int then (e * 3) % 4 end
      from generate_series(${from}::int, ${to}::int) k, generate_series(0, ${E - 1}::int, 4) e`);
    if (G > 0)
      // Parent M-1-g is the guardian of JOUEUR T+2+g.
      await db.execute(sql`
        insert into guardians (club_id, parent_id, child_id)
        select ${club0}::int + k, ${member0}::int + k * ${M}::int + ${M - 1}::int - g,
               ${member0}::int + k * ${M}::int + ${T + 2}::int + g
        from generate_series(${from}::int, ${to}::int) k, generate_series(0, ${G - 1}::int) g`);
    if (C > 0)
      await db.execute(sql`
        insert into convocations (club_id, match_id, member_id, statut_presence)
        select m.club_id, m.id, tm.member_id, case when tm.member_id % 3 = 0 then 'DISPONIBLE' end
        from matches m
        cross join lateral (
          select member_id from team_memberships
          where team_id = m.home_team_id and club_id = m.club_id
          order by member_id limit ${C}::int
        ) tm
        where m.club_id between ${club0}::int + ${from}::int and ${club0}::int + ${to}::int`);
    opts.onProgress?.(to + 1, opts.clubs);
  }
  for (const table of ['clubs', 'teams', 'members', 'events', 'matches'])
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      ),
    );
  return { firstClubId: club0, lastClubId: club0 + opts.clubs - 1 };
}
