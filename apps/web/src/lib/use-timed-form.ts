import { useMemo } from 'react';
import {
  useForm,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormRegister,
  type UseFormReturn,
} from 'react-hook-form';

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

export type TimedFormOptions<I extends FieldValues, O> = Omit<
  UseFormProps<I, unknown, O>,
  'resolver' | 'mode' | 'reValidateMode'
> & { timing?: FormTiming };

/**
 * `useForm` with the given resolver and the error timing of the spec (useZodForm, useLazyZodForm).
 * No zod here: the resolver brings it.
 */
export function useTimedForm<I extends FieldValues, O>(
  resolver: Resolver<I, unknown, O>,
  { timing = 'spec', ...options }: TimedFormOptions<I, O> = {},
): UseFormReturn<I, unknown, O> {
  const form = useForm<I, unknown, O>({
    ...MODES[timing],
    ...options,
    resolver,
  });
  const { register: baseRegister, trigger, clearErrors, getFieldState } = form;
  const register = useMemo(() => {
    if (timing === 'live') return baseRegister;
    const wrapped: UseFormRegister<I> = (name, registerOptions) => {
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
