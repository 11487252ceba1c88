import type { FormEvent } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import {
  ACTION_LABELS,
  DEFAULT_MEMBER_STATUS,
  GENRE_OPTIONS,
  MEMBER_FORM_ROLES,
  MEMBER_STATUSES,
  ZMemberCreateFieldsSchema,
  ZMemberUpdateSchema,
  ageCategory,
  normalizeRole,
  roleLabel,
  seasonOf,
  suggestedTeamForCategory,
  type TMember,
  type TMemberCreate,
  type TTeamRef,
} from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';
import { DateInput } from '../../../components/ui/date-input.tsx';
import { useApiFieldErrors } from '../../../lib/form-errors.ts';
import { teamsOf } from '../../../lib/member-teams.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useOnEdit } from '../../../lib/use-on-edit.ts';
import { ChildrenPicker, type ChildCandidate } from './children-picker.tsx';
import { TeamsPicker } from './teams-picker.tsx';
import './season.css';

/** The fields of the club members form: the contract's own rules and messages (spec §5). */
const FORM_FIELDS = {
  nom: true,
  prenom: true,
  dateDeNaissance: true,
  genre: true,
  email: true,
  numeroTelephone: true,
  numeroLicence: true,
  role: true,
  statut: true,
  equipesIds: true,
  enfantsIds: true,
} as const;
const ZCreateFormSchema = ZMemberCreateFieldsSchema.pick(FORM_FIELDS);
/** Editing: the update's rules (the phone may be emptied, as everywhere else). */
const ZEditFormSchema = ZMemberUpdateSchema.pick(FORM_FIELDS);
type FormInput = z.input<typeof ZCreateFormSchema>;
type FormValues = {
  [K in Exclude<keyof FormInput, 'equipesIds' | 'enfantsIds'>]: string;
} & { equipesIds: number[]; enfantsIds: number[] };

/** Server error keys that belong to the team choice (the spec's single team fields). */
const FIELD_ALIASES = { nomEquipe: 'equipesIds', idEquipe: 'equipesIds' } as const;

function valuesOf(member: TMember | null): FormValues {
  return {
    nom: member?.nom ?? '',
    prenom: member?.prenom ?? '',
    dateDeNaissance: (member?.dateDeNaissance ?? '').slice(0, 10),
    genre: member?.genre ?? '',
    email: member?.email ?? '',
    numeroTelephone: member?.numeroTelephone ?? '',
    numeroLicence: member?.numeroLicence ?? '',
    role: member ? (normalizeRole(member.role) ?? member.role) : '',
    statut:
      member?.statut && (MEMBER_STATUSES as readonly string[]).includes(member.statut)
        ? member.statut
        : DEFAULT_MEMBER_STATUS,
    equipesIds: member ? teamsOf(member).map((t) => t.id) : [],
    enfantsIds: member?.enfants?.map((c) => c.id) ?? [],
  };
}

export interface MemberFormProps {
  /** null: create mode; a member: edit mode (update). */
  member: TMember | null;
  clubId: number;
  actor: { id: number; role: string };
  /** The club's teams (with their category, the form suggests the one of the member's age). */
  teams: readonly (TTeamRef & { categorie?: string })[];
  /** The club's season start month (club settings): the age category follows it. */
  seasonStartMonth?: number;
  /** The club's members, among which a parent's children are chosen. */
  clubMembers: readonly ChildCandidate[];
  clubMembersLoading?: boolean;
  submitting: boolean;
  /** Field errors answered by the server (e.g. e-mail already used). */
  serverErrors?: Record<string, string>;
  onSubmit: (body: TMemberCreate) => void;
  onCancel: () => void;
  /** A value changed or a new submit starts: the page drops the last save's error. */
  onEdit?: () => void;
}

/**
 * The club members form (spec §4, §5): required nom, prenom, dateDeNaissance, email,
 * numeroTelephone, genre, role; optional numeroLicence; statut Actif by default. One or
 * several teams (`equipesIds`, the first one primary) and, for a PARENT, their children
 * (`enfantsIds`). react-hook-form with the request's own zod schema and the spec's error timing.
 */
