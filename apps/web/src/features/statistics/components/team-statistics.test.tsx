import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, urlOf, type TPlayerStatistics, type TTeamStatistics } from '@club/contract';
import { json, renderAt, stubFetch } from '../../../testing/render.tsx';
import { TeamStatistics } from './team-statistics.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const player = (id: number, prenom: string, over: Partial<TPlayerStatistics> = {}) => ({
  membre: { id, nom: 'Fabre', prenom },
  actuel: true,
  entrainements: { presents: 3, total: 4 },
  matchs: { convocations: 2, disponibles: 2, selectionne: 2, remplacant: 0, nonRetenu: 0 },
  tauxPresence: 75,
  partSelection: 100,
  alerteEquite: false,
  buts: 0,
  passes: 0,
  cartons: 0,
  minutesJouees: 120,
  partTempsDeJeu: 100,
  alerteTempsDeJeu: false,
  ...over,
});

const coachView: TTeamStatistics = {
  equipe: { id: 3, nom: 'Seniors' },
  saison: { libelle: '2026-2027', debut: '2026-07-01', fin: '2027-06-30' },
  resultats: {
    joues: 2,
    victoires: 1,
    nuls: 1,
    defaites: 0,
    butsPour: 2,
    butsContre: 1,
    forme: ['V', 'N'],
  },
  entrainementsTenus: 4,
  medianeSelection: 100,
  medianeTempsDeJeu: 100,
  complet: true,
  joueurs: [
    player(1, 'Inès'),
    player(2, 'Zoé', {
      matchs: { convocations: 2, disponibles: 2, selectionne: 0, remplacant: 0, nonRetenu: 2 },
      partSelection: 0,
      alerteEquite: true,
      minutesJouees: 10,
      partTempsDeJeu: 8,
      alerteTempsDeJeu: true,
    }),
  ],
};

