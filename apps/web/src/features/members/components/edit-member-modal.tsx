import { useState, type FormEvent } from 'react';
import {
  ZMemberUpdateSchema,
  editableMemberFields,
  type TMember,
  type TMemberEditParty,
  type TMemberField,
  type TMemberUpdate,
} from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { zodFieldErrors } from './format.ts';

type ModalField = Extract<
  TMemberField,
  | 'nom'
  | 'prenom'
  | 'dateDeNaissance'
  | 'email'
  | 'numeroTelephone'
  | 'numeroLicence'
  | 'taille'
  | 'poids'
  | 'numero'
  | 'poste'
>;

/** The fields of the 'Modifier le membre' modal, in the spec's order (spec §2). */
const FIELDS: { key: ModalField; label: string; type: string; required?: boolean }[] = [
  { key: 'nom', label: 'Nom', type: 'text', required: true },
  { key: 'prenom', label: 'Prénom', type: 'text', required: true },
  { key: 'dateDeNaissance', label: 'Date de naissance', type: 'date', required: true },
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'numeroTelephone', label: 'Téléphone', type: 'tel', required: true },
  { key: 'numeroLicence', label: 'Numéro de licence', type: 'text' },
  { key: 'taille', label: 'Taille (cm)', type: 'number' },
  { key: 'poids', label: 'Poids (kg)', type: 'number' },
  { key: 'numero', label: 'Numéro maillot', type: 'number' },
  { key: 'poste', label: 'Poste', type: 'text' },
];
const REQUIRED_MESSAGE = 'Ce champ est requis.';

function initial(member: TMember): Record<ModalField, string> {
  const s = (v: string | number | null) => (v === null || v === undefined ? '' : String(v));
  return {
    nom: member.nom,
    prenom: member.prenom,
    dateDeNaissance: s(member.dateDeNaissance).slice(0, 10),
    email: member.email,
    numeroTelephone: s(member.numeroTelephone),
    numeroLicence: s(member.numeroLicence),
    taille: s(member.taille),
    poids: s(member.poids),
    numero: s(member.numero),
    poste: s(member.poste),
  };
}

export interface EditMemberModalProps {
  actor: TMemberEditParty;
  member: TMember;
  clubId: number;
  submitting: boolean;
  error?: string | null;
  serverErrors?: Record<string, string>;
  onSave: (body: TMemberUpdate) => void;
  onCancel: () => void;
}

/**
 * 'Modifier le membre' (spec §2, §5, §6): the fields the signed-in member may not change are
 * disabled, and only the allowed fields are sent, plus clubId.
 */
export function EditMemberModal({
  actor,
  member,
  clubId,
  submitting,
  error,
  serverErrors,
  onSave,
  onCancel,
}: EditMemberModalProps) {
  const allowed = editableMemberFields(actor, {
    id: member.id,
    role: member.role,
    teamId: member.idEquipe,
  });
  const [values, setValues] = useState(() => initial(member));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const all = { ...serverErrors, ...errors };

  function submit(e: FormEvent) {
    e.preventDefault();
    const body: Record<string, unknown> = { clubId };
    const missing: Record<string, string> = {};
    for (const f of FIELDS) {
      if (!allowed.has(f.key)) continue;
      const v = values[f.key].trim();
      if (f.required && v === '') missing[f.key] = REQUIRED_MESSAGE;
      body[f.key] = v === '' ? null : f.type === 'number' ? Number(v) : v;
    }
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    const parsed = ZMemberUpdateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error.issues));
      return;
    }
    onSave(body as TMemberUpdate);
  }

  return (
    <Modal title="Modifier le membre" onClose={onCancel} closeOnBackdrop={false}>
      <p className="muted">
        {member.prenom} {member.nom}
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <form className="form" onSubmit={submit} noValidate>
        <div className="form-grid">
          {FIELDS.map((f) => {
            const disabled = !allowed.has(f.key);
            return (
              <Field
                key={f.key}
                label={`${f.label}${f.required && !disabled ? ' *' : ''}`}
                error={all[f.key]}
              >
                <input
                  name={f.key}
                  type={f.type}
                  inputMode={f.type === 'number' ? 'numeric' : undefined}
                  value={values[f.key]}
                  disabled={disabled}
                  title={disabled ? 'Vous ne pouvez pas modifier ce champ.' : undefined}
                  onChange={(e) => {
                    const v = e.target.value;
                    setValues((prev) => ({ ...prev, [f.key]: v }));
                    setErrors(({ [f.key]: _gone, ...rest }) => rest);
                  }}
                />
              </Field>
            );
          })}
        </div>
        <div className="actions">
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Annuler
          </button>
          <button type="submit" className="btn" disabled={submitting}>
            {submitting ? 'Enregistrement...' : 'Sauvegarder'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