export function MemberForm({
  member,
  clubId,
  actor,
  teams,
  seasonStartMonth,
  clubMembers,
  clubMembersLoading,
  submitting,
  serverErrors,
  onSubmit,
  onCancel,
  onEdit,
}: MemberFormProps) {
  const form = useZodForm(
    // Both schemas read the same fields; editing only relaxes the phone.
    (member ? ZEditFormSchema : ZCreateFormSchema) as typeof ZCreateFormSchema,
    { defaultValues: valuesOf(member) as FormInput },
  );
  const { errors } = form.formState;
  useApiFieldErrors(form.setError, serverErrors, {
    fields: Object.keys(FORM_FIELDS) as (keyof FormInput)[],
    aliases: FIELD_ALIASES,
  });
  const actorIsManager = normalizeRole(actor.role) === 'DIRIGEANT';
  const editingSelf = member?.id === actor.id;
  const role = normalizeRole(String(form.watch('role') ?? ''));

  const hadSeveralTeams = member ? teamsOf(member).length > 1 : false;
  useOnEdit(form.watch, onEdit);
  const handle = form.handleSubmit(({ equipesIds = [], ...values }) => {
    const body: Record<string, unknown> = { ...values };
    // The spec's single team field names the primary team; the list goes along only when the
    // member has, or had, more than one team (it then replaces them all, primary first).
    body.nomEquipe = teams.find((t) => t.id === equipesIds[0])?.nom ?? null;
    if (equipesIds.length > 1 || hadSeveralTeams) body.equipesIds = equipesIds;
    body.clubId = clubId;
    // Nobody changes their own role (docs/architecture.md §7): it is shown, not sent.
    if (editingSelf) delete body.role;
    // Only a parent has children; the server unlinks them when the role changes.
    if (role !== 'PARENT') delete body.enfantsIds;
    onSubmit(body as TMemberCreate);
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    onEdit?.();
    return handle(e);
  };

  /** Only a DIRIGEANT gives or removes a leader role; the server refuses it too. */
  const roleDisabled = (r: string) =>
    !actorIsManager &&
    (r === 'DIRIGEANT' || r === 'RESPONSABLE') &&
    normalizeRole(member?.role) !== r;

  return (
    <form
      className="form member-form"
      onSubmit={submit}
      noValidate
      onReset={(e) => {
        e.preventDefault();
        form.reset(valuesOf(member) as FormInput);
      }}
    >
      <div className="form-grid">
        <Field label="Nom *" error={errors.nom?.message}>
          <input autoComplete="family-name" required {...form.register('nom')} />
        </Field>
        <Field label="Prénom *" error={errors.prenom?.message}>
          <input autoComplete="given-name" required {...form.register('prenom')} />
        </Field>
        <Controller
          control={form.control}
          name="dateDeNaissance"
          render={({ field, fieldState }) => (
            <Field label="Date de naissance *" error={errors.dateDeNaissance?.message}>
              <DateInput
                required
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onBlur={field.onBlur}
                onChange={(v) => {
                  field.onChange(v);
                  // Spec §5: once an error shows, the field is re-checked as it changes.
                  if (fieldState.error) void form.trigger('dateDeNaissance');
                }}
              />
            </Field>
          )}
        />
        <Field label="Genre *" error={errors.genre?.message}>
          <select required {...form.register('genre')}>
            <option value="">— Choisir —</option>
            {GENRE_OPTIONS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Email *" error={errors.email?.message}>
          <input type="email" autoComplete="off" required {...form.register('email')} />
        </Field>
        <Field label="Téléphone *" error={errors.numeroTelephone?.message}>
          <input type="tel" required {...form.register('numeroTelephone')} />
        </Field>
        <Field label="N° Licence" error={errors.numeroLicence?.message}>
          <input {...form.register('numeroLicence')} />
        </Field>
        <Field
          label="Rôle *"
          error={errors.role?.message}
          hint={editingSelf ? 'Vous ne pouvez pas modifier votre propre rôle.' : undefined}
        >
          <select required {...form.register('role')} disabled={editingSelf}>
            <option value="">— Choisir —</option>
            {MEMBER_FORM_ROLES.map((r) => (
              <option key={r} value={r} disabled={roleDisabled(r)}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Statut" error={errors.statut?.message}>
          <select {...form.register('statut')}>
            {MEMBER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        <Controller
          control={form.control}
          name="equipesIds"
          render={({ field, fieldState }) => (
            <>
              <TeamsPicker
                teams={teams}
                value={(field.value ?? []) as number[]}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
              <TeamSuggestion
                birthDate={String(form.watch('dateDeNaissance') ?? '')}
                seasonStartMonth={seasonStartMonth}
                teams={teams}
                chosen={(field.value ?? []) as number[]}
                onAdd={(id) => field.onChange([...((field.value ?? []) as number[]), id])}
              />
            </>
          )}
        />
      </div>
      {role === 'PARENT' ? (
        <Controller
          control={form.control}
          name="enfantsIds"
          render={({ field, fieldState }) => (
            <ChildrenPicker
              candidates={clubMembers}
              known={member?.enfants ?? []}
              selfId={member?.id}
              loading={clubMembersLoading}
              value={(field.value ?? []) as number[]}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      ) : null}
      <p className="muted">* champ obligatoire</p>
      <div className="actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {ACTION_LABELS.cancel}
        </button>
        <button type="reset" className="btn btn-secondary">
          Réinitialiser
        </button>
        <button type="submit" className="btn" disabled={submitting}>
          {submitting ? ACTION_LABELS.saving : member ? ACTION_LABELS.edit : ACTION_LABELS.add}
        </button>
      </div>
    </form>
  );
}

/** Today on this device, 'YYYY-MM-DD'. */
function localToday() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The member's age category in the club's season (contract season.ts) and the team of that
 * category, offered in one click when the member is not in it yet.
 */
function TeamSuggestion({
  birthDate,
  seasonStartMonth,
  teams,
  chosen,
  onAdd,
}: {
  birthDate: string;
  seasonStartMonth?: number;
  teams: readonly (TTeamRef & { categorie?: string })[];
  chosen: readonly number[];
  onAdd: (teamId: number) => void;
}) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) return null;
  const today = localToday();
  const category = ageCategory(birthDate, today, seasonStartMonth);
  if (!category) return null;
  const team = suggestedTeamForCategory(
    teams.map((t) => ({ ...t, categorie: t.categorie ?? '' })),
    category,
  );
  const season = seasonOf(today, seasonStartMonth).libelle;
  return (
    <div className="span-2 team-suggestion" role="status">
      <span>
        Catégorie <strong>{category}</strong> (saison {season})
        {team && !chosen.includes(team.id) ? ` : équipe suggérée ${team.nom}` : ''}
      </span>
      {team && !chosen.includes(team.id) ? (
        <button type="button" className="btn btn-secondary" onClick={() => onAdd(team.id)}>
          Ajouter {team.nom}
        </button>
      ) : null}
    </div>
  );
}
