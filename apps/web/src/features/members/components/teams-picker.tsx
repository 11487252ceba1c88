import { useId } from 'react';
import { MEMBER_FIELD_MESSAGES, MEMBER_LIMITS, type TTeamRef } from '@club/contract';

export interface TeamsPickerProps {
  /** The club's teams, in the club's order. */
  teams: readonly TTeamRef[];
  /** Chosen team ids, the primary team first (the request's `equipesIds`). */
  value: readonly number[];
  onChange: (ids: number[]) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
}

/**
 * The member form's teams (issue 8): a group of checkboxes, one per club team. The first team
 * chosen is the primary one (the spec's idEquipe / nomEquipe), marked as such; another chosen team
 * becomes primary with its "Principale" button. At most MEMBER_LIMITS.teamsMax teams.
 */
export function TeamsPicker({ teams, value, onChange, onBlur, error, disabled }: TeamsPickerProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const full = value.length >= MEMBER_LIMITS.teamsMax;
  const toggle = (teamId: number, checked: boolean) =>
    onChange(checked ? [...value, teamId] : value.filter((t) => t !== teamId));
  const makePrimary = (teamId: number) => onChange([teamId, ...value.filter((t) => t !== teamId)]);

  return (
    <fieldset
      className="choice-group"
      aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend>Équipes</legend>
      <p id={hintId} className="field-hint">
        {teams.length === 0
          ? 'Aucune équipe dans ce club.'
          : full
            ? MEMBER_FIELD_MESSAGES.tooManyTeams
            : 'La première équipe cochée est l’équipe principale.'}
      </p>
      {teams.length > 0 ? (
        <ul className="choice-list">
          {teams.map((team) => {
            const position = value.indexOf(team.id);
            const checked = position >= 0;
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
                {position === 0 ? (
                  <span className="badge-primary">Équipe principale</span>
                ) : checked ? (
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
      ) : null}
      {error ? (
        <div id={errorId} className="field-error" role="alert">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
