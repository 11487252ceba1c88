import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, urlOf } from '@club/contract';
import { aCurrentMember, aTeam } from '../../testing/builders.ts';
import { json, renderAt, stubFetch } from '../../testing/render.tsx';
import CalendarPage from './calendar.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const u15 = aTeam({ id: 6, nom: 'U15', division: 'D1', category: 'U15', idClub: 2 });
const u17 = aTeam({ id: 5, nom: 'U17', division: 'D1', category: 'U17', idClub: 2 });
// A coach of U15 and U17 (the club lists U15 first).
const coach = aCurrentMember({
  role: 'ENTRAINEUR',
  idEquipe: 6,
  nomEquipe: 'U15',
  equipes: [
    { id: 6, nom: 'U15', role: 'ENTRAINEUR' },
    { id: 5, nom: 'U17', role: 'ENTRAINEUR' },
  ],
});

function show(path: string, routePath: string) {
  stubFetch((url) => {
    if (url.startsWith(urlOf(api.dashboard.infos))) return json(200, coach);
    if (url.startsWith(urlOf(api.teams.listClub, { params: { clubId: 2 } })))
      return json(200, [u15, u17]);
    if (url.startsWith(urlOf(api.events.listClub, { params: { clubId: 2 } }))) return json(200, []);
    return json(404, {});
  });
  renderAt(path, routePath, <CalendarPage />);
}

const teamName = (el: HTMLElement) => el.closest('label')!.textContent!.split(' • ')[0];

// FullCalendar and the form load on first use: a loaded machine needs more than the default 5 s.
describe(
  '[calendar] the route passes its team to « Ajouter un événement » (decision 0105)',
  { timeout: 20_000 },
  () => {
    it('in the U17 area: U17 only ticked, first', async () => {
      show('/FC%20Ete/U17/calendrier', ':nomClub/:nomEquipe/calendrier/*');
      await userEvent.click(await screen.findByRole('button', { name: /Ajouter un événement/ }));
      // The modal's code is loaded on the first click.
      const group = await screen.findByRole(
        'group',
        { name: 'Équipes concernées' },
        { timeout: 5000 },
      );
      const boxes = within(group).getAllByRole('checkbox') as HTMLInputElement[];
      expect(boxes.map(teamName)).toEqual(['U17', 'U15']);
      expect(boxes.filter((b) => b.checked).map(teamName)).toEqual(['U17']);
    });

    it('in the club calendar: nothing ticked', async () => {
      show('/FC%20Ete/calendrier', ':nomClub/calendrier/*');
      await userEvent.click(await screen.findByRole('button', { name: /Ajouter un événement/ }));
      // The modal's code is loaded on the first click.
      const group = await screen.findByRole(
        'group',
        { name: 'Équipes concernées' },
        { timeout: 5000 },
      );
      const boxes = within(group).getAllByRole('checkbox') as HTMLInputElement[];
      expect(boxes.filter((b) => b.checked)).toEqual([]);
    });
  },
);
