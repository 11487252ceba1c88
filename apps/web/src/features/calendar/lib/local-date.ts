/*
 * Date-time picker values ↔ stored local date-times (spec §5: local, no zone). Kept apart from
 * `event-form.ts` (zod schemas) so the calendar grid does not load the form's code to convert a drop.
 */

/** 'YYYY-MM-DDThh:mm' of a date-time picker → 'YYYY-MM-DDThh:mm:ss' (spec §5: local, no zone). */
export function pickerToLocal(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00` : value;
}

/** A stored 'YYYY-MM-DDThh:mm:ss' (or a Date) → the picker's 'YYYY-MM-DDThh:mm'. */
export function localToPicker(value: string | Date): string {
  if (value instanceof Date) {
    const p = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${p(value.getMonth() + 1)}-${p(value.getDate())}T${p(value.getHours())}:${p(value.getMinutes())}`;
  }
  return value.slice(0, 16);
}

const PICKER = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Minutes since 1970 of a whole picker value read as a wall clock (no zone), or null. */
function wallMinutes(value: string): number | null {
  const m = PICKER.exec(value.slice(0, 16));
  if (!m || value.length > 19) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const t = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(t);
  // 31/02 or 25:00 are not dates: refused rather than rolled over.
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return t / 60_000;
}

/** Whether a picker value is a whole, real date and time. */
export const isWholeLocal = (value: string) => wallMinutes(value) !== null;

/**
 * The end that keeps an event's duration when its start moves from `from` to `to` (the event
 * form's end follows its start), as a picker value; null when there is no duration to keep (a
 * value not whole, or an end not after the start), so that the end is left as it is.
 */
export function endFollowingStart(from: string, end: string, to: string): string | null {
  const [a, b, c] = [wallMinutes(from), wallMinutes(end), wallMinutes(to)];
  if (a === null || b === null || c === null || b <= a) return null;
  const t = new Date((c + (b - a)) * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCFullYear()}-${p(t.getUTCMonth() + 1)}-${p(t.getUTCDate())}T${p(t.getUTCHours())}:${p(t.getUTCMinutes())}`;
}
