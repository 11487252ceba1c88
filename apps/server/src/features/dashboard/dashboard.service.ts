import {
  CONVOCATION_PERMISSIONS,
  DASHBOARD_UPCOMING_DEFAULT_LIMIT,
  HOME_AGENDA_DAYS,
  HOME_AWAITING_DAYS,
  HOME_LIST_MAX,
  holdsClubRole,
  isActiveStatus,
  isStaffFor,
  type TDashboardHome,
  type THomeClubMatch,
  type THomeMemberRef,
  type THomeSelected,
  type THomeTeam,
  eventVisibleTo,
  type TDashboardEvent,
  type TDashboardMember,
  type ZDashboardEventsQuerySchema,
} from '@club/contract';
import type { z } from 'zod';
import {
  found,
  memberReader,
  memberRef,
  policy,
  projectMember,
  type Actor,
} from '../../authz/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { clubLocalDateTime, clubToday } from '../../lib/club-time.ts';
import { dutiesRepository } from '../duties/index.ts';
import { assertMayReadOwnTeamEvents } from '../events/index.ts';
import { assertMayReadOwnTeamsMembers } from '../members/index.ts';
import { dashboardRepository as repo } from './dashboard.repository.ts';
import {
  homeRepository as home,
  type ClubMatchRow,
  type MatchSidesRow,
  type MemberRefRow,
} from './home.repository.ts';

type EventsQuery = z.output<typeof ZDashboardEventsQuerySchema>;

/**
 * The dashboards read the calendar's rule and the team members page's rule (events.policy.ts,
 * members.policy.ts) and the convocations' table: no table of their own.
 */
const convocationsPolicy = policy(CONVOCATION_PERMISSIONS);

/** The calendar day `days` after `date` ('YYYY-MM-DD'). */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A club-local 'YYYY-MM-DDTHH:mm:ss' moved by whole days (wall clock, no time zone involved). */
function addDaysLocal(dateTime: string, days: number): string {
  return `${addDays(dateTime.slice(0, 10), days)}${dateTime.slice(10)}`;
}

/**
 * A match seen from one of its sides: that team, the other side's name, whether that team plays
 * at home. The stored home side is the base team; `domicile` says whether it plays at home.
 */
function fromSide(row: MatchSidesRow, awaySide: boolean) {
  const team = (id: number | null, nom: string | null): THomeTeam | null =>
    id !== null && nom !== null ? { id, nom } : null;
  if (awaySide)
    return {
      equipe: team(row.away_team_id, row.away_nom),
      adversaire: row.home_nom,
      domicile: !row.domicile,
    };
  return {
    equipe: team(row.home_team_id, row.home_nom),
    adversaire: row.away_team_id !== null ? row.away_nom : row.opponent_name,
    domicile: row.domicile,
  };
}

const teamsOfMatch = (row: MatchSidesRow) => ({
  teamIds: [row.home_team_id, row.away_team_id].filter((id): id is number => id !== null),
});

function clubMatch(row: ClubMatchRow): THomeClubMatch {
  const { equipe, adversaire } = fromSide(row, false);
  return {
    matchId: row.match_id,
    evenementId: row.event_id,
    nom: row.nom,
    dateDebut: row.date_debut,
    equipe,
    adversaire,
    sansReponse: row.sans_reponse,
    convoques: row.convoques,
  };
}

function counted<R extends { total: number }, T>(rows: R[], map: (row: R) => T) {
  return { total: rows[0]?.total ?? 0, liste: rows.map(map) };
}

const memberName = (row: MemberRefRow): THomeMemberRef =>
  memberRef({ id: row.id, nom: row.nom, prenom: row.prenom });

export interface DashboardDeps {
  db: DbOrTx;
  /** The clock ("today" and "now" are this instant on the club's wall clock); tests inject it. */
  now?: () => Date;
}

