import { eq } from 'drizzle-orm';
import { DEFAULT_SEASON_START_MONTH } from '@club/contract';
import { clubToday } from '../lib/club-time.ts';
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

/** What the age categories need (contract season.ts): the club's date today and its season's month. */
export interface ClubSeasonContext {
  /** 'YYYY-MM-DD' in the club's time zone. */
  today: string;
  startMonth: number;
}

export async function clubSeasonContext(
  db: DbOrTx,
  clubId: number,
  at: Date = new Date(),
): Promise<ClubSeasonContext> {
  const [row] = await db
    .select({ timezone: clubs.timezone, startMonth: clubs.seasonStartMonth })
    .from(clubs)
    .where(eq(clubs.id, clubId))
    .limit(1);
  return {
    today: clubToday(row?.timezone ?? 'Europe/Paris', at),
    startMonth: row?.startMonth ?? DEFAULT_SEASON_START_MONTH,
  };
}
