import { z } from 'zod';
import { ZCalendarSubscriptionSchema, type TCalendarSubscription } from '@club/contract';

/** The form's values ('' = all my teams) piped into the request body of the contract. */
export const ZCalendarFeedFormSchema = z
  .object({ equipeId: z.string(), matchesSeulement: z.boolean() })
  .transform(({ equipeId, matchesSeulement }): TCalendarSubscription => ({
    ...(equipeId ? { equipeId: Number(equipeId) } : {}),
    matchesSeulement,
  }))
  .pipe(ZCalendarSubscriptionSchema);
