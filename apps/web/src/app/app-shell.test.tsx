import { describe, expect, it } from 'vitest';
import { renderAppShells, SHELL_CLUB } from './app-shell.tsx';
import { SIGNED_IN_PATHS } from './router.tsx';

// The headings the screens draw (app/routes/*, features/*/components/*): the shell's must be the
// same text, or React's first render would change it (docs/decisions/0092-signed-in-app-shell.md).
// null: the frame without a heading (the club dashboard's depends on the member's role).
const HEADINGS: Record<string, string | null> = {
  ':nomClub/dashboard/*': null,
  ':nomClub/membres/*': 'Membres du Club',
  ':nomClub/calendrier/*': 'Calendrier du club',
  ':nomClub/:nomEquipe/matche/*': 'Matches de l&#x27;équipe',
  ':nomClub/parametre/*': 'Paramètres',
  ':nomClub/:nomEquipe/parametre/*': 'Paramètres',
  ':nomClub/profil/*': 'Mon Profil',
  ':nomClub/annonces/*': 'Annonces',
};

describe('[perf] app shells of the signed-in screens', () => {
  const shells = renderAppShells();

  it('lists every signed-in route, in the router order', () => {
    expect(shells.map((s) => s.path)).toEqual(SIGNED_IN_PATHS);
  });

  it("each shell: the inert navigation frame with the club's name, one main and the screen's h1", () => {
    const drawn = Object.fromEntries(shells.filter((s) => s.html).map((s) => [s.path, s.html!]));
    expect(Object.keys(drawn).sort()).toEqual(Object.keys(HEADINGS).sort());
    for (const [path, html] of Object.entries(drawn)) {
      expect(html.startsWith('<div class="app-shell" data-app-shell="">'), path).toBe(true);
      const heading = HEADINGS[path];
      expect(
        [...html.matchAll(/<h1>(.*?)<\/h1>/g)].map((m) => m[1]),
        path,
      ).toEqual(heading === null ? [] : [heading]);
      expect(html.match(/<main /g), path).toHaveLength(1);
      expect(html, path).toContain(`<header class="app-nav" inert="">`);
      expect(html, path).toContain(`<strong>${SHELL_CLUB}</strong>`);
      // No landmark or control a screen reader would meet twice: the bar is inert, no <nav>.
      expect(html, path).not.toContain('<nav');
    }
  });

  it('draws no control the member may not have: no add button on the calendar', () => {
    const calendar = shells.find((s) => s.path === ':nomClub/calendrier/*')!.html!;
    expect(calendar).not.toContain('Ajouter un événement');
  });
});
