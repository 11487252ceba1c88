import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { clubNow } from './matches.clock.ts';
import { matchesRepository as repo } from './matches.repository.ts';

/** The two sides of a match: the base team, and the opponent (a team of the club, or a name). */
export interface MatchSides {
  homeTeamId: number;
  awayTeamId: number | null;
  opponentName: string | null;
  /** Whether the base team plays at home (default true). */
  domicile?: boolean;
}

/**
 * Matches come from MATCH events (docs/architecture.md §5): the events feature calls these inside
 * its write transaction. Creating a match convokes the base team's players.
 */
export const matchSync = {
  /**
   * Creates or updates the match of a MATCH event. With `clock`, a match moved to another team
   * before it starts withdraws the former team's answered convocations too (decision 0107).
   */
  async upsertForEvent(
    tx: DbOrTx,
    clubId: number,
    eventId: number,
    sides: MatchSides,
    clock?: Clock,
  ): Promise<{
    matchId: number;
    created: boolean;
    newlyConvoked: number[];
    /** Players whose convocation was withdrawn (a new base team; decision 0107). */
    withdrawn: number[];
  }> {
    const current = await repo.findByEvent(tx, clubId, eventId);
    if (current) {
      let newlyConvoked: number[] = [];
      let withdrawn: number[] = [];
      const changed =
        current.homeTeamId !== sides.homeTeamId ||
        current.awayTeamId !== sides.awayTeamId ||
        current.opponentName !== sides.opponentName ||
        current.domicile !== (sides.domicile ?? true);
      // Unchanged sides keep the match's version (a score being typed is not made stale).
      if (changed)
        await repo.updateSides(tx, clubId, current.id, {
          ...sides,
          domicile: sides.domicile ?? true,
        });
      if (current.homeTeamId !== sides.homeTeamId) {
        // A new base team: its players are convoked, the former team's rows withdrawn (answered
        // ones too while the match has not started, when the clock is known).
        const now = clock ? clubNow(await repo.clubTimezone(tx, clubId), clock) : null;
        withdrawn = await repo.withdrawOutsideTeam(tx, clubId, current.id, sides.homeTeamId, now);
        newlyConvoked = await repo.convokeTeamPlayers(tx, clubId, current.id, sides.homeTeamId);
      }
      return { matchId: current.id, created: false, newlyConvoked, withdrawn };
    }
    const match = await repo.insert(tx, { clubId, eventId, ...sides });
    const newlyConvoked = await repo.convokeTeamPlayers(tx, clubId, match.id, sides.homeTeamId);
    return { matchId: match.id, created: true, newlyConvoked, withdrawn: [] };
  },

  /** An event that is no longer a MATCH loses its match and convocations (deleting the event does it too). */
  async removeForEvent(tx: DbOrTx, clubId: number, eventId: number): Promise<void> {
    await repo.deleteByEvent(tx, clubId, eventId);
  },

  /**
   * A member's teams or role changed (members feature, inside its write transaction): a JOUEUR who
   * joined a team is convoked to its upcoming matches; unanswered convocations to upcoming matches
   * of a team they left are withdrawn (`removedMatchIds`: the caller tells the player, decision
   * 0107). Past and answered convocations stay.
   */
  async syncMemberConvocations(
    tx: DbOrTx,
    clubId: number,
    memberId: number,
    clock: Clock,
  ): Promise<{
    added: number;
    addedMatchIds: number[];
    removed: number;
    removedMatchIds: number[];
  }> {
    const nowLocal = clubNow(await repo.clubTimezone(tx, clubId), clock);
    return repo.syncMemberUpcoming(tx, clubId, memberId, nowLocal);
  },

  /**
   * The same for many members at once (a members import): two statements whatever their number.
   * Returns, per match, the members newly convoked to it and those withdrawn from it.
   */
  async syncMembersConvocations(
    tx: DbOrTx,
    clubId: number,
    memberIds: readonly number[],
    clock: Clock,
  ): Promise<{
    addedByMatch: Map<number, number[]>;
    removed: number;
    removedByMatch: Map<number, number[]>;
  }> {
    if (!memberIds.length)
      return { addedByMatch: new Map(), removed: 0, removedByMatch: new Map() };
    const nowLocal = clubNow(await repo.clubTimezone(tx, clubId), clock);
    return repo.syncMembersUpcoming(tx, clubId, memberIds, nowLocal);
  },
};
