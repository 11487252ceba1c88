import { useState, type FormEvent } from 'react';
import {
  GENDERS,
  PROFILE_FIELDS,
  ROLE_LABELS,
  ZMemberUpdateSchema,
  normalizeRole,
  type TMember,
  type TMemberUpdate,
} from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';

type Values = Record<(typeof PROFILE_FIELDS)[number], string>;

/** Birth date cut to its first 10 characters, YYYY-MM-DD (spec §5). */
export const cutDate = (value: string | null | undefined) => (value ?? '').slice(0, 10);

export interface ProfileFormProps {
  member: TMember;
  submitting: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (body: TMemberUpdate) => void;
  onCancel: () => void;
}

/**
 * 'Mon Profil' (spec §2, §5): nom, prenom, dateDeNaissance, email required; phone optional; gender
 * Homme, Femme, Autre; the role shown read-only. Only these six fields are sent.
 */
export function ProfileForm({
  member,
  submitting,
  serverErrors,
  onSubmit,
  onCancel,
}: ProfileFormProps) {
  const [values, setValues] = useState<Values>({
    nom: member.nom,
    prenom: member.prenom,
    dateDeNaissance: cutDate(member.dateDeNaissance),
    email: member.email,
    numeroTelephone: member.numeroTelephone ?? '',
    genre: member.genre ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const all = { ...serverErrors, ...errors };
  const set = (key: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const role = normalizeRole(member.role);

  function submit(e: FormEvent) {
    e.preventDefault();
    const body: TMemberUpdate = {
      nom: values.nom,
      prenom: values.prenom,
      dateDeNaissance: cutDate(values.dateDeNaissance),
      email: values.email,
      numeroTelephone: values.numeroTelephone.trim() || null,
      ...(values.genre ? { genre: values.genre as TMemberUpdate['genre'] } : {}),
    };
    const required: Record<string, string> = {};
    for (const k of ['nom', 'prenom', 'dateDeNaissance', 'email'] as const)
      if (!String(body[k] ?? '').trim()) required[k] = 'Ce champ est requis.';
    if (Object.keys(required).length) return setErrors(required);
    const parsed = ZMemberUpdateSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      return setErrors(next);
    }
    onSubmit(body);
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="form-grid">
        <Field label="Nom *" error={all.nom}>
          <input value={values.nom} onChange={set('nom')} autoComplete="family-name" />
        </Field>
        <Field label="Prénom *" error={all.prenom}>
          <input value={values.prenom} onChange={set('prenom')} autoComplete="given-name" />
        </Field>
        <Field label="Date de naissance *" error={all.dateDeNaissance}>
          <input type="date" value={values.dateDeNaissance} onChange={set('dateDeNaissance')} />
        </Field>
        <Field label="Email *" error={all.email}>
          <input type="email" value={values.email} onChange={set('email')} autoComplete="email" />
        </Field>
        <Field label="Téléphone" error={all.numeroTelephone}>
          <input
            type="tel"
            value={values.numeroTelephone}
            onChange={set('numeroTelephone')}
            autoComplete="tel"
          />
        </Field>
        <Field label="Genre" error={all.genre}>
          <select value={values.genre} onChange={set('genre')}>
            <option value="">— Choisir —</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Rôle" hint="Le rôle ne peut pas être modifié depuis le profil.">
          <input value={role ? ROLE_LABELS[role] : member.role} readOnly aria-readonly="true" />
        </Field>
      </div>
      <div className="actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Annuler
        </button>
        <button type="submit" className="btn" disabled={submitting}>
          {submitting ? 'Enregistrement...' : 'Enregistrer'}
        </button>
      </div>
    </form>
  );
}
