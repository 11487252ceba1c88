import { useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import {
  EVENT_FIELD_MESSAGES,
  FIELD_MESSAGES,
  MEMBER_FIELD_MESSAGES,
  SERVER_MESSAGES,
} from '@club/contract';
import { HttpError } from './http.ts';

/** Messages that, on an empty field, mean only "this field is required" (an empty select). */
const EMPTY_MEANS_REQUIRED = new Set<string>([
  SERVER_MESSAGES.required,
  SERVER_MESSAGES.invalidValue,
  SERVER_MESSAGES.invalidDate,
  MEMBER_FIELD_MESSAGES.genreInvalid,
  MEMBER_FIELD_MESSAGES.roleInvalid,
  MEMBER_FIELD_MESSAGES.statutInvalid,
  EVENT_FIELD_MESSAGES.typeInvalid,
  EVENT_FIELD_MESSAGES.dateTimeInvalid,
]);

const isEmpty = (value: unknown) =>
  value == null || (typeof value === 'string' && value.trim() === '');

/**
 * A field error in the user's terms (docs/decisions/0086-glossary-and-field-messages.md): the
 * contract's schemas answer API clients ('Date invalide (format attendu : AAAA-MM-JJ).', 'Genre
 * invalide.'); the screens show a date as jj/mm/aaaa, a time as 24 h hh:mm, and an empty select
 * as a missing answer. `value` is the field's value when known (a form's own check); a server
 * answer maps without it.
 */
export function userFieldMessage(message: string, value?: unknown): string {
  if (message === SERVER_MESSAGES.required) return FIELD_MESSAGES.required;
  if (value !== undefined && isEmpty(value) && EMPTY_MEANS_REQUIRED.has(message))
    return FIELD_MESSAGES.required;
  if (message === SERVER_MESSAGES.invalidDate) return FIELD_MESSAGES.dateInvalid;
  if (message === EVENT_FIELD_MESSAGES.dateTimeInvalid) {
    // The pickers join 'aaaa-mm-jj' and 'hh:mm' with a T: a whole date with a bad time is the time's fault.
    const [date = '', time = ''] = typeof value === 'string' ? value.split('T') : [];
    if (/^\d{4}-\d{2}-\d{2}$/.test(date) && !/^\d{2}:\d{2}(:\d{2})?$/.test(time))
      return FIELD_MESSAGES.timeInvalid;
    return FIELD_MESSAGES.dateTimeInvalid;
  }
  return message;
}

/**
 * The one mapping from an API error answer to a form (docs/architecture.md §10: every non-2xx
 * answer is
 * `{ message, errors? }`, `errors` keyed by field, dotted for nested paths such as `equipesIds.0`).
 * Field errors of fields the form shows go under those fields (react-hook-form `setError`, type
 * 'server'); the answer's `message` (or a fallback) is the form-level message.
 */

/** The parts of an error answer; `status` 0 means no answer at all (network, timeout). */
export interface ApiErrorParts {
  status: number;
  /** The server's French `message`, when it sent one. */
  message: string | null;
  fields: Record<string, string>;
}

/** Reads an error thrown by lib/http.ts; null for anything else (a bug, an abort). */
export function readApiError(err: unknown): ApiErrorParts | null {
  if (!(err instanceof HttpError)) return null;
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(err.fieldErrors))
    if (typeof value === 'string' && value) fields[key] = value;
  return { status: err.status, message: err.serverMessage ?? null, fields };
}

export interface ApiFieldMapping<T extends FieldValues> {
  /** The fields the form shows; errors on other keys are left to the form-level message. */
  fields: readonly Path<T>[];
  /** Server key → form field, e.g. `{ categorie: 'category' }`. */
  aliases?: Readonly<Record<string, Path<T>>>;
}

/**
 * Splits server field errors into the form's fields and the rest. A dotted key (`equipesIds.0`)
 * falls back to its first segment; the first message per field wins.
 */
export function mapFieldErrors<T extends FieldValues>(
  errors: Readonly<Record<string, string>>,
  { fields, aliases = {} }: ApiFieldMapping<T>,
): { byField: Partial<Record<Path<T>, string>>; unmatched: string[] } {
  const known = new Set<string>(fields);
  const byField: Partial<Record<Path<T>, string>> = {};
  const unmatched: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    const field = [key, key.split('.')[0]!]
      .map((k) => aliases[k] ?? (known.has(k) ? (k as Path<T>) : undefined))
      .find((f) => f !== undefined);
    if (field === undefined) unmatched.push(message);
    else byField[field] ??= message;
  }
  return { byField, unmatched };
}

/** Puts field errors under their fields; the first one gets the focus when `focus` is set. */
export function setFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  byField: Partial<Record<Path<T>, string>>,
  focus = false,
): void {
  let first = focus;
  for (const [name, message] of Object.entries(byField) as [Path<T>, string | undefined][]) {
    if (!message) continue;
    setError(name, { type: 'server', message: userFieldMessage(message) }, { shouldFocus: first });
    first = false;
  }
}

export interface ApplyApiErrorOptions<T extends FieldValues> extends ApiFieldMapping<T> {
  /**
   * The form-level message when the answer has no `message` (or there was no answer): a text, or a
   * function of the parts (null when the error is not an HTTP error at all).
   */
  fallback: string | ((parts: ApiErrorParts | null) => string);
  /** Focus the first field in error (default true). */
  focus?: boolean;
}

/**
 * Applies an API error to a react-hook-form form: field errors via `setError`, and returns the
 * form-level message (also set as the `root.server` error: `formState.errors.root?.server`).
 */
export function applyApiError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  err: unknown,
  { fallback, focus = true, ...mapping }: ApplyApiErrorOptions<T>,
): string {
  const parts = readApiError(err);
  if (parts) setFieldErrors(setError, mapFieldErrors(parts.fields, mapping).byField, focus);
  const message = parts?.message ?? (typeof fallback === 'function' ? fallback(parts) : fallback);
  setError('root.server', { type: String(parts?.status ?? 'error'), message });
  return message;
}

/**
 * For a form whose request runs in its parent (the parent passes the failed mutation's field
 * errors): sets them on the form each time a new set arrives. Keys the form does not show are
 * ignored here; the parent shows the form-level message.
 */
export function useApiFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  errors: Readonly<Record<string, string>> | undefined,
  mapping: ApiFieldMapping<T>,
): void {
  // By content: a parent re-rendering with an equal set (HttpError.fieldErrors builds a new
  // object on each read) must not bring back errors the user has since cleared.
  const key = errors && Object.keys(errors).length ? JSON.stringify(errors) : '';
  const latest = useRef({ errors, mapping });
  latest.current = { errors, mapping };
  useEffect(() => {
    const { errors: current, mapping: m } = latest.current;
    if (!key || !current) return;
    setFieldErrors(setError, mapFieldErrors(current, m).byField, true);
  }, [key, setError]);
}
