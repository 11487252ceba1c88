import { useMemo, type FormEvent } from 'react';
import { z } from 'zod';
import {
  MEMBER_STATUSES,
  SERVER_MESSAGES,
  ZMemberUpdateSchema,
  displayMemberStatus,
  editableMemberFields,
  isMinor,
  type TMember,
  type TMemberEditParty,
  type TMemberField,
  type TMemberUpdate,
} from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { Controller } from 'react-hook-form';
import { Modal } from '../../../components/ui/modal.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { useApiFieldErrors } from '../../../lib/form-errors.ts';
import { editParty } from '../../../lib/member-teams.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useOnEdit } from '../../../lib/use-on-edit.ts';

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
  | 'statut'
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
  // Shown to whoever may set it (MEMBER_PERMISSIONS.setStatus: leaders, the coach of the
  // player's team — docs/decisions/0108-injured-and-suspended-players-on-match-day.md).
  { key: 'statut', label: 'Statut', type: 'select' },
];
type Values = Record<ModalField, string>;
const FIELD_NAMES = FIELDS.map((f) => f.key);

/**
 * The modal's schema for the fields the signed-in member may change: each text is trimmed, '' is
 * "none" (or 'Ce champ est obligatoire.' for a required field), numbers are read, then the contract's
 * member update rule applies. The other fields are left out, so they are neither checked nor sent.
 */
function editSchema(allowed: ReadonlySet<TMemberField>) {
  const shape: Partial<Record<ModalField, z.ZodType>> = {};
  for (const f of FIELDS) {
    if (!allowed.has(f.key)) continue;
    if (f.key === 'statut') {
      // '' is the stored status the list does not offer (an imported text): left unchanged.
      shape.statut = z
        .string()
        .transform((v) => (v === '' ? undefined : v))
        .pipe(
          ZMemberUpdateSchema.shape.statut as unknown as z.ZodType<unknown, string | undefined>,
        );
      continue;
    }
    const contract = ZMemberUpdateSchema.shape[f.key] as unknown as z.ZodType<
      unknown,
      string | number | null
    >;
    shape[f.key] = z
      .string()
      .trim()
      .refine((v) => !f.required || v !== '', { error: SERVER_MESSAGES.required, abort: true })
      .transform((v) => (v === '' ? null : f.type === 'number' ? Number(v) : v))
      .pipe(contract);
  }
  return z.object(shape) as unknown as z.ZodType<TMemberUpdate, Values>;
}

function initial(member: TMember): Record<ModalField, string> {
  // A field the reader may not see is absent from the answer: shown empty (privacy.ts).
  const s = (v: string | number | null | undefined) =>
    v === null || v === undefined ? '' : String(v);
  return {
    nom: member.nom,
    prenom: member.prenom,
    dateDeNaissance: s(member.dateDeNaissance).slice(0, 10),
    email: member.email ?? '',
    numeroTelephone: s(member.numeroTelephone),
    numeroLicence: s(member.numeroLicence),
    taille: s(member.taille),
    poids: s(member.poids),
    numero: s(member.numero),
    poste: s(member.poste),
    statut: offeredStatus(member.statut),
  };
}

/** The member's status as the list offers it, '' when it offers none of it (or it is hidden). */
function offeredStatus(statut: string | undefined): string {
  if (statut === undefined) return '';
  const label = displayMemberStatus(statut);
  return (MEMBER_STATUSES as readonly string[]).includes(label) ? label : '';
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
  /** A value changed or a new submit starts: the page drops the last save's error. */
  onEdit?: () => void;
}

/** Today on this device, 'YYYY-MM-DD' (the server decides on the club's calendar). */
function deviceToday(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
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
  onEdit,
}: EditMemberModalProps) {
  // Every team of the member, as the table that opened the modal reads it; a minor by the birth
  // date the club holds when the answer carries it (a minor's own birth date: decision 0103).
  const allowed = editableMemberFields(actor, {
    ...editParty(member),
    ...(member.dateDeNaissance !== undefined
      ? { minor: isMinor(member.dateDeNaissance, deviceToday()) }
      : {}),
  });
  const allowedKey = [...allowed].sort().join(',');
  // One schema per set of allowed fields (the set is rebuilt on each render).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const schema = useMemo(() => editSchema(allowed), [allowedKey]);
  const form = useZodForm(schema, { timing: 'submit', defaultValues: initial(member) });
  const all = form.formState.errors;
  useApiFieldErrors(form.setError, serverErrors, { fields: FIELD_NAMES });
  useOnEdit(form.watch, onEdit);
  const handle = form.handleSubmit(({ statut, ...body }) =>
    // The status is sent only when changed: a save of the numero does not rewrite it.
    onSave({
      clubId,
      ...body,
      ...(statut !== undefined && statut !== offeredStatus(member.statut) ? { statut } : {}),
    }),
  );
  const submit = (e: FormEvent<HTMLFormElement>) => {
    onEdit?.();
    return handle(e);
  };

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
            // The status (health data) only for those who set it.
            if (f.type === 'select')
              return disabled ? null : (
                <Field key={f.key} label={f.label} error={all[f.key]?.message}>
                  <select {...form.register(f.key)}>
                    {offeredStatus(member.statut) === '' ? (
                      <option value="">{displayMemberStatus(member.statut)}</option>
                    ) : null}
                    {MEMBER_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </select>
                </Field>
              );
            const label = `${f.label}${f.required && !disabled ? ' *' : ''}`;
            // The date: French picker (jj/mm/aaaa whatever the browser's language), ISO in the form.
            if (f.type === 'date')
              return (
                <Controller
                  key={f.key}
                  control={form.control}
                  name={f.key}
                  render={({ field }) => (
                    <Field label={label} error={all[f.key]?.message}>
                      <DateInput
                        name={field.name}
                        ref={field.ref}
                        value={field.value ?? ''}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        disabled={disabled}
                      />
                    </Field>
                  )}
                />
              );
            return (
              <Field key={f.key} label={label} error={all[f.key]?.message}>
                <input
                  type={f.type}
                  inputMode={f.type === 'number' ? 'numeric' : undefined}
                  disabled={disabled}
                  title={disabled ? 'Vous ne pouvez pas modifier ce champ.' : undefined}
                  {...form.register(f.key)}
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
