import { useMemo } from 'react';
import {
  get,
  useForm,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormRegister,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { userFieldMessage } from './form-errors.ts';

/**
 * When a form shows its errors:
 * - 'spec' (spec §5 "Validation runs on blur, and on change once an error is shown"): a field is
 *   checked when it loses the focus; while it shows an error it is re-checked on every change; a
 *   field without an error is not checked while typing; submit checks every field.
 * - 'live': every change is checked (the password pages: rule messages and mismatch as you type).
 * - 'submit' (spec §5 contact form): errors appear on submit; a field's error clears when the field
 *   is edited, without re-checking it.
 *
 * react-hook-form has no mode for 'spec' ('onTouched' also checks a valid field on every change
 * once it was left): 'onBlur' plus a re-check on change when the field shows an error does it.
 */
export type FormTiming = 'spec' | 'live' | 'submit';

const MODES: Record<FormTiming, Pick<UseFormProps, 'mode' | 'reValidateMode'>> = {
  spec: { mode: 'onBlur', reValidateMode: 'onBlur' },
  live: { mode: 'onChange', reValidateMode: 'onChange' },
  submit: { mode: 'onSubmit', reValidateMode: 'onSubmit' },
};

export type ZodFormSchema = z.ZodType<FieldValues, FieldValues>;
export type ZodFormReturn<S extends ZodFormSchema> = UseFormReturn<
  z.input<S>,
  unknown,
  z.output<S>
>;
export type ZodFormOptions<S extends ZodFormSchema> = Omit<
  UseFormProps<z.input<S>, unknown, z.output<S>>,
  'resolver' | 'mode' | 'reValidateMode'
> & { timing?: FormTiming };

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

/**
 * `useForm` with the zod schema as resolver (the contract's schemas, or schemas derived from them)
 * and the error timing of the spec. `handleSubmit` hands over the schema's output (trimmed, cut,
 * lower-cased as the contract says).
 */
export function useZodForm<S extends ZodFormSchema>(
  schema: S,
  { timing = 'spec', ...options }: ZodFormOptions<S> = {},
): ZodFormReturn<S> {
  const resolver = useMemo(() => zodUserResolver(schema), [schema]);
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    ...MODES[timing],
    ...options,
    resolver,
  });
  const { register: baseRegister, trigger, clearErrors, getFieldState } = form;
  const register = useMemo(() => {
    if (timing === 'live') return baseRegister;
    const wrapped: UseFormRegister<z.input<S>> = (name, registerOptions) => {
      const field = baseRegister(name, registerOptions);
      return {
        ...field,
        onChange: async (event) => {
          const result = await field.onChange(event);
          if (!getFieldState(name).error) return result;
          if (timing === 'spec') await trigger(name);
          else clearErrors(name);
          return result;
        },
      };
    };
    return wrapped;
  }, [timing, baseRegister, trigger, clearErrors, getFieldState]);
  return { ...form, register };
}
