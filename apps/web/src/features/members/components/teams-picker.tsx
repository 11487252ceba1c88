import { useId } from 'react';
import { MEMBER_FIELD_MESSAGES, MEMBER_LIMITS, type TTeamRef } from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';

export interface TeamsPickerProps {
  /** The club's teams, in the club's order. */
  teams: readonly TTeamRef[];
  /** Chosen team ids, the primary team first (the request's `equipesIds`). */
  value: readonly number[];
  onChange: (ids: number[]) => void;
  onBlur?: () => void;
  /** An error about the teams (unknown team, too many). */
  error?: string;
}

/**
 * The member form's teams (decision 0012). The spec's single "Équipe" select chooses the primary
 * team (idEquipe / nomEquipe); "Autres équipes", a group of checkboxes, adds more teams, each of
 * which can become the primary one with its "Principale" button. At most MEMBER_LIMITS.teamsMax
 * teams.
 */
export function TeamsPicker({ teams, value, onChange, onBlur, error }: TeamsPickerProps) {
  const id = useId();
  const [primary, ...others] = value;
  const full = value.length >= MEMBER_LIMITS.teamsMax;
  const otherTeams = teams.filter((t) => t.id !== primary);

  const choosePrimary = (raw: string) => {
    const next = raw === '' ? undefined : Number(raw);
    // The old primary team stays among the others; with no primary team, no others either.
    if (next === undefined) onChange([]);
    else
      onChange([
        next,
        ...(primary !== undefined ? [primary] : []),
        ...others.filter((t) => t !== next),
      ]);
  };
  const toggle = (teamId: number, checked: boolean) =>
    onChange(checked ? [...value, teamId] : value.filter((t) => t !== teamId));
  const makePrimary = (teamId: number) => onChange([teamId, ...value.filter((t) => t !== teamId)]);

  return (
    <>
      <Field label="Équipe" hint="L’équipe principale du membre." error={error}>
        <select
          value={primary === undefined ? '' : String(primary)}
          onChange={(e) => choosePrimary(e.target.value)}
          onBlur={onBlur}
        >
          <option value="">Aucune équipe</option>
          {teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.nom}
            </option>
          ))}
        </select>
      </Field>
      {teams.length > 1 ? (
        <fieldset
          className="choice-group"
          aria-describedby={`${id}-hint`}
          disabled={primary === undefined}
        >
          <legend>Autres équipes</legend>
          <p id={`${id}-hint`} className="field-hint">
            {primary === undefined
              ? 'Choisissez d’abord l’équipe principale.'
              : full
                ? MEMBER_FIELD_MESSAGES.tooManyTeams
                : 'Le membre appartient aussi à ces équipes.'}
          </p>
          <ul className="choice-list">
            {otherTeams.map((team) => {
              const checked = others.includes(team.id);
              return (
                <li key={team.id}>
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={!checked && full}
                      onChange={(e) => toggle(team.id, e.target.checked)}
                      onBlur={onBlur}
                    />
                    {team.nom}
                  </label>
                  {checked ? (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={`Faire de ${team.nom} l’équipe principale`}
                      onClick={() => makePrimary(team.id)}
                    >
                      Principale
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}
    </>
  );
}
