import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { teamSwitchPath } from '../../../lib/member-teams.ts';
import { useCurrentTeam } from '../../../lib/use-current-team.ts';

/**
 * Team switcher of the signed-in navigation bar, for a member of several teams (decision 0012): a
 * disclosure button and a list of links, one per team, to the same page of that team. Links rather
 * than a select that navigates on change: a keyboard user browsing a select's options would leave
 * the page at the first arrow key (WCAG 3.2.2).
 */
export function TeamSwitcher({ nomClub }: { nomClub: string }) {
  const { team, teams } = useCurrentTeam();
  const { nomEquipe } = useParams();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [pathname]);

  if (!team || teams.length < 2) return null;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  };
  // Closed when the focus leaves the switcher (Tab past the last team, click elsewhere).
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <div className="team-switcher" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className="btn btn-secondary btn-sm"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        Changer d'équipe <span aria-hidden="true">▾</span>
      </button>
      <ul id={listId} className="team-switcher-list" hidden={!open}>
        {teams.map((t, i) => (
          <li key={t.id}>
            <Link
              to={teamSwitchPath(pathname, nomEquipe !== undefined, nomClub, t.nom)}
              aria-current={t.id === team.id ? 'true' : undefined}
            >
              <span className="team-switcher-check" aria-hidden="true">
                {t.id === team.id ? '✓' : ''}
              </span>
              {t.nom}
              {i === 0 ? <span className="muted"> (principale)</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
