import { z } from 'zod';
import { SERVER_MESSAGES } from './messages.ts';
import { safeString } from './schemas/common.ts';

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

/** The feed's file name: the 32-byte token in base64url (43 characters) and `.ics`. */
export const CALENDAR_FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

export const ZCalendarFeedParamsSchema = z.object({
  fichier: safeString({ error: SERVER_MESSAGES.invalidValue }),
});

export const CALENDAR_FEED_MESSAGES = {
  revoked: 'Le lien de votre calendrier a été révoqué.',
  feedName: 'Calendrier',
} as const;
