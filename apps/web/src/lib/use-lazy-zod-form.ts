import { useMemo } from 'react';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { useTimedForm } from './use-timed-form.ts';
import type { ZodFormOptions, ZodFormReturn } from './use-zod-form.ts';
import type { ZodFormSchema } from './zod-resolver.ts';

/**
 * A resolver that loads its schema (and zod with it) on the first check, then checks as
 * zodUserResolver does: same rules, same messages. For a form that shows with its screen, so that
 * the screen does not fetch zod before the first check (docs/decisions/0091-signed-in-javascript-budget.md).
 */
export function lazyZodResolver<S extends ZodFormSchema>(
  load: () => Promise<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  let ready: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    ready ??= Promise.all([load(), import('./zod-resolver.ts')]).then(([schema, m]) =>
      m.zodUserResolver(schema),
    );
    ready.catch(() => {
      ready = undefined;
    });
    return (await ready)(values, context, options);
  };
}

/**
 * useZodForm with a schema loaded on the first check (lazyZodResolver). `load` is called once per
 * form; give a module-level function.
 */
export function useLazyZodForm<S extends ZodFormSchema>(
  load: () => Promise<S>,
  options: ZodFormOptions<S> = {},
): ZodFormReturn<S> {
  const resolver = useMemo(() => lazyZodResolver(load), [load]);
  return useTimedForm(resolver, options);
}
