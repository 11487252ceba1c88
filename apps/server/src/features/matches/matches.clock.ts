import { clubLocalDateTime } from '../../lib/club-time.ts';

/**
 * The instant the matches feature calls "now" (statuses, upcoming matches). One indirection so that
 * the tests can stand at a match's start or end; the production value is the system clock.
 */
export const matchClock = {
  now: (): Date => new Date(),
};

/** The club's wall-clock time now, comparable with the events' stored local times. */
export function clubNow(timeZone: string): string {
  return clubLocalDateTime(timeZone, matchClock.now());
}
