import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  api,
  buildPath,
  type TConvocation,
  type TCurrentMember,
  type TMatch,
} from '@club/contract';
import { json, renderAt, stubFetch } from '../../../testing/render.tsx';
import { aConvocation, aCurrentMember, aMatch } from '../../../testing/builders.ts';
import { MatchesPage } from './matches-page.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** The selection of match 1 (PUT). */
const selection1 = buildPath(api.matches.selection.path, { id: 1 });
const SENIORS = { idEquipe: 3, nomEquipe: 'Seniors' };
const coach = aCurrentMember({ id: 2, role: 'ENTRAINEUR', ...SENIORS });
const leo = aCurrentMember({ id: 10, role: 'JOUEUR', prenom: 'Léo', nom: 'Durand', ...SENIORS });

/** An away match with a meeting time, its answers counted for the coach. */
const away = aMatch({
  id: 1,
  statut: 'A_VENIR',
  dateDebut: '2027-02-06T15:00:00',
  domicile: false,
  equipeDomicile: { id: null, nom: 'AS Voisine' },
  equipeExterieur: { id: 3, nom: 'Seniors' },
  adversaire: 'AS Voisine',
  rendezVous: '2027-02-06T13:30:00',
  lieuRendezVous: 'Parking du stade',
  reponses: { presents: 2, absents: 1, sansReponse: 1 },
});

const rows: TConvocation[] = [
  aConvocation({ joueur: { id: 10, prenom: 'Léo', nom: 'Durand' }, statutPresence: 'DISPONIBLE' }),
  aConvocation({
    joueur: { id: 11, prenom: 'Inès', nom: 'Bernard' },
    statutPresence: 'INDISPONIBLE',
  }),
  aConvocation({ joueur: { id: 12, prenom: 'Hugo', nom: 'Petit' }, statutPresence: 'DISPONIBLE' }),
  aConvocation({ joueur: { id: 13, prenom: 'Zoé', nom: 'Roux' } }),
];

function serve(me: TCurrentMember, match: TMatch, convocations: TConvocation[]) {
  return stubFetch(async (url, init) => {
    if (url === api.dashboard.infos.path) return json(200, me);
    if (url.startsWith(api.matches.listTeam.path.replace(':id', ''))) return json(200, [match]);
    if (url === buildPath(api.members.get.path, { id: me.id }))
      return json(200, { id: me.id, enfants: [] });
    if (url === buildPath(api.matches.convocations.path, { id: 1 })) return json(200, convocations);
    if (url === selection1 && init.method === 'PUT') {
      const body = JSON.parse(init.body as string) as {
        joueurs: { membreId: number; selection: TConvocation['selection'] }[];
      };
      return json(
        200,
        convocations.map((r) => ({
          ...r,
          selection: body.joueurs.find((j) => j.membreId === r.joueur.id)?.selection ?? null,
        })),
      );
    }
    return json(404, { message: 'Ressource introuvable.' });
  });
}
const atTeamPage = () =>
  renderAt('/FC/Seniors/matche', ':nomClub/:nomEquipe/matche/*', <MatchesPage />);

describe('[matches] the card on match day', () => {
  it('names the opponent and the side, gives the meeting time and place and the answer counts', async () => {
    serve(coach, away, rows);
    atTeamPage();
    const card = (await screen.findAllByRole('article'))[0]!;
    expect(within(card).getByText('Adversaire : AS Voisine')).toBeInTheDocument();
    expect(within(card).getByText(/À l’extérieur/)).toBeInTheDocument();
    expect(within(card).getByText('Rendez-vous 13h30 · Parking du stade')).toBeInTheDocument();
    expect(within(card).getByText('2 présents · 1 absent · 1 sans réponse')).toBeInTheDocument();
  });

  it('a player sees no selection button', async () => {
    serve(leo, { ...away, reponses: null }, rows);
    atTeamPage();
    const card = (await screen.findAllByRole('article'))[0]!;
    expect(within(card).queryByRole('button', { name: /^Sélection/ })).toBeNull();
  });
});

