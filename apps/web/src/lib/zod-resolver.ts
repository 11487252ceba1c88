import { get, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { userFieldMessage } from './form-errors.ts';

/** The schemas a form is checked against (the contract's, or derived from them). */
export type ZodFormSchema = z.ZodType<FieldValues, FieldValues>;

/** Rewrites every error message of a resolver's answer in the user's terms (userFieldMessage). */
function inUserTerms(errors: object, values: FieldValues, prefix = ''): void {
  for (const [key, error] of Object.entries(errors)) {
    if (key === 'ref' || key === 'types' || !error || typeof error !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const e = error as { message?: unknown };
    if (typeof e.message === 'string') e.message = userFieldMessage(e.message, get(values, path));
    inUserTerms(error as object, values, path);
  }
}

/** The zod schema as a react-hook-form resolver, its messages in the user's terms. */
export function zodUserResolver<S extends ZodFormSchema>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  const base = zodResolver(schema as never) as unknown as Resolver<
    z.input<S>,
    unknown,
    z.output<S>
  >;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    inUserTerms(result.errors, values);
    return result;
  };
}
