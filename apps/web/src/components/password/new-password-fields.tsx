import { useId } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  PASSWORD_RESET_MESSAGES,
  ZNewPasswordSchema,
  firstPasswordRuleMessage,
  isStrongPassword,
} from '@club/contract';
import { Field } from '../ui/field.tsx';
import { PasswordInput } from './password-input.tsx';
import { PasswordChecklist } from './password-checklist.tsx';

/** The two fields every "choose a password" form has. */
export type NewPasswordValues = { newPassword: string; confirmation: string };

/**
 * The reset page's new password (spec §5): the first failing rule's message in the spec's checking
 * order, then the contract's own schema (its 128-character cap).
 */
export const ZResetPagePasswordSchema = z
  .string()
  .superRefine((password, ctx) => {
    const message = firstPasswordRuleMessage(password);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .pipe(ZNewPasswordSchema);

/**
 * A form schema with `newPassword` and its `confirmation` (plus the given fields). `rule` and
 * `mismatch` default to the reset page's messages; the settings modal passes its own.
 */
export function newPasswordFormSchema<Shape extends z.ZodRawShape>(
  shape: Shape,
  {
    rule = ZResetPagePasswordSchema,
    mismatch = PASSWORD_RESET_MESSAGES.mismatch,
  }: { rule?: z.ZodType<string, string>; mismatch?: string } = {},
) {
  return z.object({ ...shape, newPassword: rule, confirmation: z.string() }).refine(
    (v) => {
      const { newPassword, confirmation } = v as NewPasswordValues;
      return confirmation === newPassword;
    },
    { path: ['confirmation'], error: mismatch },
  );
}

/** The spec's submit rule of the password pages: all five rules pass and the confirmation matches. */
export const newPasswordReady = (password: string, confirmation: string) =>
  isStrongPassword(password) && confirmation === password;

/**
 * New password + confirmation with show/hide toggles and the live checklist, for a react-hook-form
 * form that has `newPassword` and `confirmation`. Both are checked as they are typed (the rule
 * message and the mismatch show live); an empty field shows no message until submit.
 */
export function NewPasswordFields<T extends FieldValues & NewPasswordValues, O>({
  form,
  disabled,
  label = 'Nouveau mot de passe',
}: {
  form: UseFormReturn<T, unknown, O>;
  disabled?: boolean;
  label?: string;
}) {
  const f = form as unknown as UseFormReturn<NewPasswordValues>;
  const checklistId = useId();
  const password = f.watch('newPassword') ?? '';
  const { errors } = f.formState;
  const check = (name: keyof NewPasswordValues) => {
    if (f.getValues(name)) void f.trigger(name);
    else f.clearErrors(name);
  };
  return (
    <>
      <Field
        label={label}
        error={errors.newPassword?.message}
        hint={<PasswordChecklist password={password} id={checklistId} />}
      >
        <PasswordInput
          autoComplete="new-password"
          disabled={disabled}
          {...f.register('newPassword', {
            onChange: () => {
              check('newPassword');
              check('confirmation');
            },
          })}
        />
      </Field>
      <Field label="Confirmation" error={errors.confirmation?.message}>
        <PasswordInput
          autoComplete="new-password"
          disabled={disabled}
          {...f.register('confirmation', { onChange: () => check('confirmation') })}
        />
      </Field>
    </>
  );
}
