import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { TMemberTeam } from '@club/contract';
import { convocations, members } from './schema.ts';

/** SQL fragments more than one feature selects. */

/**
 * The teams of the `members` row of the enclosing query as JSON [{id, nom, role}] (role: the hat
 * held in that team, null when none): the primary team (members.team_id) first, then by name.
 */
export const memberTeamsJson = () =>
  sql<TMemberTeam[]>`coalesce((
    select json_agg(json_build_object('id', t.id, 'nom', t.nom, 'role', tm.role)
                    order by (t.id = ${members.teamId}) desc nulls last, lower(t.nom), t.id)
    from team_memberships tm
    join teams t on t.id = tm.team_id
    where tm.member_id = ${members.id} and tm.club_id = ${members.clubId}
  ), '[]'::json)`;

/** Join condition of a match's convocations to their members (of the same club). */
export const convocationMember = () =>
  and(eq(members.id, convocations.memberId), eq(members.clubId, convocations.clubId));

/** The convocations of one match of a club. */
export const convocationsOfMatch = (clubId: number, matchId: number) =>
  and(eq(convocations.clubId, clubId), eq(convocations.matchId, matchId));

/** Members by name, then id (a stable order between namesakes). */
export const byMemberName = () => [asc(members.nom), asc(members.prenom), asc(members.id)];

/**
 * isActiveStatus (contract, spec §4) in SQL: the status, accents and parentheses removed,
 * upper-cased and trimmed, equals ACTIF. Accents are folded by hand (no unaccent extension on
 * PGlite), upper() after them so that the database's locale does not matter.
 */
export const activeStatusSql = (status: SQL) =>
  sql`upper(btrim(translate(${status}, 'ÀÂÄÁàâäáÉÈÊËéèêëÎÏÍÌîïíìÔÖÓÒôöóòÙÛÜÚùûüúÇç()', 'AAAAaaaaEEEEeeeeIIIIiiiiOOOOooooUUUUuuuuCc'))) = 'ACTIF'`;
