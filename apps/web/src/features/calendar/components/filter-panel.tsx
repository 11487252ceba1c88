import { useEffect, useId, useState } from 'react';
import { EVENT_TYPES, teamLabel, type EventType, type TTeam } from '@club/contract';
import { eventTypeClass, eventTypeIcon, eventTypeLabel } from '../../../lib/event-type.ts';

export interface FilterPanelProps {
  search: string;
  onSearch: (value: string) => void;
  types: ReadonlySet<EventType>;
  onToggleType: (type: EventType) => void;
  /** Leaders only: the club's teams and the checked ones. */
  teams?: readonly TTeam[];
  teamIds?: ReadonlySet<number>;
  onToggleTeam?: (id: number) => void;
}

/** The left filter panel of the calendar (spec §2): search, types and (leaders) teams. */
export function FilterPanel({
  search,
  onSearch,
  types,
  onToggleType,
  teams,
  teamIds,
  onToggleTeam,
}: FilterPanelProps) {
  const searchId = useId();
  // On a phone the types and teams fold away so that the calendar is on the first screen.
  const [open, setOpen] = useState(
    () =>
      typeof window.matchMedia !== 'function' || window.matchMedia('(min-width: 1024px)').matches,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia('(min-width: 1024px)');
    // Beside the calendar the toggle is hidden: growing past 1024 px must show the groups again.
    const onChange = () => {
      if (wide.matches) setOpen(true);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);
  return (
    <aside className="calendar-filters" aria-label="Filtres du calendrier">
      <div className="field">
        <label htmlFor={searchId}>Rechercher</label>
        <input
          id={searchId}
          type="search"
          placeholder="Nom ou lieu"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      </div>
      <details
        className="calendar-filter-groups"
        open={open}
        onToggle={(e) => setOpen(e.currentTarget.open)}
      >
        <summary>Types et équipes</summary>
        <fieldset>
          <legend>Types</legend>
          {EVENT_TYPES.map((t) => (
            <label key={t} className="checkbox">
              <input type="checkbox" checked={types.has(t)} onChange={() => onToggleType(t)} />
              <span className={`event-type-swatch ${eventTypeClass(t)}`} aria-hidden="true">
                {eventTypeIcon(t)}
              </span>
              {eventTypeLabel(t)}
            </label>
          ))}
        </fieldset>
        {teams && teamIds && onToggleTeam ? (
          <fieldset>
            <legend>Équipes</legend>
            {teams.length === 0 ? <p className="muted">Aucune équipe.</p> : null}
            {teams.map((team) => (
              <label key={team.id} className="checkbox">
                <input
                  type="checkbox"
                  checked={teamIds.has(team.id)}
                  onChange={() => onToggleTeam(team.id)}
                />
                {teamLabel(team, team.id)}
              </label>
            ))}
          </fieldset>
        ) : null}
      </details>
    </aside>
  );
}