/** The calendar day after `date` ('YYYY-MM-DD'), by calendar arithmetic (no time zone involved). */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function createDashboardService(deps: DashboardDeps) {
  const { db, now = () => new Date() } = deps;

  /** The team, 404 when it is not of the actor's club (tenant isolation comes first). */
  async function teamOf(actor: Actor, teamId: number) {
    return found(await repo.findTeam(db, actor.clubId, teamId));
  }

  return {
    /**
     * GET /api/dashboard/accueil (docs/decisions/0083-dashboard-home.md): what the member can act
     * on. Everything is of the member's club; a parent's part covers every child and every team.
     */
    async home(actor: Actor): Promise<TDashboardHome> {
      const timeZone = await repo.clubTimeZone(db, actor.clubId);
      const at = now();
      const nowLocal = clubLocalDateTime(timeZone, at);
      const today = clubToday(timeZone, at);
      const teamIds = [...new Set([...actor.teamIds, ...actor.childTeamIds])];
      const people = [actor.id, ...actor.childIds];

      // One after the other: they share the request's one connection (its transaction).
      const toAnswer = await home.toAnswer(db, actor.clubId, people, nowLocal, HOME_LIST_MAX);
      const next = await home.nextMatches(db, actor.clubId, teamIds, nowLocal);
      const week = await home.eventsOfTeamsBetween(
        db,
        actor.clubId,
        teamIds,
        nowLocal,
        addDaysLocal(nowLocal, HOME_AGENDA_DAYS),
        50,
      );
      const readable = next.filter((m) => convocationsPolicy.can(actor, 'read', teamsOfMatch(m)));
      const selections = await home.publishedSelections(
        db,
        actor.clubId,
        readable.filter((m) => m.published).map((m) => m.match_id),
      );

      // The missing answers of a next match, for the staff of its team only.
      const staffOf = next.filter((m) => isStaffFor(actor, [m.team_id]));
      const awaited = await home.awaitedPerTeam(
        db,
        actor.clubId,
        staffOf.map((m) => m.match_id),
        staffOf.map((m) => m.team_id),
      );
      const awaitedFor = (m: (typeof next)[number]) =>
        awaited.find((a) => a.match_id === m.match_id && a.team_id === m.team_id)?.sans_reponse ??
        0;

      const aRepondre = toAnswer
        .map((r) => {
          const target = { memberId: r.player_id, ...teamsOfMatch(r) };
          return {
            matchId: r.match_id,
            evenementId: r.event_id,
            nom: r.nom,
            type: r.type,
            dateDebut: r.date_debut,
            dateFin: r.date_fin,
            lieux: r.lieux,
            ...fromSide(r, r.away_side),
            rendezVous: r.rendez_vous,
            joueur: { id: r.player_id, prenom: r.prenom },
            soi: r.player_id === actor.id,
            // Leaders and the match's coach answer for every player whatever the status (spec
            // §4); the others only when the player is ACTIF.
            modifiable:
              convocationsPolicy.can(actor, 'answer', target) &&
              (isStaffFor(actor, target.teamIds) || isActiveStatus(r.statut)),
            readable: convocationsPolicy.can(actor, 'read', teamsOfMatch(r)),
          };
        })
        .filter((r) => r.readable)
        .map(({ readable: _readable, ...r }) => r);

      const prochainsMatchs = next.map((m) => {
        const side = fromSide(m, m.away_team_id === m.team_id && m.home_team_id !== m.team_id);
        let selection: THomeSelected[] | null = null;
        if (m.published && readable.includes(m))
          selection = selections
            .filter((s) => s.match_id === m.match_id)
            .map((s) => ({
              ...memberRef({ id: s.id, nom: s.nom, prenom: s.prenom }),
              selection: s.selection as THomeSelected['selection'],
            }));
        return {
          equipe: { id: m.team_id, nom: m.team_nom },
          matchId: m.match_id,
          evenementId: m.event_id,
          nom: m.nom,
          dateDebut: m.date_debut,
          dateFin: m.date_fin,
          lieux: m.lieux,
          adversaire: side.adversaire,
          domicile: side.domicile,
          rendezVous: m.rendez_vous,
          lieuRendezVous: m.lieu_rendez_vous,
          selection,
          ...(staffOf.includes(m) ? { sansReponse: awaitedFor(m) } : {}),
        };
      });

      let club: TDashboardHome['club'] = null;
      if (holdsClubRole(actor)) {
        const todays = await home.eventsOfTeamsBetween(
          db,
          actor.clubId,
          null,
          `${today}T00:00:00`,
          `${nextDay(today)}T00:00:00`,
          50,
        );
        const withoutScore = await home.matchesWithoutScore(
          db,
          actor.clubId,
          nowLocal,
          HOME_LIST_MAX,
        );
        const awaiting = await home.matchesAwaitingAnswers(
          db,
          actor.clubId,
          nowLocal,
          addDaysLocal(nowLocal, HOME_AWAITING_DAYS),
          HOME_LIST_MAX,
        );
        const unactivated = await home.unactivatedMembers(db, actor.clubId, HOME_LIST_MAX);
        const withoutTeam = await home.playersWithoutTeam(db, actor.clubId, HOME_LIST_MAX);
        club = {
          aujourdhui: todays,
          matchsSansScore: counted(withoutScore, clubMatch),
          sansReponse: counted(awaiting, clubMatch),
          comptesNonActives: counted(unactivated, memberName),
          joueursSansEquipe: counted(withoutTeam, memberName),
        };
      }

      // « À faire »: the family's next duty (docs/decisions/0133).
      const family = await dutiesRepository.familyMemberIds(db, actor.clubId, actor.id);
      const [duty] = await dutiesRepository.upcomingFor(db, actor.clubId, family, nowLocal, 1);
      const prochaineTache = duty
        ? {
            tacheId: duty.dutyId,
            libelle: duty.libelle,
            evenementId: duty.eventId,
            nom: duty.eventNom,
            dateDebut: duty.dateDebut,
            lieux: duty.lieux,
            benevole: { id: duty.memberId, prenom: duty.memberPrenom },
            ...(duty.forMemberId !== null ? { pourMembreId: duty.forMemberId } : {}),
          }
        : null;

      return {
        aRepondre,
        prochainsMatchs,
        semaine: week.filter((e) => eventVisibleTo(actor, e)),
        club,
        prochaineTache,
      };
    },

    /**
     * GET /api/dashboard/evenements/{equipeId}: the team's events of one day (the club's today
     * unless `date` says otherwise), or its upcoming ones (`aVenir`). Events of the team and events
     * with no team; 403 unless the actor may read that team's events.
     */
    async teamEvents(actor: Actor, teamId: number, q: EventsQuery): Promise<TDashboardEvent[]> {
      const team = await teamOf(actor, teamId);
      assertMayReadOwnTeamEvents(actor, team.id);
      const timeZone = await repo.clubTimeZone(db, actor.clubId);
      const at = now();
      let rows: TDashboardEvent[];
      if (q.aVenir) {
        const limit = q.limite ?? DASHBOARD_UPCOMING_DEFAULT_LIMIT;
        rows = await repo.teamEventsFrom(
          db,
          actor.clubId,
          team.id,
          clubLocalDateTime(timeZone, at),
          limit,
        );
      } else {
        const day = q.date ?? clubToday(timeZone, at);
        const [from, to] = [`${day}T00:00:00`, `${nextDay(day)}T00:00:00`];
        rows = await repo.teamEventsBetween(db, actor.clubId, team.id, from, to);
      }
      // Every row concerns a team the actor may read or no team; the table says so once more.
      return rows.filter((e) => eventVisibleTo(actor, e));
    },

    /**
     * GET /api/dashboard/membres/{equipeId}: the team's members, as the team members page allows,
     * each as the reader may see it (no status for other families: authz/member-privacy.ts).
     */
    async teamMembers(actor: Actor, teamId: number): Promise<TDashboardMember[]> {
      const team = await teamOf(actor, teamId);
      assertMayReadOwnTeamsMembers(actor, team.id);
      const rows = await repo.teamMembers(db, actor.clubId, team.id);
      const reader = await memberReader(db, actor, now());
      return rows.map(({ dateNaissance, partageCoordonnees, ...card }) =>
        projectMember(
          reader,
          // Every member listed is in this team: a coach of it is a coach of theirs.
          {
            id: card.id,
            role: card.role,
            teamIds: [team.id],
            dateDeNaissance: dateNaissance,
            partageCoordonnees,
          },
          card,
        ),
      );
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
