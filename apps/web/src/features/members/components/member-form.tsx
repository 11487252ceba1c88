import type { FormEvent } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import {
  ACTION_LABELS,
  DEFAULT_MEMBER_STATUS,
  GENRE_OPTIONS,
  LEADER_ROLES,
  MEMBER_FORM_ROLES,
  MEMBER_STATUSES,
  ZMemberCreateFieldsSchema,
  ZMemberEmailSchema,
  ZMemberUpdateSchema,
  ZOptionalPhoneSchema,
  ageCategory,
  isMinor,
  mayGoWithoutContact,
  missingContactErrors,
  normalizeClubRole,
  normalizeRole,
  normalizeTeamRole,
  principalRole,
  roleLabel,
  seasonOf,
  suggestedTeamForCategory,
  type TMember,
  type TMemberCreate,
  type TTeamRef,
  type TeamRole,
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
  enfantsIds: true,
  // Hats (docs/decisions/0110): the club role, each team with its role, a minor's guardians.
  roleClub: true,
  equipes: true,
  parentsIds: true,
} as const;

/** A valid birth date as the form holds it ('YYYY-MM-DD'). */
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * E-mail and phone may be left out for a minor who has a guardian (docs/decisions/0111): the
 * contract's rule (missingContactErrors), reported with the other fields' errors. On an edit the
 * phone may be emptied for anyone (the update's rule), so only the e-mail is checked.
 */
function withContactRule<S extends z.ZodObject>(schema: S, phoneRequired: boolean) {
  return schema.superRefine(
    (v, ctx) => {
      const raw = v as Record<string, unknown>;
      const absent = (x: unknown) => x === undefined || x === null || x === '';
      const errors = missingContactErrors(
        {
          email: absent(raw.email) ? null : 'x',
          numeroTelephone: !phoneRequired || !absent(raw.numeroTelephone) ? 'x' : null,
          dateDeNaissance: isDate(raw.dateDeNaissance) ? raw.dateDeNaissance : null,
          parentsIds: Array.isArray(raw.parentsIds) ? (raw.parentsIds as number[]) : undefined,
        },
        localToday(),
      );
      for (const [path, message] of Object.entries(errors))
        ctx.addIssue({ code: 'custom', path: [path], message });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}
const optionalEmail = z
  .union([z.literal(''), ZMemberEmailSchema])
  .nullish()
  .transform((v) => (v == null || v === '' ? null : v));
const ZCreateFormSchema = withContactRule(
  ZMemberCreateFieldsSchema.pick(FORM_FIELDS).extend({
    email: optionalEmail,
    numeroTelephone: ZOptionalPhoneSchema,
  }),
  true,
);
/** Editing: the update's rules (the phone may be emptied, as everywhere else). */
const ZEditFormSchema = withContactRule(ZMemberUpdateSchema.pick(FORM_FIELDS), false);
type FormInput = z.input<typeof ZCreateFormSchema>;
/** A team of the member and the role held in it (null: a leader attached without a team role). */
type TeamHat = { id: number; role: TeamRole | null };
type FormValues = {
  [K in Exclude<keyof FormInput, 'equipes' | 'enfantsIds' | 'parentsIds'>]: string;
} & { equipes: TeamHat[]; enfantsIds: number[]; parentsIds: number[] };

/** Server error keys that belong to the team choice (the spec's single team fields). */
const FIELD_ALIASES = {
  nomEquipe: 'equipes',
  idEquipe: 'equipes',
  equipesIds: 'equipes',
} as const;

/** The member's teams with their roles; an answer without roles reads as the spec's single role. */
function teamHatsOf(member: TMember): TeamHat[] {
  const single = normalizeClubRole(member.role) ? null : normalizeTeamRole(member.role);
  return teamsOf(member).map((t) => {
    const role = member.equipes?.find((e) => e.id === t.id)?.role;
    return { id: t.id, role: role === undefined ? single : normalizeTeamRole(role) };
  });
}

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
    roleClub: member
      ? ((member.roleClub !== undefined
          ? normalizeClubRole(member.roleClub)
          : normalizeClubRole(member.role)) ?? '')
      : '',
    equipes: member ? teamHatsOf(member) : [],
    enfantsIds: member?.enfants?.map((c) => c.id) ?? [],
    parentsIds: member?.parentsIds ?? [],
  };
}

/** The roles a team may be held in on this form (decision 0138). */
const TEAM_ROLE_CHOICES = ['ENTRAINEUR', 'JOUEUR'] as const;

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
 * several teams, the first one primary, each with the role held in it; the club role; the
 * children of an adult and the guardians of a minor (hats, docs/decisions/0110 and 0138); e-mail
 * and phone optional for a minor who has a guardian (decision 0111). The spec's « Rôle » stays:
 * it is the principal hat, kept equal to the hats as they change, and choosing it sets them as
 * the spec's single role means (hats.ts). react-hook-form with the request's own zod schema and
 * the spec's error timing.
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
    { defaultValues: valuesOf(member) as unknown as FormInput },
  );
  const { errors } = form.formState;
  useApiFieldErrors(form.setError, serverErrors, {
    fields: Object.keys(FORM_FIELDS) as (keyof FormInput)[],
    aliases: FIELD_ALIASES,
  });
  const actorIsManager = normalizeRole(actor.role) === 'DIRIGEANT';
  const editingSelf = member?.id === actor.id;
  const role = normalizeRole(String(form.watch('role') ?? ''));
  const roleClub = normalizeClubRole(String(form.watch('roleClub') ?? ''));
  const hats = (form.watch('equipes') ?? []) as TeamHat[];
  const birthDate = String(form.watch('dateDeNaissance') ?? '');
  const parentsIds = (form.watch('parentsIds') ?? []) as number[];
  const today = localToday();
  // A known birth date decides: an adult may have children, a minor has guardians. Without one,
  // a member who has children keeps them (the spec's PARENT).
  const minor = isDate(birthDate) && isMinor(birthDate, today);
  const showChildren = isDate(birthDate)
    ? !minor
    : role === 'PARENT' || (member?.enfants?.length ?? 0) > 0;
  const contactOptional = mayGoWithoutContact(birthDate, parentsIds, today);

  const hadSeveralTeams = member ? teamsOf(member).length > 1 : false;
  const hadChildren = (member?.enfants?.length ?? 0) > 0;
  const hadParents = (member?.parentsIds?.length ?? 0) > 0;
  useOnEdit(form.watch, onEdit);

  const set = (name: 'role' | 'roleClub' | 'equipes', value: unknown) =>
    form.setValue(name, value as never, { shouldDirty: true, shouldValidate: !!errors[name] });
  /** The spec's « Rôle » follows the hats: the principal one (hats.ts). */
  const followHats = (next: { roleClub?: string; equipes?: TeamHat[]; children?: number }) => {
    const values = form.getValues() as unknown as FormValues;
    const principal = principalRole(
      {
        roleClub: normalizeClubRole(next.roleClub ?? values.roleClub),
        equipes: next.equipes ?? values.equipes,
        hasChildren: (next.children ?? values.enfantsIds.length) > 0,
      },
      values.role,
    );
    if (!editingSelf && principal !== normalizeRole(values.role)) set('role', principal);
  };
  /** Choosing the spec's « Rôle » sets the hats as its single role means (hatsFromRole). */
  const applyRole = (value: string) => {
    const r = normalizeRole(value);
    if (r === 'DIRIGEANT' || r === 'RESPONSABLE') set('roleClub', r);
    else if (r) {
      set('roleClub', '');
      set(
        'equipes',
        (form.getValues('equipes') as TeamHat[]).map((t) => ({ id: t.id, role: r })),
      );
    }
  };
  const applyRoleClub = (value: string) => {
    let next = form.getValues('equipes') as TeamHat[];
    // Without a club role, no team stays without a team role (members.hats.ts, rule 5).
    if (!normalizeClubRole(value) && next.some((t) => t.role === null)) {
      const fallback = normalizeTeamRole(String(form.getValues('role'))) ?? 'JOUEUR';
      next = next.map((t) => (t.role === null ? { ...t, role: fallback } : t));
      set('equipes', next);
    }
    followHats({ roleClub: value, equipes: next });
  };
  /** New teams take the member's team role (the spec's single role), else none for a leader. */
  const chooseTeams = (ids: number[]) => {
    const current = form.getValues('equipes') as TeamHat[];
    const values = form.getValues() as unknown as FormValues;
    const fallback =
      normalizeTeamRole(values.role) ??
      current.find((t) => t.role !== null)?.role ??
      (normalizeClubRole(values.roleClub) ? null : 'JOUEUR');
    const next = ids.map((id) => current.find((t) => t.id === id) ?? { id, role: fallback });
    set('equipes', next);
    followHats({ equipes: next });
  };
  const chooseTeamRole = (id: number, value: string) => {
    const next = (form.getValues('equipes') as TeamHat[]).map((t) =>
      t.id === id ? { id, role: normalizeTeamRole(value) } : t,
    );
    set('equipes', next);
    followHats({ equipes: next });
  };

  const handle = form.handleSubmit((values) => {
    const { equipes = [], ...rest } = values as unknown as {
      equipes?: TeamHat[];
    } & Record<string, unknown>;
    const body: Record<string, unknown> = { ...rest };
    // The spec's single team field names the primary team; the list goes along only when the
    // member has, or had, more than one team (it then replaces them all, primary first).
    const equipesIds = equipes.map((t) => t.id);
    body.nomEquipe = teams.find((t) => t.id === equipesIds[0])?.nom ?? null;
    if (equipesIds.length > 1 || hadSeveralTeams) body.equipesIds = equipesIds;
    // The hats decide on the server; the spec's role is their principal one (hats.ts).
    body.equipes = equipes;
    body.clubId = clubId;
    // Nobody changes their own role (docs/architecture.md §7): it is shown, not sent.
    if (editingSelf) {
      delete body.role;
      delete body.roleClub;
    }
    // An adult's children, a minor's guardians: sent when offered and given (or removed).
    if (!showChildren || (!hadChildren && (body.enfantsIds as number[]).length === 0))
      delete body.enfantsIds;
    if (!minor || (!hadParents && (body.parentsIds as number[]).length === 0))
      delete body.parentsIds;
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
  const currentClubRole = member
    ? ((member.roleClub !== undefined
        ? normalizeClubRole(member.roleClub)
        : normalizeClubRole(member.role)) ?? '')
    : '';
  const roleClubDisabled = (r: string) => !actorIsManager && r !== currentClubRole;
  const teamName = (id: number) => teams.find((t) => t.id === id)?.nom ?? `Équipe n° ${id}`;

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
        <Field
          label={contactOptional ? 'Email' : 'Email *'}
          error={errors.email?.message}
          hint={contactOptional ? CONTACT_OPTIONAL_HINT : undefined}
        >
          <input
            type="email"
            autoComplete="off"
            required={!contactOptional}
            {...form.register('email')}
          />
        </Field>
        <Field
          label={contactOptional ? 'Téléphone' : 'Téléphone *'}
          error={errors.numeroTelephone?.message}
          hint={contactOptional ? CONTACT_OPTIONAL_HINT : undefined}
        >
          <input type="tel" required={!contactOptional} {...form.register('numeroTelephone')} />
        </Field>
        <Field label="N° Licence" error={errors.numeroLicence?.message}>
          <input {...form.register('numeroLicence')} />
        </Field>
        <Field
          label="Rôle *"
          error={errors.role?.message}
          hint={editingSelf ? 'Vous ne pouvez pas modifier votre propre rôle.' : undefined}
        >
          <select
            required
            {...form.register('role', { onChange: (e) => applyRole(String(e.target.value)) })}
            disabled={editingSelf}
          >
            <option value="">— Choisir —</option>
            {MEMBER_FORM_ROLES.map((r) => (
              <option key={r} value={r} disabled={roleDisabled(r)}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Rôle club"
          error={errors.roleClub?.message}
          hint={editingSelf ? 'Vous ne pouvez pas modifier votre propre rôle.' : undefined}
        >
          <select
            {...form.register('roleClub', {
              onChange: (e) => applyRoleClub(String(e.target.value)),
            })}
            disabled={editingSelf}
          >
            <option value="" disabled={roleClubDisabled('')}>
              Aucun
            </option>
            {LEADER_ROLES.map((r) => (
              <option key={r} value={r} disabled={roleClubDisabled(r)}>
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
          name="equipes"
          render={({ field, fieldState }) => {
            const ids = ((field.value ?? []) as TeamHat[]).map((t) => t.id);
            return (
              <>
                <TeamsPicker
                  teams={teams}
                  value={ids}
                  onChange={chooseTeams}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
                <TeamSuggestion
                  birthDate={birthDate}
                  seasonStartMonth={seasonStartMonth}
                  teams={teams}
                  chosen={ids}
                  onAdd={(id) => chooseTeams([...ids, id])}
                />
              </>
            );
          }}
        />
        {hats.length > 0 ? (
          <fieldset className="choice-group team-roles">
            <legend>Rôle dans chaque équipe</legend>
            <ul className="choice-list">
              {hats.map((t) => (
                <li key={t.id}>
                  <Field label={`Rôle dans ${teamName(t.id)}`}>
                    <select
                      value={t.role ?? ''}
                      onChange={(e) => chooseTeamRole(t.id, e.target.value)}
                    >
                      {t.role === null || roleClub ? (
                        <option value="">Aucun rôle d’équipe</option>
                      ) : null}
                      {TEAM_ROLE_CHOICES.map((r) => (
                        <option key={r} value={r}>
                          {roleLabel(r)}
                        </option>
                      ))}
                      {/* The spec's PARENT with a team (existing data, decision 0110). */}
                      {t.role === 'PARENT' ? (
                        <option value="PARENT">{roleLabel('PARENT')}</option>
                      ) : null}
                    </select>
                  </Field>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
      </div>
      {showChildren ? (
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
              onChange={(ids) => {
                field.onChange(ids);
                followHats({ children: ids.length });
              }}
              error={fieldState.error?.message}
            />
          )}
        />
      ) : null}
      {minor ? (
        <Controller
          control={form.control}
          name="parentsIds"
          render={({ field, fieldState }) => (
            <ChildrenPicker
              kind="parents"
              candidates={clubMembers}
              selfId={member?.id}
              loading={clubMembersLoading}
              value={(field.value ?? []) as number[]}
              onChange={(ids) => {
                field.onChange(ids);
                // The e-mail may have become optional, or required again.
                if (errors.email || errors.numeroTelephone)
                  void form.trigger(['email', 'numeroTelephone']);
              }}
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

/** Under the e-mail and the phone of a minor who has a guardian (decision 0111). */
const CONTACT_OPTIONAL_HINT = 'Facultatif : les messages de l’enfant vont à ses parents.';

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
