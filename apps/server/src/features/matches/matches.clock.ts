import type { Clock } from '../../lib/clock.ts';
import { clubLocalDateTime } from '../../lib/club-time.ts';

/** The club's wall-clock time now, comparable with the events' stored local times. */
export function clubNow(timeZone: string, clock: Clock): string {
  return clubLocalDateTime(timeZone, clock.now());
}
