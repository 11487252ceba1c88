import {
  DASHBOARD_UPCOMING_DEFAULT_LIMIT,
  EVENT_PERMISSIONS,
  MEMBER_PERMISSIONS,
  eventVisibleTo,
  type TDashboardEvent,
  type TDashboardMember,
  type ZDashboardEventsQuerySchema,
} from '@club/contract';
import type { z } from 'zod';
import { found, memberReader, policy, projectMember, type Actor } from '../../authz/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { clubLocalDateTime, clubToday } from '../../lib/club-time.ts';
import { dashboardRepository as repo } from './dashboard.repository.ts';

type EventsQuery = z.output<typeof ZDashboardEventsQuerySchema>;

/** The dashboards read the calendar's rule and the team members page's rule: no table of their own. */
const eventsPolicy = policy(EVENT_PERMISSIONS);
const membersPolicy = policy(MEMBER_PERMISSIONS);

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
     * GET /api/dashboard/evenements/{equipeId}: the team's events of one day (the club's today
     * unless `date` says otherwise), or its upcoming ones (`aVenir`). Events of the team and events
     * with no team; 403 unless the actor may read that team's events.
     */
    async teamEvents(actor: Actor, teamId: number, q: EventsQuery): Promise<TDashboardEvent[]> {
      const team = await teamOf(actor, teamId);
      eventsPolicy.assert(actor, 'read', { teamIds: [team.id] });
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
      membersPolicy.assert(actor, 'readTeam', { teamIds: [team.id] });
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
