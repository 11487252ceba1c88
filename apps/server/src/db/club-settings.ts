import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { clubs } from './schema.ts';

/** The club's time zone (IANA name), the schema's default when the club is not found. */
export async function clubTimeZone(db: DbOrTx, clubId: number): Promise<string> {
  const [row] = await db
    .select({ timezone: clubs.timezone })
    .from(clubs)
    .where(eq(clubs.id, clubId))
    .limit(1);
  return row?.timezone ?? 'Europe/Paris';
}
