import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Check, ChevronDown } from 'lucide-react';
import { teamSwitchPath } from '../../../lib/member-teams.ts';
import { useCurrentTeam } from '../../../lib/use-current-team.ts';
import { Icon } from '../../../components/ui/icon.tsx';

/**
 * Team switcher of the signed-in navigation bar, for a member of several teams (decision 0012) and
 * for a parent whose children play in other teams (decision 0084: each child's team, named with the
 * child's first name): a disclosure button and a list of links, one per team, to the same page of
 * that team. The button is the bar's team line (the current team's name and a chevron, named
 * "Changer d'équipe…" for screen readers): compact, it never wraps the bar. Links rather
 * than a select that navigates on change: a keyboard user browsing a select's options would leave
 * the page at the first arrow key (WCAG 3.2.2).
 */
export function TeamSwitcher({
  nomClub,
  single = null,
}: {
  nomClub: string;
  /** Shown instead for a member who opens one team only. */
  single?: ReactNode;
}) {
  const { team, teams } = useCurrentTeam();
  const { nomEquipe } = useParams();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [pathname]);

  if (!team || teams.length < 2) return <>{single}</>;

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
        className="team-switcher-button"
        title={`Changer d'équipe (${team.nom})`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="visually-hidden">Changer d'équipe, équipe affichée : </span>
        <span className="team-switcher-current">{team.nom}</span>
        <Icon as={ChevronDown} />
      </button>
      <ul id={listId} className="team-switcher-list" hidden={!open}>
        {teams.map((t, i) => (
          <li key={t.id}>
            <Link
              to={teamSwitchPath(pathname, nomEquipe !== undefined, nomClub, t.nom)}
              aria-current={t.id === team.id ? 'true' : undefined}
            >
              <span className="team-switcher-check">
                {t.id === team.id ? <Icon as={Check} /> : null}
              </span>
              {t.nom}
              {t.enfants.length > 0 ? (
                <span className="muted"> ({t.enfants.join(', ')})</span>
              ) : i === 0 ? (
                <span className="muted"> (principale)</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
