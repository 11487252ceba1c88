import { useState, type FormEvent } from 'react';
import {
  DEFAULT_MEMBER_STATUS,
  MEMBER_FORM_GENDERS,
  MEMBER_FORM_ROLES,
  MEMBER_STATUSES,
  ZMemberCreateSchema,
  ZMemberUpdateSchema,
  normalizeRole,
  type TMember,
  type TMemberCreate,
} from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';
import { zodFieldErrors } from './format.ts';

type Values = {
  nom: string;
  prenom: string;
  dateDeNaissance: string;
  email: string;
  numeroTelephone: string;
  genre: string;
  role: string;
  statut: string;
  numeroLicence: string;
  nomEquipe: string;
};

const emptyValues: Values = {
  nom: '',
  prenom: '',
  dateDeNaissance: '',
  email: '',
  numeroTelephone: '',
  genre: '',
  role: '',
  statut: DEFAULT_MEMBER_STATUS,
  numeroLicence: '',
  nomEquipe: '',
};

function valuesOf(member: TMember | null): Values {
  if (!member) return emptyValues;
  return {
    nom: member.nom,
    prenom: member.prenom,
    dateDeNaissance: (member.dateDeNaissance ?? '').slice(0, 10),
    email: member.email,
    numeroTelephone: member.numeroTelephone ?? '',
    genre: member.genre ?? '',
    role: normalizeRole(member.role) ?? member.role,
    statut: (MEMBER_STATUSES as readonly string[]).includes(member.statut)
      ? member.statut
      : DEFAULT_MEMBER_STATUS,
    numeroLicence: member.numeroLicence ?? '',
    nomEquipe: member.nomEquipe ?? '',
  };
}

export interface MemberFormProps {
  /** null: create mode; a member: edit mode (update). */
  member: TMember | null;
  clubId: number;
  actor: { id: number; role: string };
  teamNames: string[];
  submitting: boolean;
  /** Field errors answered by the server (e.g. e-mail already used). */
  serverErrors?: Record<string, string>;
  onSubmit: (body: TMemberCreate) => void;
  onCancel: () => void;
}

/**
 * The club members form (spec §4, §5): required nom, prenom, dateDeNaissance, email,
 * numeroTelephone, genre, role; optional numeroLicence and team; statut Actif by default.
 * Validated with the request's own schema before it is sent.
 */
export function MemberForm({
  member,
  clubId,
  actor,
  teamNames,
  submitting,
  serverErrors,
  onSubmit,
  onCancel,
}: MemberFormProps) {
  const [values, setValues] = useState<Values>(() => valuesOf(member));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const allErrors = { ...serverErrors, ...errors };
  const actorIsManager = normalizeRole(actor.role) === 'DIRIGEANT';
  const editingSelf = member?.id === actor.id;

  const set = (key: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = {
      ...values,
      numeroLicence: values.numeroLicence || null,
      nomEquipe: values.nomEquipe || null,
      clubId,
    };
    const schema = member ? ZMemberUpdateSchema : ZMemberCreateSchema;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues));
      return;
    }
    const sent: Record<string, unknown> = { ...body };
    // Nobody changes their own role (ARCHITECTURE §6): it is shown, not sent.
    if (editingSelf) delete sent.role;
    onSubmit(sent as TMemberCreate);
  }

  function reset() {
    setValues(valuesOf(member));
    setErrors({});
  }

  /** Only a DIRIGEANT gives or removes a leader role; the server refuses it too. */
  const roleDisabled = (role: string) =>
    !actorIsManager &&
    (role === 'DIRIGEANT' || role === 'RESPONSABLE') &&
    normalizeRole(member?.role) !== role;

  return (
    <form className="form member-form" onSubmit={submit} noValidate onReset={reset}>
      <div className="form-grid">
        <Field label="Nom *" error={allErrors.nom}>
          <input value={values.nom} onChange={set('nom')} autoComplete="family-name" required />
        </Field>
        <Field label="Prénom *" error={allErrors.prenom}>
          <input
            value={values.prenom}
            onChange={set('prenom')}
            autoComplete="given-name"
            required
          />
        </Field>
        <Field label="Date de naissance *" error={allErrors.dateDeNaissance}>
          <input
            type="date"
            value={values.dateDeNaissance}
            onChange={set('dateDeNaissance')}
            required
          />
        </Field>
        <Field label="Genre *" error={allErrors.genre}>
          <select value={values.genre} onChange={set('genre')} required>
            <option value="">— Choisir —</option>
            {MEMBER_FORM_GENDERS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Email *" error={allErrors.email}>
          <input
            type="email"
            value={values.email}
            onChange={set('email')}
            autoComplete="off"
            required
          />
        </Field>
        <Field label="Téléphone *" error={allErrors.numeroTelephone}>
          <input
            type="tel"
            value={values.numeroTelephone}
            onChange={set('numeroTelephone')}
            required
          />
        </Field>
        <Field label="N° Licence" error={allErrors.numeroLicence}>
          <input value={values.numeroLicence} onChange={set('numeroLicence')} />
        </Field>
        <Field
          label="Rôle *"
          error={allErrors.role}
          hint={editingSelf ? 'Vous ne pouvez pas modifier votre propre rôle.' : undefined}
        >
          <select value={values.role} onChange={set('role')} required disabled={editingSelf}>
            <option value="">— Choisir —</option>
            {MEMBER_FORM_ROLES.map((r) => (
              <option key={r} value={r} disabled={roleDisabled(r)}>
                {r}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Statut" error={allErrors.statut}>
          <select value={values.statut} onChange={set('statut')}>
            {MEMBER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Équipe" error={allErrors.nomEquipe}>
          <select value={values.nomEquipe} onChange={set('nomEquipe')}>
            <option value="">Aucune équipe</option>
            {teamNames.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <p className="muted">* champ obligatoire</p>
      <div className="actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Annuler
        </button>
        <button type="reset" className="btn btn-secondary">
          Réinitialiser
        </button>
        <button type="submit" className="btn" disabled={submitting}>
          {submitting ? 'Enregistrement...' : member ? 'Modifier' : 'Ajouter'}
        </button>
      </div>
    </form>
  );
}
