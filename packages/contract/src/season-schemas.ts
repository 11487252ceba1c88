import { z } from 'zod';
import { safeString } from './schemas/common.ts';
import { SEASON_MESSAGES, parseAgeCategory } from './season.ts';

/**
 * The schemas of the season's values (season.ts), apart so that season.ts and the screens using
 * its rules run without zod (docs/decisions/0091-signed-in-javascript-budget.md).
 */

export const ZSeasonStartMonthSchema = z
  .number({ error: SEASON_MESSAGES.monthInvalid })
  .int(SEASON_MESSAGES.monthInvalid)
  .min(1, SEASON_MESSAGES.monthInvalid)
  .max(12, SEASON_MESSAGES.monthInvalid);

/** `?categorie=` of the members lists: one of AGE_CATEGORIES, in any case or accent. */
export const ZAgeCategoryFilterSchema = safeString()
  .max(20, SEASON_MESSAGES.categoryInvalid)
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return undefined;
    const c = parseAgeCategory(v);
    if (!c) {
      ctx.addIssue({ code: 'custom', message: SEASON_MESSAGES.categoryInvalid });
      return z.NEVER;
    }
    return c;
  });
