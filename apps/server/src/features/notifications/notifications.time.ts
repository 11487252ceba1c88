import { shiftLocalDateTime } from '@club/contract';
import { clubLocalDateTime } from '../../lib/club-time.ts';

/**
 * Club wall clock ↔ instants for the notification schedule. Events are stored as club-local
 * wall-clock times; a job needs an instant (pg-boss's startAfter).
 */

/** The zone's offset (ms, local − UTC) at `at`. */
function offsetAt(timeZone: string, at: Date): number {
  const local = clubLocalDateTime(timeZone, at);
  return Date.parse(`${local}Z`) - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant a club wall-clock time 'YYYY-MM-DDTHH:mm:ss' stands for. In the hour skipped when
 * clocks go forward, the instant just after; in the repeated hour, the first one.
 */
export function instantOf(timeZone: string, local: string): Date {
  const asUtc = Date.parse(`${local.slice(0, 19)}Z`);
  let guess = asUtc - offsetAt(timeZone, new Date(asUtc));
  guess = asUtc - offsetAt(timeZone, new Date(guess));
  const earlier = asUtc - offsetAt(timeZone, new Date(guess - 3_600_000));
  if (clubLocalDateTime(timeZone, new Date(earlier)) === local.slice(0, 19))
    return new Date(Math.min(earlier, guess));
  return new Date(guess);
}

export interface QuietHours {
  start: string; // 'HH:mm'
  end: string; // 'HH:mm'
}

/** '22:00-07:00' → {start, end}; '' → null (no quiet hours). */
export function parseQuietHours(value: string): QuietHours | null {
  const m = /^(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(value.trim());
  if (!m || m[1] === m[2]) return null;
  return { start: m[1]!, end: m[2]! };
}

/**
 * `at` itself, or — when it falls within the quiet hours of the club's time zone — the end of
 * those quiet hours (the next morning, club time). The window may span midnight.
 */
export function afterQuietHours(at: Date, timeZone: string, quiet: QuietHours | null): Date {
  if (!quiet) return at;
  const local = clubLocalDateTime(timeZone, at);
  const hm = local.slice(11, 16);
  const spansMidnight = quiet.start > quiet.end;
  const inside = spansMidnight
    ? hm >= quiet.start || hm < quiet.end
    : hm >= quiet.start && hm < quiet.end;
  if (!inside) return at;
  const day = local.slice(0, 10);
  const endToday = `${day}T${quiet.end}:00`;
  const endLocal = hm < quiet.end ? endToday : shiftLocalDateTime(endToday, 24);
  return instantOf(timeZone, endLocal);
}
