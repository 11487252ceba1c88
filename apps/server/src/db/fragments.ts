import { sql } from 'drizzle-orm';
import type { TTeamRef } from '@club/contract';
import { members } from './schema.ts';

/** SQL fragments more than one feature selects. */

/**
 * The teams of the `members` row of the enclosing query as JSON [{id, nom}]: the primary team
 * (members.team_id) first, then by name.
 */
export const memberTeamsJson = () =>
  sql<TTeamRef[]>`coalesce((
    select json_agg(json_build_object('id', t.id, 'nom', t.nom)
                    order by (t.id = ${members.teamId}) desc nulls last, lower(t.nom), t.id)
    from team_memberships tm
    join teams t on t.id = tm.team_id
    where tm.member_id = ${members.id} and tm.club_id = ${members.clubId}
  ), '[]'::json)`;
