import { AGE_CATEGORIES, MEMBER_FORM_ROLES, roleLabel } from '@club/contract';
import type { ClubMemberFilters } from '../api/members.ts';
import { Field } from '../../../components/ui/field.tsx';
import { DateInput } from '../../../components/ui/date-input.tsx';

const FIELDS: { key: keyof ClubMemberFilters; label: string; type?: string }[] = [
  { key: 'nom', label: 'Nom' },
  { key: 'prenom', label: 'Prénom' },
  { key: 'email', label: 'Email', type: 'search' },
];

/** A birth date filter is sent once it is a whole date (jj/mm/aaaa typed in full). */
export function searchableFilters<T extends { dateNaissance?: string }>(filters: T): T {
  const d = filters.dateNaissance;
  return d && !/^\d{4}-\d{2}-\d{2}$/.test(d) ? { ...filters, dateNaissance: '' } : filters;
}

/**
 * The filter row of spec §2: last name, first name, e-mail, role, birth date, team name; and the
 * season's age category and "without a team".
 */
export function ClubMemberFiltersRow({
  value,
  onChange,
}: {
  value: ClubMemberFilters;
  onChange: (next: ClubMemberFilters) => void;
}) {
  const set = (key: keyof ClubMemberFilters) => (e: { target: { value: string } }) =>
    onChange({ ...value, [key]: e.target.value });
  const any = Object.values(value).some((v) => v && v.trim());
  return (
    <form
      className="filters"
      role="search"
      aria-label="Filtrer les membres"
      onSubmit={(e) => e.preventDefault()}
    >
      {FIELDS.map((f) => (
        <Field key={f.key} label={f.label}>
          <input type={f.type ?? 'search'} value={value[f.key] ?? ''} onChange={set(f.key)} />
        </Field>
      ))}
      <Field label="Rôle">
        <select value={value.role ?? ''} onChange={set('role')}>
          <option value="">Tous</option>
          {MEMBER_FORM_ROLES.map((r) => (
            <option key={r} value={r}>
              {roleLabel(r)}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Date de naissance">
        <DateInput
          value={value.dateNaissance ?? ''}
          onChange={(v) => onChange({ ...value, dateNaissance: v })}
        />
      </Field>
      <Field label="Équipe">
        <input type="search" value={value.nomEquipe ?? ''} onChange={set('nomEquipe')} />
      </Field>
      <Field label="Catégorie">
        <select value={value.categorie ?? ''} onChange={set('categorie')}>
          <option value="">Toutes</option>
          {AGE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </Field>
      <label className="checkbox filters-checkbox">
        <input
          type="checkbox"
          checked={value.sansEquipe === 'true'}
          onChange={(e) =>
            onChange({ ...value, sansEquipe: e.target.checked ? 'true' : undefined })
          }
        />
        Sans équipe
      </label>
      <div>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => onChange({})}
          disabled={!any}
        >
          Effacer les filtres
        </button>
      </div>
    </form>
  );
}
