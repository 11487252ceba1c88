import { formatPhone } from '@club/contract';

/** '-' for an empty value (spec §2, team members page). */
export function dash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  const s = String(value).trim();
  return s === '' ? '-' : s;
}

/** A phone number as written in France ('06 12 34 56 78', '+33 6 12 34 56 78'), '-' when none. */
export function phone(value: string | null | undefined): string {
  return dash(formatPhone(value));
}

/** 'YYYY-MM-DD' → 'JJ/MM/AAAA' for reading; anything else is shown as is. */
export function frenchDate(value: string | null | undefined): string {
  if (!value) return '-';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/** Field errors of a zod safeParse, first message per top-level field. */
export function zodFieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return errors;
}
