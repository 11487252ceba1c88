import { useId, type FormEvent } from 'react';
import type { z } from 'zod';
import {
  ACTION_LABELS,
  holdsClubRole,
  GENRE_OPTIONS,
  PRIVACY_MESSAGES,
  PROFILE_FIELDS,
  isMinor,
  normalizeRole,
  roleLabel,
  type TMember,
  type TMemberUpdate,
} from '@club/contract';
import { Controller } from 'react-hook-form';
import { Field } from '../../../components/ui/field.tsx';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { useApiFieldErrors } from '../../../lib/form-errors.ts';
import { useLazyZodForm } from '../../../lib/use-lazy-zod-form.ts';
import type { ZProfileFormSchema } from './profile-form-schema.ts';
import { useOnEdit } from '../../../lib/use-on-edit.ts';
import { editParty } from '../../../lib/member-teams.ts';
import '../profile.css';

/** Birth date cut to its first 10 characters, YYYY-MM-DD (spec §5). */
export const cutDate = (value: string | null | undefined) => (value ?? '').slice(0, 10);

// The form's schema (and zod) loads on the first check (docs/decisions/0091-signed-in-javascript-budget.md).
const loadSchema = () => import('./profile-form-schema.ts').then((m) => m.ZProfileFormSchema);
// The birth date is not sent when the member may not change it: the same form type.
const loadFixedBirthSchema: typeof loadSchema = () =>
  import('./profile-form-schema.ts').then(
    (m) => m.ZProfileFormFixedBirthSchema as unknown as typeof m.ZProfileFormSchema,
  );

/** Today on this device, 'YYYY-MM-DD' (the server decides on the club's calendar). */
function localToday(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

export interface ProfileFormProps {
  member: TMember;
  submitting: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (body: TMemberUpdate) => void;
  onCancel: () => void;
  /** A value changed or a new submit starts: the page drops the last save's message. */
  onEdit?: () => void;
}

/**
 * 'Mon Profil' (spec §2, §5): nom, prenom, dateDeNaissance, email required; phone optional; gender
 * Homme, Femme, Autre; the role shown read-only. Only these six fields are sent. Errors show on
 * submit and clear when the field is edited.
 */
export function ProfileForm({
  member,
  submitting,
  serverErrors,
  onSubmit,
  onCancel,
  onEdit,
}: ProfileFormProps) {
  // Whether the member is a minor is the club's to decide (decision 0103): a minor without a club
  // role — or a member the club holds no birth date for — reads their birth date, not edits it.
  const heldBirthDate = cutDate(member.dateDeNaissance);
  const today = localToday();
  const heldMinor = isMinor(heldBirthDate || null, today);
  // editableMemberFields (contract) for oneself, without its module in this route's JavaScript:
  // a club role edits any birth date, any other hat their own while the club holds them adult.
  const birthFixed = heldMinor && !holdsClubRole(editParty(member));
  const form = useLazyZodForm(birthFixed ? loadFixedBirthSchema : loadSchema, {
    timing: 'submit',
    defaultValues: {
      nom: member.nom,
      prenom: member.prenom,
      dateDeNaissance: cutDate(member.dateDeNaissance),
      email: member.email ?? '',
      numeroTelephone: member.numeroTelephone ?? '',
      genre: (member.genre ?? '') as z.input<typeof ZProfileFormSchema>['genre'],
      partageCoordonnees: member.partageCoordonnees ?? false,
    },
  });
  const shareHintId = useId();
  // A minor's details are never shared (privacy.ts): the box is off and locked, and says why. A
  // minor by the birth date the club holds, or by the one typed before it is saved.
  const isDate = (v: string | undefined) => /^\d{4}-\d{2}-\d{2}$/.test(v ?? '');
  const birthDate = form.watch('dateDeNaissance');
  const validBirthDate = isDate(heldBirthDate) && isDate(birthDate);
  const minor =
    (isDate(heldBirthDate) && heldMinor) || (isDate(birthDate) && isMinor(birthDate, today));
  const shareLocked = minor || !validBirthDate;
  const all = form.formState.errors;
  useApiFieldErrors(form.setError, serverErrors, { fields: PROFILE_FIELDS });
  const role = normalizeRole(member.role);
  useOnEdit(form.watch, onEdit);
  const handle = form.handleSubmit(({ genre, partageCoordonnees, dateDeNaissance, ...rest }) =>
    onSubmit({
      ...rest,
      ...(birthFixed ? {} : { dateDeNaissance }),
      ...(genre ? { genre } : {}),
      partageCoordonnees: shareLocked ? false : partageCoordonnees,
    }),
  );
  const submit = (e: FormEvent<HTMLFormElement>) => {
    onEdit?.();
    return handle(e);
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="form-grid">
        <Field label="Nom *" error={all.nom?.message}>
          <input autoComplete="family-name" {...form.register('nom')} />
        </Field>
        <Field label="Prénom *" error={all.prenom?.message}>
          <input autoComplete="given-name" {...form.register('prenom')} />
        </Field>
        {birthFixed ? (
          <Field
            label="Date de naissance"
            hint={PRIVACY_MESSAGES.birthDateClubOnly}
            error={all.dateDeNaissance?.message}
          >
            <input
              value={heldBirthDate ? heldBirthDate.split('-').reverse().join('/') : '-'}
              readOnly
              aria-readonly="true"
            />
          </Field>
        ) : (
          <Controller
            control={form.control}
            name="dateDeNaissance"
            render={({ field, fieldState }) => (
              <Field label="Date de naissance *" error={all.dateDeNaissance?.message}>
                <DateInput
                  name={field.name}
                  ref={field.ref}
                  value={field.value ?? ''}
                  onBlur={field.onBlur}
                  onChange={(v) => {
                    field.onChange(v);
                    if (fieldState.error) void form.trigger('dateDeNaissance');
                  }}
                />
              </Field>
            )}
          />
        )}
        <Field label="Email *" error={all.email?.message}>
          <input type="email" autoComplete="email" {...form.register('email')} />
        </Field>
        <Field label="Téléphone" error={all.numeroTelephone?.message}>
          <input type="tel" autoComplete="tel" {...form.register('numeroTelephone')} />
        </Field>
        <Field label="Genre" error={all.genre?.message}>
          <select {...form.register('genre')}>
            <option value="">— Choisir —</option>
            {GENRE_OPTIONS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Rôle" hint="Le rôle ne peut pas être modifié depuis le profil.">
          <input value={role ? roleLabel(role) : member.role} readOnly aria-readonly="true" />
        </Field>
      </div>
      <div className="profile-share">
        <label className="checkbox">
          <input
            type="checkbox"
            aria-describedby={shareHintId}
            disabled={shareLocked}
            {...(shareLocked
              ? { checked: false, readOnly: true }
              : form.register('partageCoordonnees'))}
          />{' '}
          {PRIVACY_MESSAGES.shareContactLabel}
        </label>
        <p id={shareHintId} className="field-hint">
          {minor
            ? PRIVACY_MESSAGES.shareContactMinor
            : !validBirthDate
              ? PRIVACY_MESSAGES.shareContactNoBirthDate
              : PRIVACY_MESSAGES.shareContactHint}
        </p>
        {all.partageCoordonnees?.message ? (
          <div className="field-error" role="alert">
            {all.partageCoordonnees.message}
          </div>
        ) : null}
      </div>
      <div className="actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {ACTION_LABELS.cancel}
        </button>
        <button type="submit" className="btn" disabled={submitting}>
          {submitting ? ACTION_LABELS.saving : ACTION_LABELS.save}
        </button>
      </div>
    </form>
  );
}
