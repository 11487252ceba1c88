import { z } from 'zod';
import { SERVER_MESSAGES } from './messages.ts';
import { safeString, ZTeamRefSchema } from './schemas/common.ts';

/**
 * Personal calendar feeds (decision 0023, docs/architecture.md §10): POST
 * /api/calendrier/abonnement gives a secret iCalendar URL; GET on it (no cookie) answers the
 * member's events as text/calendar.
 */

/** The subscription's filters: one team (otherwise all the member's teams), matches only. */
export const ZCalendarSubscriptionSchema = z
  .object({
    equipeId: z
      .number({ error: SERVER_MESSAGES.invalidValue })
      .int(SERVER_MESSAGES.invalidValue)
      .positive(SERVER_MESSAGES.invalidValue)
      .optional(),
    matchesSeulement: z.boolean({ error: SERVER_MESSAGES.invalidValue }).optional(),
  })
  .strict();
export type TCalendarSubscription = z.input<typeof ZCalendarSubscriptionSchema>;

export const ZCalendarSubscriptionAnswerSchema = z.object({ url: z.string() });
export type TCalendarSubscriptionAnswer = z.infer<typeof ZCalendarSubscriptionAnswerSchema>;

/**
 * GET /api/calendrier/abonnement — the member's live feed, if any: when it was created and its
 * filters. Never its address: only the token's hash is stored (decision 0023), so the address is
 * shown once, right after it is created (decision 0088).
 */
export const ZCalendarSubscriptionStateSchema = z.object({
  abonnement: z
    .object({
      /** ISO 8601 instant of the feed's creation. */
      creeLe: z.string(),
      /** The team filter; null = all the member's teams. */
      equipe: ZTeamRefSchema.nullable(),
      matchesSeulement: z.boolean(),
    })
    .nullable(),
});
export type TCalendarSubscriptionState = z.infer<typeof ZCalendarSubscriptionStateSchema>;

/** The feed's file name: the 32-byte token in base64url (43 characters) and `.ics`. */
export const CALENDAR_FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

export const ZCalendarFeedParamsSchema = z.object({
  fichier: safeString({ error: SERVER_MESSAGES.invalidValue }),
});

export const CALENDAR_FEED_MESSAGES = {
  revoked: 'Le lien de votre calendrier a été révoqué.',
  feedName: 'Calendrier',
} as const;
