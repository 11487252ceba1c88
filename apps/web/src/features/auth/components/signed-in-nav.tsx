import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { BURGER_AUTO_CLOSE_WIDTH, isLeader, type TCurrentMember } from '@club/contract';
import { clubPath, teamPath } from '../../../lib/session.ts';
import { useCurrentTeam } from '../../../lib/use-current-team.ts';
import { useUnreadMessages } from '../../../lib/shared-queries.ts';
import { useLogout } from '../hooks/use-logout.ts';
import { ClubSwitcher } from './club-switcher.tsx';
import { TeamSwitcher } from './team-switcher.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { LogOut, Menu, X } from 'lucide-react';
import '../auth.css';

/**
 * The link sets of spec §2: leaders get club-level links, team members those of their current team
 * (`nomEquipe`: the team the page is about, or the primary team).
 */
export function navLinks(member: Pick<TCurrentMember, 'role' | 'nomClub' | 'nomEquipe'>) {
  const club = member.nomClub;
  if (isLeader(member.role) || !member.nomEquipe) {
    return [
      { to: clubPath(club, 'dashboard'), label: 'Tableau de bord' },
      { to: clubPath(club, 'calendrier'), label: 'Calendrier' },
      { to: clubPath(club, 'membres'), label: 'Membres' },
      { to: clubPath(club, 'equipes'), label: 'Équipes' },
      // the club overview is the leaders' (STATISTICS_PERMISSIONS.club)
      ...(isLeader(member.role)
        ? [
            { to: clubPath(club, 'statistiques'), label: 'Statistiques' },
            // the season's fees are the leaders' (FEE_PERMISSIONS.list)
            { to: clubPath(club, 'cotisations'), label: 'Cotisations' },
          ]
        : []),
      { to: clubPath(club, 'annonces'), label: 'Annonces' },
      { to: clubPath(club, 'messages'), label: 'Messages' },
      { to: clubPath(club, 'parametre'), label: 'Paramètres' },
    ];
  }
  const team = member.nomEquipe;
  return [
    { to: teamPath(club, team, 'dashboard'), label: 'Dashboard équipe' },
    { to: teamPath(club, team, 'calendrier'), label: 'Calendrier' },
    { to: teamPath(club, team, 'membres'), label: 'Membres équipe' },
    { to: teamPath(club, team, 'matche'), label: 'Matches' },
    { to: teamPath(club, team, 'statistiques'), label: 'Statistiques' },
    { to: clubPath(club, 'annonces'), label: 'Annonces' },
    { to: clubPath(club, 'messages'), label: 'Messages' },
    { to: clubPath(club, 'parametre'), label: 'Paramètres' },
  ];
}

/** Signed-in navigation bar (spec §2): club, team, profile link, links by role, Déconnexion, burger. */
export function SignedInNav({
  member,
  logoUrl,
}: {
  member: TCurrentMember;
  /** The club's logo (the club's identity); the club's initials when there is none. */
  logoUrl?: string | null;
}) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();
  const logout = useLogout();
  const { team } = useCurrentTeam();
  const leader = isLeader(member.role);
  // The unread messages of « Messages », kept fresh by the live stream.
  const unread = useUnreadMessages();
  // A team member's links and name follow the team of the page (team switcher); a leader's stay.
  const teamName = leader ? member.nomEquipe : (team?.nom ?? member.nomEquipe);

  // Closed when a link of the menu is followed (at once, not after the next page has rendered, so
  // the menu's state never lags behind the URL), on any other route change (Back, a link of the
  // page), and when the window grows past the burger breakpoint. A route change the menu started
  // does not close it again: the router commits the new URL only once the next page's code has
  // loaded, and a menu opened again meanwhile (a slow phone) would close under the finger.
  const startedHere = useRef<string | null>(null);
  const close = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.currentTarget.pathname !== window.location.pathname)
      startedHere.current = e.currentTarget.pathname;
    setOpen(false);
  };
  useEffect(() => {
    const fromMenu = startedHere.current !== null;
    startedHere.current = null;
    if (!fromMenu) setOpen(false);
  }, [location.pathname]);
  useEffect(() => {
    const onResize = () => {
      if (window.innerWidth > BURGER_AUTO_CLOSE_WIDTH) setOpen(false);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  return (
    <header className="app-nav">
      <nav className="container app-nav-inner" aria-label="Navigation de l’espace membre">
        <div className="app-nav-brand">
          <Avatar name={member.nomClub} src={logoUrl} size={40} />
          {/* One line each, cut with an ellipsis (the full name in the tooltip): the bar stays one
              row. The team line is the team switcher for a member who opens several teams. */}
          <div className="app-nav-names">
            <strong title={member.nomClub}>{member.nomClub}</strong>
            {leader ? (
              teamName ? (
                <span className="team" title={teamName}>
                  {teamName}
                </span>
              ) : null
            ) : (
              <TeamSwitcher
                nomClub={member.nomClub}
                single={
                  teamName ? (
                    <span className="team" title={teamName}>
                      {teamName}
                    </span>
                  ) : null
                }
              />
            )}
          </div>
          <ClubSwitcher idClub={member.idClub} />
        </div>
        <button
          type="button"
          className="btn btn-secondary btn-sm app-nav-burger"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon as={open ? X : Menu} /> Menu
        </button>
        <div id={menuId} className={`app-nav-menu ${open ? 'open' : ''}`}>
          <ul>
            {navLinks({ ...member, nomEquipe: teamName }).map((l) => (
              <li key={l.label}>
                <NavLink to={l.to} onClick={close}>
                  {l.label}
                  {l.label === 'Messages' && unread > 0 ? (
                    <span className="pill pill-info nav-badge" aria-label={`${unread} non lus`}>
                      {unread}
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
          <Link
            to={clubPath(member.nomClub, 'profil')}
            className="app-nav-profile"
            title={`${member.prenom} ${member.nom}`}
            onClick={close}
          >
            <Avatar name={`${member.prenom} ${member.nom}`} size={28} />
            {/* In the bar (wide screens) the avatar alone shows, the name is the link's label. */}
            <span className="app-nav-label">
              {member.prenom} {member.nom}
            </span>
          </Link>
          <button
            type="button"
            className="btn btn-secondary btn-sm app-nav-logout"
            title="Déconnexion"
            onClick={() => void logout()}
          >
            <Icon as={LogOut} />
            <span className="app-nav-label">Déconnexion</span>
          </button>
        </div>
      </nav>
    </header>
  );
}
