/**
 * The club's wall clock. Events are stored as club-local wall-clock times (`timestamp` without zone,
 * docs/architecture.md §5); "now" and "today" are therefore decided in the club's time zone, never
 * in the server's (the server may run in UTC while the club plays in Europe/Paris).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The club-local wall-clock time of `at`, as 'YYYY-MM-DDTHH:mm:ss' (comparable with stored dates). */
export function clubLocalDateTime(timeZone: string, at: Date = new Date()): string {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(at)) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The club-local calendar date of `at`, as 'YYYY-MM-DD'. */
export function clubToday(timeZone: string, at: Date = new Date()): string {
  return clubLocalDateTime(timeZone, at).slice(0, 10);
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}
