import { sql, type SQL } from 'drizzle-orm';
import type { PlayingTimeMatch } from '@club/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  clubs,
  convocations,
  eventPresences,
  eventTeams,
  events,
  matchActions,
  matchSheetPlayers,
  matches,
  members,
  teamMemberships,
  teams,
} from '../../db/schema.ts';

/** One player's figures in one team (the statistics query's `joueurs`). */
export interface PlayerFigures {
  id: number;
  nom: string;
  prenom: string;
  actuel: boolean;
  presents: number;
  total: number;
  /** Of the `total` trainings, those where attendance was taken (any answer recorded). */
  releves: number;
  convocations: number;
  disponibles: number;
  selectionne: number;
  remplacant: number;
  nonRetenu: number;
}

export interface TeamFigures {
  teamId: number;
  /**
   * The team's started matches with a sheet (saved, else the published selection), for the
   * playing time (docs/decisions/0128-playing-time.md).
   */
  feuilles: PlayingTimeMatch[];
  nom: string;
  /** Played matches' [for, against], oldest first. */
  scores: [number, number][];
  trainingsHeld: number;
  /** The team counts an unanswered player present ('présent par défaut'). */
  parDefaut: boolean;
  players: PlayerFigures[];
}

export interface SeasonFigures {
  /** The season's first year (the one asked, or the club's current season). */
  firstYear: number;
  startMonth: number;
  teams: TeamFigures[];
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/**
 * THE statistics query (docs/decisions/0080-team-statistics.md): one statement computes, for the
 * club's teams (or one team), the season's window from the club's `season_start_month` and time
 * zone, the played matches' scores and, per player, trainings attended / held and the match
 * figures. Everything is filtered on the club id (row-level security is the second line).
 *
 * - The window: [first day of the start month of `firstYear`, the same day a year later), cut at
 *   the club's wall-clock "now": trainings held and matches convoked are those that have started.
 * - A player's rows follow the team they played for: a convocation counts for the match's base
 *   team (the team whose players are convoked, docs/decisions/0018-match-status-versions-convocations.md),
 *   attendance for the training's teams. The team's players are its JOUEUR memberships today, plus
 *   anyone with a convocation or an attendance answer for it in the season (a former player).
 * - The trainings a player is counted for: the whole season for a player still in the team, up to
 *   their last record in it for a former player; from their first record in it when they had
 *   records in another team of the club before (they moved in during the season).
 * - A training attended: answered DISPONIBLE, or unanswered in a team 'présent par défaut'.
 * - Attendance taken at a training: at least one answer recorded for it, whoever's
 *   (docs/decisions/0106-what-other-families-read-of-a-match-and-a-member.md: no rate when it was
 *   never taken at any training counted for the player).
 * - Available: answered DISPONIBLE, or selected / substitute (only an explicit "unavailable"
 *   blocks a selection, docs/decisions/0060-match-selection.md). The selection read is the coach's
 *   last choice (the working one, else the published one): once a match has started it is what
 *   happened.
 */
export async function seasonFigures(
  db: DbOrTx,
  clubId: number,
  opts: SeasonFiguresOptions,
): Promise<SeasonFigures | undefined> {
  const result = await db.execute(seasonFiguresSql(clubId, opts));
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  if (!row) return undefined;
  return {
    firstYear: Number(row.first_year),
    startMonth: Number(row.start_month),
    teams: json<TeamFigures[]>(row.teams),
  };
}

export interface SeasonFiguresOptions {
  teamId?: number;
  firstYear?: number;
  now: Date;
}

/** The statement of seasonFigures (its plan is read by bench/statistics). */
export function seasonFiguresSql(clubId: number, opts: SeasonFiguresOptions): SQL {
  const teamFilter: SQL = opts.teamId === undefined ? sql`true` : sql`t.id = ${opts.teamId}`;
  return sql`
    with
    club as (
      select c.season_start_month as m,
             (${opts.now.toISOString()}::timestamptz at time zone c.timezone) as now_local
        from ${clubs} c where c.id = ${clubId}
    ),
    season as (
      select y1, m, make_timestamp(y1, m, 1, 0, 0, 0) as s, make_timestamp(y1 + 1, m, 1, 0, 0, 0) as e,
             least(make_timestamp(y1 + 1, m, 1, 0, 0, 0), now_local) as w, now_local
        from (select m, now_local,
                     coalesce(${opts.firstYear ?? null}::int,
                              extract(year from now_local)::int
                                - case when extract(month from now_local)::int >= m then 0 else 1 end) as y1
                from club) x
    ),
    tm as (
      select t.id as team_id, t.nom, t.present_par_defaut as par_defaut
        from ${teams} t where t.club_id = ${clubId} and ${teamFilter}
    ),
    ev as (
      select e.id, e.date_debut, et.team_id
        from ${events} e
        cross join season
        left join ${eventTeams} et on et.club_id = ${clubId} and et.event_id = e.id
       where e.club_id = ${clubId} and e.type = 'ENTRAINEMENT'
         and e.date_debut >= season.s and e.date_debut < season.w
    ),
    tr as (
      select tm.team_id, ev.id, ev.date_debut, ev.team_id is not null as own
        from ev join tm on ev.team_id = tm.team_id or ev.team_id is null
    ),
    mt as (
      select ma.id, ma.home_team_id, ma.away_team_id, ma.score_domicile, ma.score_exterieur,
             e.date_debut, e.date_fin
        from ${matches} ma
        join ${events} e on e.club_id = ${clubId} and e.id = ma.event_id
        cross join season
       where ma.club_id = ${clubId} and not ma.cancelled
         and e.date_debut >= season.s and e.date_debut < season.w
         and (ma.home_team_id in (select team_id from tm) or ma.away_team_id in (select team_id from tm))
    ),
    cv as (
      select mt.home_team_id as team_id, c.member_id, mt.date_debut, c.statut_presence,
             coalesce(c.selection, c.selection_published) as sel
        from ${convocations} c
        join mt on mt.id = c.match_id and mt.home_team_id in (select team_id from tm)
       where c.club_id = ${clubId}
    ),
    -- attendance at the team's own trainings (an every-team training says nothing of the team)
    pr as (
      select tr.team_id, ep.member_id, tr.date_debut, ep.statut_presence, tr.own
        from ${eventPresences} ep join tr on tr.id = ep.event_id
       where ep.club_id = ${clubId}
    ),
    -- the trainings where attendance was taken (some answer recorded)
    taken as (
      select distinct ep.event_id
        from ${eventPresences} ep
       where ep.club_id = ${clubId} and ep.event_id in (select id from tr)
    ),
    roster as (
      select team_id, member_id, bool_or(cur) as cur, min(at) as first_in, max(at) as last_in
        from (select tmb.team_id, tmb.member_id, true as cur, null::timestamp as at
                from ${teamMemberships} tmb
                join ${members} m on m.club_id = ${clubId} and m.id = tmb.member_id
               where tmb.club_id = ${clubId} and tmb.role = 'JOUEUR'
                 and tmb.team_id in (select team_id from tm)
              union all select team_id, member_id, false, date_debut from cv
              union all select team_id, member_id, false, date_debut from pr where own) x
       group by team_id, member_id
    ),
    moved_in as (
      select r.team_id, r.member_id
        from roster r cross join season
       where r.first_in is not null and (
         exists (select 1 from ${convocations} c
                   join ${matches} ma on ma.club_id = ${clubId} and ma.id = c.match_id
                   join ${events} e on e.club_id = ${clubId} and e.id = ma.event_id
                  where c.club_id = ${clubId} and c.member_id = r.member_id and not ma.cancelled
                    and ma.home_team_id is distinct from r.team_id
                    and e.date_debut >= season.s and e.date_debut < r.first_in)
         or exists (select 1 from ${eventPresences} ep
                      join ${events} e on e.club_id = ${clubId} and e.id = ep.event_id
                     where ep.club_id = ${clubId} and ep.member_id = r.member_id
                       and e.type = 'ENTRAINEMENT'
                       and e.date_debut >= season.s and e.date_debut < r.first_in
                       and not exists (select 1 from tr where tr.team_id = r.team_id and tr.id = e.id)))
    ),
    span as (
      select r.team_id, r.member_id, r.cur,
             case when mi.member_id is not null then r.first_in else season.s end as debut,
             case when r.cur then season.w else r.last_in end as fin
        from roster r cross join season
        left join moved_in mi on mi.team_id = r.team_id and mi.member_id = r.member_id
    ),
    att as (
      select s.team_id, s.member_id,
             count(tr.id)::int as total,
             count(tr.id) filter (where p.statut_presence = 'DISPONIBLE'
                                     or (p.statut_presence is null and tm.par_defaut))::int as presents,
             count(tk.event_id)::int as releves
        from span s
        join tm on tm.team_id = s.team_id
        left join tr on tr.team_id = s.team_id and tr.date_debut >= s.debut and tr.date_debut <= s.fin
        left join taken tk on tk.event_id = tr.id
        left join ${eventPresences} p
          on p.club_id = ${clubId} and p.event_id = tr.id and p.member_id = s.member_id
       group by s.team_id, s.member_id
    ),
    mat as (
      select team_id, member_id,
             count(*)::int as convocations,
             count(*) filter (where statut_presence = 'DISPONIBLE'
                                 or sel in ('SELECTIONNE', 'REMPLACANT'))::int as disponibles,
             count(*) filter (where sel = 'SELECTIONNE')::int as selectionne,
             count(*) filter (where sel = 'REMPLACANT')::int as remplacant,
             count(*) filter (where sel = 'NON_RETENU')::int as non_retenu
        from cv group by team_id, member_id
    ),
    -- the team's started matches (its players are convoked), for the playing time (decision 0128)
    pm as (
      select mt.id, mt.home_team_id as team_id, mt.date_debut,
             greatest(0, floor(extract(epoch from (mt.date_fin - mt.date_debut)) / 60))::int as duree
        from mt cross join season
       where mt.home_team_id in (select team_id from tm) and mt.date_debut <= season.now_local
    ),
    -- each match's sheet: the saved one, else the published selection (decision 0125)
    fs as (
      select s.match_id, s.member_id, s.titulaire
        from ${matchSheetPlayers} s join pm on pm.id = s.match_id
       where s.club_id = ${clubId}
      union all
      select c.match_id, c.member_id, c.selection_published = 'SELECTIONNE'
        from ${convocations} c join pm on pm.id = c.match_id
       where c.club_id = ${clubId} and c.selection_published in ('SELECTIONNE', 'REMPLACANT')
         and not exists (select 1 from ${matchSheetPlayers} s
                          where s.club_id = ${clubId} and s.match_id = c.match_id)
    ),
    fm as (
      select pm.team_id, pm.date_debut, pm.id, json_build_object(
               'duree', pm.duree,
               'joueurs', (select json_agg(json_build_array(fs.member_id, fs.titulaire))
                             from fs where fs.match_id = pm.id),
               'disponibles', (select coalesce(json_agg(c.member_id), '[]'::json)
                                 from ${convocations} c
                                where c.club_id = ${clubId} and c.match_id = pm.id
                                  and c.statut_presence = 'DISPONIBLE'),
               'actions', (select coalesce(json_agg(json_build_array(a.minute, a.type, a.member_id)
                                                    order by a.minute, a.id), '[]'::json)
                             from ${matchActions} a
                            where a.club_id = ${clubId} and a.match_id = pm.id)) as feuille
        from pm where exists (select 1 from fs where fs.match_id = pm.id)
    ),
    res as (
      select tm.team_id, mt.date_debut,
             case when mt.home_team_id = tm.team_id then mt.score_domicile else mt.score_exterieur end as pour,
             case when mt.home_team_id = tm.team_id then mt.score_exterieur else mt.score_domicile end as contre
        from mt
        join tm on tm.team_id in (mt.home_team_id, mt.away_team_id)
        cross join season
       where mt.score_domicile is not null and mt.score_exterieur is not null
         and mt.date_fin <= season.now_local
    )
    select season.y1 as first_year, season.m as start_month,
           coalesce((select json_agg(json_build_object(
               'teamId', tm.team_id,
               'nom', tm.nom,
               'trainingsHeld', (select count(*)::int from tr where tr.team_id = tm.team_id),
               'parDefaut', tm.par_defaut,
               'feuilles', (select coalesce(json_agg(fm.feuille order by fm.date_debut, fm.id), '[]'::json)
                              from fm where fm.team_id = tm.team_id),
               'scores', (select coalesce(json_agg(json_build_array(r.pour, r.contre) order by r.date_debut), '[]'::json)
                            from res r where r.team_id = tm.team_id),
               'players', (select coalesce(json_agg(json_build_object(
                   'id', m.id, 'nom', m.nom, 'prenom', m.prenom, 'actuel', s.cur,
                   'presents', a.presents, 'total', a.total, 'releves', a.releves,
                   'convocations', coalesce(x.convocations, 0),
                   'disponibles', coalesce(x.disponibles, 0),
                   'selectionne', coalesce(x.selectionne, 0),
                   'remplacant', coalesce(x.remplacant, 0),
                   'nonRetenu', coalesce(x.non_retenu, 0))
                   order by m.nom, m.prenom, m.id), '[]'::json)
                  from span s
                  join ${members} m on m.club_id = ${clubId} and m.id = s.member_id
                  join att a on a.team_id = s.team_id and a.member_id = s.member_id
                  left join mat x on x.team_id = s.team_id and x.member_id = s.member_id
                 where s.team_id = tm.team_id)
             ) order by tm.nom, tm.team_id) from tm), '[]'::json) as teams
      from season`;
}
