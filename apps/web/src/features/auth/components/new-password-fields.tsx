import { useId } from 'react';
import {
  PASSWORD_RESET_MESSAGES,
  firstPasswordRuleMessage,
  isStrongPassword,
} from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';
import { PasswordInput } from './password-input.tsx';
import { PasswordChecklist } from './password-checklist.tsx';

/** New password + confirmation with show/hide toggles, the live checklist and the spec's messages. */
export function NewPasswordFields({
  password,
  confirmation,
  onPassword,
  onConfirmation,
  disabled,
  label = 'Nouveau mot de passe',
}: {
  password: string;
  confirmation: string;
  onPassword: (v: string) => void;
  onConfirmation: (v: string) => void;
  disabled?: boolean;
  label?: string;
}) {
  const checklistId = useId();
  const ruleError = password ? firstPasswordRuleMessage(password) : null;
  const mismatch = confirmation !== '' && confirmation !== password;
  return (
    <>
      <Field
        label={label}
        error={ruleError}
        hint={<PasswordChecklist password={password} id={checklistId} />}
      >
        <PasswordInput
          name="newPassword"
          autoComplete="new-password"
          value={password}
          disabled={disabled}
          onChange={(e) => onPassword(e.target.value)}
        />
      </Field>
      <Field label="Confirmation" error={mismatch ? PASSWORD_RESET_MESSAGES.mismatch : null}>
        <PasswordInput
          name="confirmation"
          autoComplete="new-password"
          value={confirmation}
          disabled={disabled}
          onChange={(e) => onConfirmation(e.target.value)}
        />
      </Field>
    </>
  );
}

export const newPasswordReady = (password: string, confirmation: string) =>
  isStrongPassword(password) && confirmation === password;
