import { z } from 'zod';
import { SERVER_MESSAGES } from '../messages.ts';

/** Error body of every non-2xx API answer (docs/architecture.md §10). */
export const ZApiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type TApiError = z.infer<typeof ZApiErrorSchema>;

export const ZMessageSchema = z.object({ message: z.string() });

/** A person as an answer names them: a member, a child, a driver, an author. */
export const ZPersonRefSchema = z.object({ id: z.number(), nom: z.string(), prenom: z.string() });
export type TPersonRef = z.infer<typeof ZPersonRefSchema>;
/** A team as an answer names it. */
export const ZTeamRefSchema = z.object({ id: z.number(), nom: z.string() });
export type TTeamRef = z.infer<typeof ZTeamRefSchema>;
export const ZExistsSchema = z.object({ exists: z.boolean() });

/**
 * C0 control characters (NUL included) and DEL, except tab, line feed and carriage return: those
 * are ordinary in a multi-line text (a contact message) and harmless elsewhere (trimmed at the
 * ends; a mail header never takes a value unsanitised, see the contact feature's CR/LF test).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * THE string schema of every input (body, query string, path parameter): a string without control
 * characters. PostgreSQL refuses NUL (500 before this rule), and none of them has a place in a
 * name, an e-mail or a search. Trimmed by default; passwords pass `trim: false`. Build every input
 * string on it so that new fields get the rule: the server's fuzz test
 * (apps/server/src/test/control-chars.test.ts) walks every route's schema and fails on a string
 * input without it.
 */
export function safeString(options: { error?: string; trim?: boolean } = {}) {
  const { error, trim = true } = options;
  const checked = z
    .string(error ? { error } : undefined)
    .refine((v) => !CONTROL_CHARACTERS.test(v), {
      error: SERVER_MESSAGES.controlCharacters,
      abort: true,
    });
  return trim ? checked.trim() : checked;
}

/** A numeric id in a path or query. */
export const ZIdSchema = z.coerce.number({ error: SERVER_MESSAGES.invalidValue }).int().positive();
export const ZIdParamsSchema = z.object({ id: ZIdSchema });

/** Trimmed, required, bounded string with French messages. */
export function requiredText(
  max: number,
  min = 1,
  requiredMessage: string = SERVER_MESSAGES.required,
) {
  return safeString({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(min, SERVER_MESSAGES.tooShort(min))
    .max(max, SERVER_MESSAGES.tooLong(max));
}
export function optionalText(max: number) {
  return safeString()
    .max(max, SERVER_MESSAGES.tooLong(max))
    .nullish()
    .transform((v) => (v === '' || v == null ? null : v));
}

/** ISO date 'YYYY-MM-DD' (a longer date-time is cut to its first 10 characters, as the profile does). */
export const ZDateSchema = safeString({ error: SERVER_MESSAGES.invalidDate })
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

/**
 * Optional paging of growing lists (docs/architecture.md §10): without page/size the answer is a
 * plain array.
 */
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
