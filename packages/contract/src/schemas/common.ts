import { z } from 'zod';
import { SERVER_MESSAGES } from '../messages.ts';

/** Error body of every non-2xx API answer (ARCHITECTURE §7). */
export const ZApiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type TApiError = z.infer<typeof ZApiErrorSchema>;

export const ZMessageSchema = z.object({ message: z.string() });
export const ZExistsSchema = z.object({ exists: z.boolean() });

/** A numeric id in a path or query. */
export const ZIdSchema = z.coerce.number({ error: SERVER_MESSAGES.invalidValue }).int().positive();
export const ZIdParamsSchema = z.object({ id: ZIdSchema });

/** Trimmed, required, bounded string with French messages. */
export function requiredText(
  max: number,
  min = 1,
  requiredMessage: string = SERVER_MESSAGES.required,
) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .min(min, SERVER_MESSAGES.tooShort(min))
    .max(max, SERVER_MESSAGES.tooLong(max));
}
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, SERVER_MESSAGES.tooLong(max))
    .nullish()
    .transform((v) => (v === '' || v == null ? null : v));
}

/** ISO date 'YYYY-MM-DD' (a longer date-time is cut to its first 10 characters, as the profile does). */
export const ZDateSchema = z
  .string({ error: SERVER_MESSAGES.invalidDate })
  .trim()
  .transform((v) => v.slice(0, 10))
  .refine(
    (v) =>
      /^\d{4}-\d{2}-\d{2}$/.test(v) &&
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      error: SERVER_MESSAGES.invalidDate,
    },
  );

/** The simple address pattern of spec §5: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

/** Optional paging of growing lists (ARCHITECTURE §7): without page/size the answer is a plain array. */
export const ZPagingQuerySchema = z.object({
  page: z.coerce.number().int().min(0).optional(),
  size: z.coerce.number().int().min(1).max(500).optional(),
});
export type TPage<T> = {
  content: T[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
};
