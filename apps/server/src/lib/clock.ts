/**
 * The instant the server calls "now" where a rule depends on it (match statuses, upcoming matches,
 * reminders, quiet hours, attendance marking). Passed in by `buildApp` (the system clock unless a
 * test stands somewhere else in time) and handed to the services that need it: no global to mutate.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test moves by hand; `set(undefined)` goes back to the system time. */
export function manualClock(start?: Date | string): Clock & { set(at?: Date | string): void } {
  let at: Date | undefined = start === undefined ? undefined : new Date(start);
  return {
    now: () => (at ? new Date(at) : new Date()),
    set(next) {
      at = next === undefined ? undefined : new Date(next);
    },
  };
}
