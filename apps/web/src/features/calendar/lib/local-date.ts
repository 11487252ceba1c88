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
