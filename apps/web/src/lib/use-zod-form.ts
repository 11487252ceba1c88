import { useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useTimedForm, type TimedFormOptions } from './use-timed-form.ts';
import { zodUserResolver, type ZodFormSchema } from './zod-resolver.ts';

export type { FormTiming } from './use-timed-form.ts';
export { zodUserResolver, type ZodFormSchema } from './zod-resolver.ts';

export type ZodFormReturn<S extends ZodFormSchema> = UseFormReturn<
  z.input<S>,
  unknown,
  z.output<S>
>;
export type ZodFormOptions<S extends ZodFormSchema> = TimedFormOptions<z.input<S>, z.output<S>>;

/**
 * `useForm` with the zod schema as resolver (the contract's schemas, or schemas derived from them)
 * and the error timing of the spec (use-timed-form.ts). `handleSubmit` hands over the schema's
 * output (trimmed, cut, lower-cased as the contract says).
 */
export function useZodForm<S extends ZodFormSchema>(
  schema: S,
  options: ZodFormOptions<S> = {},
): ZodFormReturn<S> {
  const resolver = useMemo(() => zodUserResolver(schema), [schema]);
  return useTimedForm(resolver, options);
}
