import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Menu } from 'lucide-react';
import { Icon } from '../components/ui/icon.tsx';
import { ANNOUNCEMENT_TEXTS } from '../features/announcements/texts.ts';
import { SIGNED_IN_PATHS } from './router.tsx';

/**
 * The app shell of signed-in URLs (docs/decisions/0092-signed-in-app-shell.md): the frame of the
 * signed-in layout and the heading of the screen, as static HTML that the server puts in #root of
 * spa.html, so the first paint (and the largest one, the h1) happens at HTML parse instead of after
 * the scripts. React's first render replaces it (main.tsx renders once the screen can be drawn).
 *
 * Rendered at build time only (prerender-entry.tsx → prerender.mjs → dist/app-shell.json): this
 * module is never in the browser's bundle. The markup repeats that of SignedInNav and of each
 * screen's heading (same classes, so the same place): a change there is to be made here too
 * (the e2e check performance/app-shell.spec.ts measures the shift).
 */

/** Stands for the club's name of the URL; the server puts it in, HTML-escaped (plugins/web.ts). */
export const SHELL_CLUB = '__CLUB_NAME__';

/** The navigation bar's frame: the club's name, the links as placeholders, the burger. Inert. */
function ShellNav() {
  return (
    <header className="app-nav" inert>
      <div className="container app-nav-inner">
        <div className="app-nav-brand">
          <span className="avatar app-shell-avatar" style={{ width: 40, height: 40 }} />
          <div className="app-nav-names">
            <strong>{SHELL_CLUB}</strong>
          </div>
        </div>
        <button type="button" className="btn btn-secondary btn-sm app-nav-burger" tabIndex={-1}>
          <Icon as={Menu} /> Menu
        </button>
        <div className="app-nav-menu">
          <ul>
            {[7, 5, 5, 4, 5, 6].map((w, i) => (
              <li key={i}>
                <span className="app-shell-link" style={{ width: `${w}em` }} />
              </li>
            ))}
          </ul>
          <span className="avatar app-shell-avatar app-shell-profile" />
        </div>
      </div>
    </header>
  );
}

/** The screens with a heading known from the URL alone, with the markup above their h1. */
const SCREENS: { paths: string[]; heading: ReactNode }[] = [
  {
    // The club dashboard: its heading is the role's ("Tableau de bord" for leaders, the team
    // dashboard's welcome for a team member, routes/dashboard.tsx), so the frame only: a heading
    // drawn here would change under a team member's eyes.
    paths: [':nomClub/dashboard/*'],
    heading: <main id="contenu" className="container page dashboard" />,
  },
  {
    // app/routes/club-members.tsx (leaders; its three buttons set the row's height).
    paths: [':nomClub/membres/*'],
    heading: (
      <main id="contenu" className="container page">
        <div className="page-head">
          <h1>Membres du Club</h1>
          <div className="page-head-actions" inert>
            <span className="btn btn-secondary">Importer</span>
            <span className="btn btn-secondary">Exporter</span>
            <span className="btn">+ Ajouter un membre</span>
          </div>
        </div>
      </main>
    ),
  },
  {
    // features/calendar/components/calendar-page.tsx. Not its '+ Ajouter un événement' (only for
    // those who may add, unknown here): the row keeps the h1 at the top whether the button comes
    // or not (styles/app-shell.css).
    paths: [':nomClub/calendrier/*'],
    heading: (
      <main id="contenu" className="container page calendar-route">
        <div className="calendar-page">
          <div className="calendar-header">
            <div>
              <h1>Calendrier du club</h1>
            </div>
          </div>
        </div>
      </main>
    ),
  },
  {
    // features/matches/components/matches-page.tsx.
    paths: [':nomClub/:nomEquipe/matche/*'],
    heading: (
      <main id="contenu" className="container page matches-page">
        <h1>Matches de l&apos;équipe</h1>
      </main>
    ),
  },
  {
    paths: [':nomClub/parametre/*', ':nomClub/:nomEquipe/parametre/*'],
    heading: (
      <main id="contenu" className="container page">
        <h1>Paramètres</h1>
      </main>
    ),
  },
  {
    paths: [':nomClub/profil/*'],
    heading: (
      <main id="contenu" className="container page narrow">
        <h1>Mon Profil</h1>
      </main>
    ),
  },
  {
    paths: [':nomClub/annonces/*'],
    heading: (
      <main id="contenu" className="container page narrow">
        <h1>{ANNOUNCEMENT_TEXTS.pageTitle}</h1>
      </main>
    ),
  },
];

export interface AppShellRoute {
  /** A signed-in route's path, as in router.tsx (`:nomClub/membres/*`). */
  path: string;
  /** The markup for #root, with SHELL_CLUB where the club's name goes; null: no shell. */
  html: string | null;
}

/**
 * Every signed-in route with its screen's shell as static markup, or null (written to
 * dist/app-shell.json by prerender.mjs). Every route is listed, so that the server picks the same
 * route as the router for a URL that several paths match.
 */
export function renderAppShells(): AppShellRoute[] {
  const unknown = SCREENS.flatMap((s) => s.paths).filter((p) => !SIGNED_IN_PATHS.includes(p));
  if (unknown.length) throw new Error(`coquille : route inconnue ${unknown.join(', ')}`);
  return SIGNED_IN_PATHS.map((path) => {
    const screen = SCREENS.find((s) => s.paths.includes(path));
    const html = screen
      ? renderToStaticMarkup(
          <div className="app-shell" data-app-shell="">
            <a className="skip-link" href="#contenu">
              Aller au contenu
            </a>
            <ShellNav />
            {screen.heading}
          </div>,
        )
      : null;
    return { path, html };
  });
}