describe('TeamStatistics', () => {
  it('the coach: results, the chart and its table, the fairness alert, the seasons', async () => {
    const calls = stubFetch(async (url) =>
      url.startsWith(urlOf(api.statistics.team, { params: { teamId: 3 } }))
        ? json(200, coachView)
        : json(404, {}),
    );
    renderAt(
      '/c/Seniors/statistiques',
      '/c/:nomEquipe/statistiques',
      <TeamStatistics teamId={3} />,
    );
    expect(await screen.findByRole('heading', { name: 'Statistiques – Seniors' })).toBeVisible();
    expect(screen.getByRole('list', { name: /Forme des derniers matchs/ })).toHaveTextContent(
      'VVictoireNNul',
    );
    const chart = screen.getByRole('figure');
    expect(within(chart).getAllByRole('listitem')[1]).toHaveTextContent('Zoé Fabre Équité');
    expect(screen.getByText(/Équité du temps de jeu/).parentElement).toHaveTextContent(
      'Zoé Fabre (0 %)',
    );
    // Minutes played from the match sheets (decision 0128): the alert and the columns.
    expect(screen.getByText(/^Minutes jouées :/).parentElement).toHaveTextContent(
      'Zoé Fabre (8 %)',
    );
    const table = screen.getByRole('region', { name: 'Tableau des chiffres par joueur' });
    expect(within(table).getByRole('columnheader', { name: 'Minutes jouées' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Zoé Fabre/ })).toHaveTextContent('Oui');
    expect(screen.getByRole('button', { name: 'Exporter en CSV' })).toBeVisible();
    // the season picker: the current one and the four before; choosing one asks for it
    const select = screen.getByLabelText('Saison');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2026–2027', '2025–2026', '2024–2025', '2023–2024', '2022–2023']);
    await userEvent.selectOptions(select, '2025-2026');
    await waitFor(() => expect(calls.some((c) => c.url.includes('saison=2025-2026'))).toBe(true));
  });

  it('the chart draws the share of playing time beside presence and selection, with its flag (decision 0128)', async () => {
    stubFetch(async (url) =>
      url.startsWith(urlOf(api.statistics.team, { params: { teamId: 3 } }))
        ? json(200, {
            ...coachView,
            joueurs: [
              ...coachView.joueurs,
              // On no sheet and never available: no share, no minutes to draw.
              player(4, 'Léa', { minutesJouees: 0, partTempsDeJeu: null }),
            ],
          })
        : json(404, {}),
    );
    renderAt(
      '/c/Seniors/statistiques',
      '/c/:nomEquipe/statistiques',
      <TeamStatistics teamId={3} />,
    );
    const chart = await screen.findByRole('figure');
    expect(chart).toHaveTextContent(/part du temps de jeu \(minutes jouées ÷ minutes des matchs/);
    const [ines, zoe, lea] = within(chart).getAllByRole('listitem');
    expect(ines).toHaveTextContent('Temps de jeu 100 % · 120 min');
    expect(ines).not.toHaveTextContent('Minutes');
    expect(ines).not.toHaveClass('is-flagged');
    expect(zoe).toHaveTextContent('Temps de jeu 8 % · 10 min');
    expect(within(zoe!).getByText('Minutes')).toBeInTheDocument();
    expect(zoe).toHaveClass('is-flagged');
    expect(lea).toHaveTextContent(/Temps de jeu -$/);
    // The bar's length is the share (the figure is written beside it).
    const fill = (li: HTMLElement) =>
      li.querySelector('.stats-bar-minutes .stats-bar-fill')?.getAttribute('width') ?? null;
    expect([fill(ines!), fill(zoe!), fill(lea!)]).toEqual(['100', '8', null]);
  });

  it('phones: one card per player, each value beside its label; the wide table scrolls in a focusable frame', async () => {
    stubFetch(async (url) =>
      url.startsWith(urlOf(api.statistics.team, { params: { teamId: 3 } }))
        ? json(200, coachView)
        : json(404, {}),
    );
    renderAt(
      '/c/Seniors/statistiques',
      '/c/:nomEquipe/statistiques',
      <TeamStatistics teamId={3} />,
    );
    const cards = await screen.findByRole('list', { name: 'Chiffres par joueur' });
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const zoe = items[1]!;
    expect(within(zoe).getByRole('heading', { level: 3 })).toHaveTextContent('Zoé Fabre');
    // every value of the table's row, each in a term / definition pair
    const pairs = within(zoe)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Entraînements', '3 / 4'],
      ['Présence', '75 %'],
      ['Convocations', '2'],
      ['Disponible', '2'],
      ['Sélectionné', '0'],
      ['Remplaçant', '0'],
      ['Non retenu', '2'],
      ['Part de sélection', '0 %'],
      ['Alerte équité', 'Oui'],
      ['Buts', '0'],
      ['Passes décisives', '0'],
      ['Cartons', '0'],
      ['Minutes jouées', '10'],
      ['Part du temps de jeu', '8 %'],
      ['Alerte temps de jeu', 'Oui'],
    ]);
    for (const dt of within(zoe).getAllByRole('term'))
      expect(dt.nextElementSibling?.tagName).toBe('DD');
    // wider screens: the same figures in the table, whose frame keyboard users can scroll
    const table = screen.getByRole('region', { name: 'Tableau des chiffres par joueur' });
    expect(table).toHaveAttribute('tabindex', '0');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Joueur', ...pairs.map(([label]) => label)]);
  });

  it('a player: their own figures, no flag, no export; an error in French', async () => {
    stubFetch(async () =>
      json(200, {
        ...coachView,
        complet: false,
        medianeSelection: null,
        medianeTempsDeJeu: null,
        joueurs: [{ ...player(1, 'Inès'), alerteEquite: null, alerteTempsDeJeu: null }],
      }),
    );
    renderAt(
      '/c/Seniors/statistiques',
      '/c/:nomEquipe/statistiques',
      <TeamStatistics teamId={3} />,
    );
    expect(await screen.findByRole('heading', { name: 'Mes chiffres' })).toBeVisible();
    expect(screen.queryByText(/Équité/)).toBeNull();
    expect(screen.getByRole('figure')).toHaveTextContent('Temps de jeu 100 % · 120 min');
    expect(within(screen.getByRole('figure')).queryByText('Minutes')).toBeNull();
    const card = within(screen.getByRole('list', { name: 'Chiffres par joueur' })).getByRole(
      'listitem',
    );
    expect(within(card).queryByText('Alerte équité')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Exporter en CSV' })).toBeNull();
    cleanup();
    stubFetch(async () => json(403, { message: 'Accès refusé.' }));
    renderAt(
      '/c/Seniors/statistiques',
      '/c/:nomEquipe/statistiques',
      <TeamStatistics teamId={3} />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Accès refusé.');
  });

  it('attendance never taken: « non relevée », never « 0 % », beside the trainings held (decision 0106)', async () => {
    stubFetch(async () =>
      json(200, {
        ...coachView,
        entrainementsTenus: 14,
        joueurs: [
          player(1, 'Inès', { entrainements: { presents: 0, total: 14 }, tauxPresence: null }),
        ],
      }),
    );
    renderAt(
      '/c/Seniors/statistiques',
      '/c/:nomEquipe/statistiques',
      <TeamStatistics teamId={3} />,
    );
    expect(await screen.findByText(/14 entraînements tenus/)).toBeVisible();
    const chart = screen.getByRole('figure');
    expect(within(chart).getByRole('listitem')).toHaveTextContent('Présence non relevée');
    const table = screen.getByRole('region', { name: 'Tableau des chiffres par joueur' });
    const row = within(table).getByRole('row', { name: /Inès Fabre/ });
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent(/^non relevée$/);
    expect(chart).not.toHaveTextContent('Présence 0 %');
  });
});
