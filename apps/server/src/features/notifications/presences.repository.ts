import { and, eq, sql } from 'drizzle-orm';
import type { PresenceStatus } from '@club/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  clubs,
  eventPresences,
  eventTeams,
  events,
  members,
  teamMemberships,
  teams,
} from '../../db/schema.ts';

export interface TrainingRow {
  id: number;
  type: string;
  dateDebut: string;
  timezone: string;
  /** The event's teams; when it names none (every team), every team of the club. */
  teamIds: number[];
}

export interface TrainingPlayer {
  id: number;
  nom: string;
  prenom: string;
  statut: string;
  /** The player's teams among the training's. */
  teamIds: number[];
  /** One of those teams is 'présent par défaut'. */
  parDefaut: boolean;
  statutPresence: PresenceStatus | null;
  justification: string | null;
}

const asIds = (v: unknown): number[] =>
  (Array.isArray(v)
    ? v
    : String(v ?? '')
        .replace(/[{}]/g, '')
        .split(',')
  )
    .filter((x) => x !== '' && x !== null)
    .map(Number);

/** Queries of the training attendance; every one is filtered by the club id. */
export const presencesRepository = {
  async training(
    db: DbOrTx,
    clubId: number,
    eventId: number,
    lock = false,
  ): Promise<TrainingRow | undefined> {
    let query = db
      .select({
        id: events.id,
        type: events.type,
        dateDebut: events.dateDebut,
        timezone: clubs.timezone,
      })
      .from(events)
      .innerJoin(clubs, eq(clubs.id, events.clubId))
      .where(and(eq(events.clubId, clubId), eq(events.id, eventId)))
      .limit(1)
      .$dynamic();
    if (lock) query = query.for('update', { of: events });
    const [row] = await query;
    if (!row) return undefined;
    const own = await db
      .select({ id: eventTeams.teamId })
      .from(eventTeams)
      .where(and(eq(eventTeams.clubId, clubId), eq(eventTeams.eventId, eventId)));
    const teamIds = own.length
      ? own.map((t) => t.id)
      : (await db.select({ id: teams.id }).from(teams).where(eq(teams.clubId, clubId))).map(
          (t) => t.id,
        );
    return { ...row, dateDebut: row.dateDebut.replace(' ', 'T').slice(0, 19), teamIds };
  },

  /** The players of the training's teams (a JOUEUR membership) with their answer, by name. */
  async players(db: DbOrTx, clubId: number, training: TrainingRow): Promise<TrainingPlayer[]> {
    if (!training.teamIds.length) return [];
    const result = await db.execute(sql`
      select m.id, m.nom, m.prenom, m.statut,
             array_agg(distinct tm.team_id) as team_ids,
             bool_or(t.present_par_defaut) as par_defaut,
             ep.statut_presence, ep.justification
        from ${teamMemberships} tm
        join ${members} m on m.id = tm.member_id and m.club_id = tm.club_id
        join ${teams} t on t.id = tm.team_id and t.club_id = tm.club_id
        left join ${eventPresences} ep
          on ep.event_id = ${training.id} and ep.member_id = m.id and ep.club_id = ${clubId}
       where tm.club_id = ${clubId} and tm.role = 'JOUEUR'
         and tm.team_id in (${sql.join(
           training.teamIds.map((id) => sql`${id}`),
           sql`, `,
         )})
       group by m.id, m.nom, m.prenom, m.statut, ep.statut_presence, ep.justification
       order by m.nom, m.prenom, m.id`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    return rows.map((r) => ({
      id: Number(r.id),
      nom: String(r.nom),
      prenom: String(r.prenom),
      statut: String(r.statut),
      teamIds: asIds(r.team_ids),
      parDefaut: r.par_defaut === true,
      statutPresence: (r.statut_presence as PresenceStatus | null) ?? null,
      justification: (r.justification as string | null) ?? null,
    }));
  },

  async answer(
    db: DbOrTx,
    clubId: number,
    eventId: number,
    memberId: number,
    statutPresence: PresenceStatus | null,
    justification: string | null,
  ) {
    if (statutPresence === null) {
      await db
        .delete(eventPresences)
        .where(
          and(
            eq(eventPresences.clubId, clubId),
            eq(eventPresences.eventId, eventId),
            eq(eventPresences.memberId, memberId),
          ),
        );
      return;
    }
    await db
      .insert(eventPresences)
      .values({ clubId, eventId, memberId, statutPresence, justification })
      .onConflictDoUpdate({
        target: [eventPresences.eventId, eventPresences.memberId],
        set: { statutPresence, justification, answeredAt: sql`now()` },
      });
  },
};
