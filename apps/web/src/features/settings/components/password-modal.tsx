import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  SETTINGS_MESSAGES,
  ZChangePasswordFormSchema,
  type TChangePasswordForm,
} from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PasswordInput } from '../../../components/password/password-input.tsx';
import { HttpError } from '../../../lib/http.ts';
import { useChangePassword } from '../api/club.ts';

export interface PasswordModalProps {
  onClose: () => void;
  onChanged: () => void;
}

/**
 * The settings password modal (spec §2, §4, §5, §8): current password, new password and its
 * confirmation. Escape, a click on the backdrop and Annuler close it; its fields and errors live
 * in it, so closing resets them. The member's other sessions end on the server.
 */
export function PasswordModal({ onClose, onChanged }: PasswordModalProps) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TChangePasswordForm>({
    resolver: zodResolver(ZChangePasswordFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { currentPassword: '', newPassword: '', confirmation: '' },
  });

  const onSubmit = ({ currentPassword, newPassword }: TChangePasswordForm) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: onChanged,
        onError: (err) => {
          if (!(err instanceof HttpError)) return;
          for (const field of ['currentPassword', 'newPassword'] as const) {
            const message = err.fieldErrors[field];
            if (message) setError(field, { message });
          }
        },
      },
    );

  const failure =
    change.error instanceof HttpError && change.error.status === 429 && change.error.serverMessage
      ? change.error.serverMessage
      : SETTINGS_MESSAGES.passwordUpdateFailed;

  return (
    <Modal title="Changer le mot de passe" onClose={onClose}>
      <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate>
        <Field label="Mot de passe actuel" error={errors.currentPassword?.message}>
          <PasswordInput autoComplete="current-password" {...register('currentPassword')} />
        </Field>
        <Field
          label="Nouveau mot de passe"
          error={errors.newPassword?.message}
          hint="12 caractères au moins, avec une majuscule, une minuscule, un chiffre et un caractère spécial."
        >
          <PasswordInput autoComplete="new-password" {...register('newPassword')} />
        </Field>
        <Field label="Confirmation du nouveau mot de passe" error={errors.confirmation?.message}>
          <PasswordInput autoComplete="new-password" {...register('confirmation')} />
        </Field>
        {change.isError ? <Alert tone="error">{failure}</Alert> : null}
        <div className="actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Annuler
          </button>
          <button type="submit" className="btn" disabled={change.isPending}>
            {change.isPending ? 'Enregistrement...' : 'Enregistrer'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