describe('[matches] the coach’s selection', () => {
  it('chooses per player (an absent player can only be “Non retenu”), counts against the match sheet, publishes', async () => {
    const calls = serve(coach, away, rows);
    atTeamPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Sélection/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sélection' });
    const leoSelect = await within(dialog).findByLabelText(/Léo Durand/);
    const ines = within(dialog).getByLabelText(/Inès Bernard/);
    const inesOptions = within(ines).getAllByRole('option') as HTMLOptionElement[];
    expect(inesOptions.filter((o) => o.disabled).map((o) => o.textContent)).toEqual([
      'Sélectionné',
      'Remplaçant',
    ]);
    await user.selectOptions(leoSelect, 'SELECTIONNE');
    await user.selectOptions(within(dialog).getByLabelText(/Hugo Petit/), 'REMPLACANT');
    await user.selectOptions(ines, 'NON_RETENU');
    expect(within(dialog).getByText(/1 sélectionné et 1 remplaçant pour 16 places/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    expect(
      await within(dialog).findByText('Sélection publiée : les joueurs sont prévenus.'),
    ).toBeInTheDocument();
    const put = calls.find((c) => c.url === selection1);
    expect(JSON.parse(put!.init.body as string)).toEqual({
      joueurs: [
        { membreId: 10, selection: 'SELECTIONNE' },
        { membreId: 11, selection: 'NON_RETENU' },
        { membreId: 12, selection: 'REMPLACANT' },
        { membreId: 13, selection: null },
      ],
      publier: true,
    });
  });

  it('“Enregistrer” saves without publishing', async () => {
    const calls = serve(coach, away, rows);
    atTeamPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Sélection/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sélection' });
    await user.selectOptions(await within(dialog).findByLabelText(/Léo Durand/), 'SELECTIONNE');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.url === selection1)).toBe(true));
    const put = calls.find((c) => c.url === selection1);
    expect(JSON.parse(put!.init.body as string).publier).toBe(false);
  });
});

describe('[matches] injured, ill and suspended players in the selection (decision 0108)', () => {
  it('shows their status beside their name and offers them only “Non retenu”', async () => {
    const calls = serve(coach, away, [
      { ...rows[0]!, statutJoueur: 'Actif' },
      aConvocation({ joueur: { id: 14, prenom: 'Lucas', nom: 'Martin' }, statutJoueur: 'Blessé' }),
      aConvocation({
        joueur: { id: 15, prenom: 'Sam', nom: 'Roux' },
        statutPresence: 'DISPONIBLE',
        statutJoueur: 'Suspendu',
      }),
    ]);
    atTeamPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Sélection/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sélection' });
    const lucas = await within(dialog).findByLabelText(/Lucas Martin/);
    const disabled = (select: HTMLElement) =>
      (within(select).getAllByRole('option') as HTMLOptionElement[])
        .filter((o) => o.disabled)
        .map((o) => o.textContent);
    expect(disabled(lucas)).toEqual(['Sélectionné', 'Remplaçant']);
    // even after a "Présent" answer
    expect(disabled(within(dialog).getByLabelText(/Sam Roux/))).toEqual([
      'Sélectionné',
      'Remplaçant',
    ]);
    expect(disabled(within(dialog).getByLabelText(/Léo Durand/))).toEqual([]);
    expect(within(dialog).getByText('Blessé')).toHaveClass('player-status');
    expect(within(dialog).getByText('Suspendu')).toHaveClass('player-status');
    // an ACTIF player gets no badge
    expect(within(dialog).queryByText('Actif')).toBeNull();
    await user.selectOptions(lucas, 'NON_RETENU');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.url === selection1)).toBe(true));
  });
});

describe('[matches] the player’s published selection', () => {
  it('shows “Sélectionné” with the meeting time in the convocation once published', async () => {
    serve(leo, { ...away, reponses: null, selectionPublieeLe: '2027-02-01T10:00:00Z' }, [
      { ...rows[0]!, selection: 'SELECTIONNE' },
    ]);
    atTeamPage();
    const card = (await screen.findAllByRole('article'))[0]!;
    expect(within(card).getByText('Sélection publiée')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: /Convocation/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Convocation' });
    expect(await within(dialog).findByText('Sélectionné')).toBeInTheDocument();
    expect(within(dialog).getByText(/rendez-vous à 13h30, Parking du stade/)).toBeInTheDocument();
  });
});

describe('[matches] the page opens at the next match', () => {
  it('scrolls the first upcoming match into view, the past ones above', async () => {
    const scrolled: string[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    try {
      const past = aMatch({ id: 5, statut: 'TERMINE', dateDebut: '2027-01-10T15:00:00' });
      stubFetch(async (url) => {
        if (url === api.dashboard.infos.path) return json(200, coach);
        if (url.startsWith(api.matches.listTeam.path.replace(':id', '')))
          return json(200, [past, away]);
        return json(404, { message: 'Ressource introuvable.' });
      });
      atTeamPage();
      await screen.findAllByRole('article');
      await waitFor(() => expect(scrolled).toEqual(['match-1']));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
