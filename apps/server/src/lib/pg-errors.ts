/** PostgreSQL errors as the services and the error handler read them (drizzle wraps driver errors). */

/** Walks an error's causes to find a PostgreSQL SQLSTATE. */
export function sqlState(error: unknown): string | undefined {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a unique violation (23505) names ('' when unnamed), or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

export const isUniqueViolation = (error: unknown): boolean => uniqueViolation(error) !== null;
