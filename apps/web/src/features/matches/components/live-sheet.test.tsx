import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, urlOf, type TCurrentMember, type TMatchLive, type TSheet } from '@club/contract';
import { json, renderAt, stubFetch } from '../../../testing/render.tsx';
import { aCurrentMember, aMatch } from '../../../testing/builders.ts';
import { MatchesPage } from './matches-page.tsx';
import { minuteNow } from './live-sheet.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const SENIORS = { idEquipe: 3, nomEquipe: 'Seniors' };
const coach = aCurrentMember({ id: 2, role: 'ENTRAINEUR', ...SENIORS });
const parent = aCurrentMember({ id: 20, role: 'PARENT', ...SENIORS });
const match = aMatch({
  id: 1,
  statut: 'EN_COURS',
  dateDebut: '2027-02-06T15:00:00',
  dateFin: '2027-02-06T16:30:00',
  equipeDomicile: { id: 3, nom: 'Seniors' },
  equipeExterieur: { id: null, nom: 'FC Voisin' },
});
const sheet: TSheet = {
  enregistree: false,
  joueurs: [
    { membre: { id: 10, nom: 'Durand', prenom: 'Léo' }, titulaire: true, numero: 9 },
    { membre: { id: 11, nom: 'Petit', prenom: 'Hugo' }, titulaire: false, numero: null },
  ],
};
const liveOf = (actions: TMatchLive['actions']): TMatchLive => ({
  matchId: 1,
  statut: 'EN_COURS',
  sport: 'Football',
  typesActions: [
    'BUT',
    'PASSE_DECISIVE',
    'CARTON_JAUNE',
    'CARTON_ROUGE',
    'ENTREE',
    'SORTIE',
    'BUT_ADVERSAIRE',
  ],
  dateDebut: '2027-02-06T15:00:00',
  dateFin: '2027-02-06T16:30:00',
  equipeDomicile: 'Seniors',
  equipeExterieur: 'FC Voisin',
  score: {
    domicile: actions.filter((a) => a.type === 'BUT').length,
    exterieur: actions.filter((a) => a.type === 'BUT_ADVERSAIRE').length,
  },
  scoreSaisi: null,
  ecartScore: null,
  actions,
});

const ACTIONS = urlOf(api.matchSheet.addAction, {
  params: { id: 1 },
  body: { minute: 0, type: 'BUT' },
});

function serve(me: TCurrentMember) {
  let actions: TMatchLive['actions'] = [];
  const calls = stubFetch(async (url, init) => {
    if (url === urlOf(api.dashboard.infos)) return json(200, me);
    if (url.startsWith(urlOf(api.matches.listTeam, { params: { id: 3 } })))
      return json(200, [match]);
    if (url === urlOf(api.members.get, { params: { id: me.id } }))
      return json(200, { id: me.id, enfants: [] });
    if (url === urlOf(api.matchSheet.live, { params: { id: 1 } }))
      return json(200, liveOf(actions));
    if (url === urlOf(api.matchSheet.sheet, { params: { id: 1 } })) return json(200, sheet);
    if (url === ACTIONS && init.method === 'POST') {
      const body = JSON.parse(init.body as string) as {
        minute: number;
        type: 'BUT';
        membreId?: number;
        cle: string;
      };
      const membre = sheet.joueurs.find((j) => j.membre.id === body.membreId)?.membre ?? null;
      const action = {
        id: actions.length + 1,
        minute: body.minute,
        type: body.type,
        points: null,
        membre,
        cle: body.cle,
      };
      actions = [...actions, action];
      return json(201, action);
    }
    if (url.startsWith(`${ACTIONS}/`) && init.method === 'DELETE') {
      actions = actions.slice(0, -1);
      return json(200, liveOf(actions));
    }
    return json(404, { message: 'Ressource introuvable.' });
  });
  return calls;
}
const atTeamPage = () =>
  renderAt('/FC/Seniors/matche', ':nomClub/:nomEquipe/matche/*', <MatchesPage />);

describe('[matches] the live sheet (decisions 0125–0127)', () => {
  it('the minute from the kick-off, within the match', () => {
    const start = new Date('2027-02-06T15:00:00').getTime();
    expect(minuteNow('2027-02-06T15:00:00', '2027-02-06T16:30:00', start + 23.5 * 60_000)).toBe(23);
    expect(minuteNow('2027-02-06T15:00:00', '2027-02-06T16:30:00', start - 60_000)).toBe(0);
    expect(minuteNow('2027-02-06T15:00:00', '2027-02-06T16:30:00', start + 300 * 60_000)).toBe(90);
  });

  it('the coach records a goal in two taps with a cle, then undoes it', async () => {
    const calls = serve(coach);
    atTeamPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Direct/ }));
    const live = await screen.findByRole('region', { name: 'Direct' });
    expect(within(live).getByTestId('score-direct')).toHaveTextContent('0 – 0');
    await user.clear(within(live).getByLabelText('Minute'));
    await user.type(within(live).getByLabelText('Minute'), '12');
    await user.click(within(live).getByRole('button', { name: 'But' }));
    const players = await within(live).findByRole('group', { name: 'Joueur : But' });
    await user.click(within(players).getByRole('button', { name: /Léo Durand/ }));
    await waitFor(() =>
      expect(within(live).getByTestId('score-direct')).toHaveTextContent('1 – 0'),
    );
    expect(within(live).getByRole('list', { name: 'Actions du match' })).toHaveTextContent(
      "12' But — Léo Durand",
    );
    const post = calls.find((c) => c.url === ACTIONS)!;
    const body = JSON.parse(post.init.body as string) as Record<string, unknown>;
    expect(body).toMatchObject({ minute: 12, type: 'BUT', membreId: 10 });
    expect(body.cle).toEqual(expect.any(String));
    await user.click(within(live).getByRole('button', { name: 'Annuler la dernière action' }));
    await waitFor(() =>
      expect(within(live).getByTestId('score-direct')).toHaveTextContent('0 – 0'),
    );
  });

  it('a parent reads the score and the actions, no controls', async () => {
    serve(parent);
    atTeamPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Direct/ }));
    const live = await screen.findByRole('region', { name: 'Direct' });
    expect(within(live).getByText('Aucune action pour l’instant.')).toBeInTheDocument();
    expect(within(live).queryByRole('button', { name: 'But' })).toBeNull();
    expect(within(live).queryByRole('button', { name: 'Créer le lien public' })).toBeNull();
  });
});
