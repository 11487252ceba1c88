import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, buildPath, queryString, type TCurrentMember, type TMatch } from '@club/contract';
import { json, renderAt, stubFetch, type Responder } from '../../../testing/render.tsx';
import { aCurrentMember, aMatch, aTeam } from '../../../testing/builders.ts';
import { MatchesPage } from './matches-page.tsx';
import { SCORE_SAVED } from './score-form.tsx';
import { ToastProvider } from '../../../components/ui/toast.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const SENIORS = { id: 3, nom: 'Seniors' };
const coach = aCurrentMember({
  id: 2,
  role: 'ENTRAINEUR',
  idEquipe: SENIORS.id,
  nomEquipe: SENIORS.nom,
});
const player = aCurrentMember({
  id: 10,
  role: 'JOUEUR',
  prenom: 'Léo',
  nom: 'Durand',
  idEquipe: SENIORS.id,
  nomEquipe: SENIORS.nom,
});

const finished = aMatch({
  id: 1,
  dateDebut: '2027-01-14T15:00:00',
  statut: 'TERMINE',
  scoreDomicile: 2,
  scoreExterieur: 1,
});
const upcoming = aMatch({
  id: 2,
  dateDebut: '2027-02-06T18:30:00',
  statut: 'A_VENIR',
  equipeExterieur: null,
  lieux: 'Gymnase Nord',
});
const live = aMatch({
  id: 3,
  dateDebut: '2027-01-02T10:00:00',
  statut: 'EN_COURS',
  equipeExterieur: { id: null, nom: 'Étoile Sportive' },
});
const cancelled = aMatch({ id: 4, dateDebut: '2027-02-20T10:00:00', statut: 'ANNULE' });

/** Every match call, any team's matches, and one team's matches (with a filter). */
const ANY_MATCH = api.matches.get.path.replace(':id', '');
const TEAM_MATCHES = api.matches.listTeam.path.replace(':id', '');
const teamMatches = (id: number, statut?: string) =>
  buildPath(api.matches.listTeam.path, { id }) + queryString({ statut });

function serve(
  me: TCurrentMember,
  matches: TMatch[] | ((url: string) => TMatch[]),
  extra?: Responder,
) {
  return stubFetch(async (url, init) => {
    if (url === api.dashboard.infos.path) return json(200, me);
    if (url.startsWith(TEAM_MATCHES))
      return json(200, typeof matches === 'function' ? matches(url) : matches);
    if (extra) return extra(url, init);
    return json(404, { message: 'Ressource introuvable.' });
  });
}

const atTeamPage = () =>
  renderAt('/FC%20%C3%89t%C3%A9/Seniors/matche', ':nomClub/:nomEquipe/matche/*', <MatchesPage />);

const cards = () => screen.getAllByRole('article');

describe('[matches] page: grouping, cards, filters (spec §2)', () => {
  it('lists the team’s matches by date under French month headings, with the cards of spec §2', async () => {
    const calls = serve(coach, [cancelled, upcoming, finished, live]);
    atTeamPage();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      "Matches de l'équipe",
    );
    await screen.findByRole('heading', { name: 'Janvier 2027' });
    expect(calls.map((c) => c.url)).toContain(teamMatches(3));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Janvier 2027',
      'Février 2027',
    ]);
    const january = screen.getByRole('region', { name: 'Janvier 2027' });
    const [first, second] = within(january).getAllByRole('article');
    // Sorted ascending: the 2nd before the 14th.
    expect(first).toHaveTextContent('2');
    expect(first).toHaveTextContent('10h00');
    expect(first).toHaveTextContent('Étoile Sportive');
    expect(within(first!).getByText('En cours')).toBeInTheDocument();
    expect(second).toHaveTextContent('14');
    expect(second).toHaveTextContent('janv.');
    expect(second).toHaveTextContent('15h00');
    expect(within(second!).getByText('Terminé')).toBeInTheDocument();
    expect(second).toHaveTextContent('Stade municipal');
    // Finished: the scores are bold (strong); a score that is not a number is a dash.
    expect(within(second!).getByText('2').tagName).toBe('STRONG');
    expect(within(first!).getAllByText('-').length).toBeGreaterThanOrEqual(2);
    const february = within(screen.getByRole('region', { name: 'Février 2027' })).getAllByRole(
      'article',
    );
    expect(february[0]).toHaveTextContent('À venir');
    expect(february[0]).toHaveTextContent('Gymnase Nord');
    // The missing away team is a dash.
    expect(within(february[0]!).getAllByText('-').length).toBeGreaterThanOrEqual(1);
    expect(february[1]).toHaveTextContent('Annulé');
    for (const card of cards())
      expect(within(card).getByRole('button', { name: /Convocation/ })).toBeInTheDocument();
  });

  it('the status filter asks the server with ?statut=, and Tous omits it', async () => {
    const calls = serve(coach, (url) =>
      url.includes('statut=TERMINE') ? [finished] : [finished, upcoming],
    );
    atTeamPage();
    await screen.findByRole('heading', { name: 'Février 2027' });
    const filter = screen.getByLabelText('Statut');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tous', 'À venir', 'En cours', 'Terminé', 'Annulé']);
    await userEvent.selectOptions(filter, 'Terminé');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Février 2027' })).not.toBeInTheDocument(),
    );
    expect(calls.map((c) => c.url)).toContain(teamMatches(3, 'TERMINE'));
    await userEvent.selectOptions(filter, 'Tous');
    await screen.findByRole('heading', { name: 'Février 2027' });
    const urls = calls.filter((c) => c.url.startsWith(ANY_MATCH)).map((c) => c.url);
    expect(urls.slice(0, 2)).toEqual([teamMatches(3), teamMatches(3, 'TERMINE')]);
    expect(urls.slice(2).every((u) => u === teamMatches(3))).toBe(true);
  });

  it('searches team names and venue, and says when nothing matches', async () => {
    serve(coach, [finished, upcoming, live]);
    atTeamPage();
    await screen.findByRole('heading', { name: 'Janvier 2027' });
    const search = screen.getByLabelText('Rechercher');
    await userEvent.type(search, 'etoile');
    expect(cards()).toHaveLength(1);
    expect(cards()[0]).toHaveTextContent('Étoile Sportive');
    await userEvent.clear(search);
    await userEvent.type(search, 'gymnase');
    expect(cards()).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Février 2027');
    await userEvent.clear(search);
    await userEvent.type(search, 'Marseille');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('Aucun match correspondant.')).toBeInTheDocument();
  });

  it('shows the loading text, then the error text with the server’s message', async () => {
    let fail!: (r: Response) => void;
    stubFetch(async (url) => {
      if (url === api.dashboard.infos.path) return json(200, coach);
      return new Promise<Response>((resolve) => (fail = resolve));
    });
    atTeamPage();
    expect(await screen.findByText('Chargement des matches…')).toBeInTheDocument();
    fail(json(403, { message: 'Action non autorisée.' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Impossible de charger — Action non autorisée.',
    );
  });

  it('a failure without a server message says the spec’s French words, never the raw error; Réessayer loads again', async () => {
    let attempts = 0;
    stubFetch(async (url) => {
      if (url === api.dashboard.infos.path) return json(200, coach);
      if (url.startsWith(TEAM_MATCHES)) {
        attempts += 1;
        if (attempts === 1) throw new TypeError('boom');
        return json(200, [upcoming]);
      }
      return json(404, { message: 'Ressource introuvable.' });
    });
    atTeamPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Impossible de charger — Erreur de chargement');
    expect(alert).not.toHaveTextContent('boom');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('without a team: "Sélection d\'équipe requise" and "Équipe non définie (equipeId manquant)"', async () => {
    const leader = aCurrentMember();
    serve(leader, [], (url) =>
      url === buildPath(api.teams.listClub.path, { clubId: 2 })
        ? json(200, [aTeam({ id: 7, nom: 'U15' })])
        : json(404, {}),
    );
    atTeamPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: "Sélection d'équipe requise" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Équipe non définie (equipeId manquant)')).toBeInTheDocument();
  });

  it('a leader (no team of their own) gets the team the route names, among the club’s teams', async () => {
    const leader = aCurrentMember();
    const calls = serve(leader, [finished], (url) =>
      url === buildPath(api.teams.listClub.path, { clubId: 2 })
        ? json(200, [aTeam({ id: 3, nom: 'Seniors' })])
        : json(404, {}),
    );
    atTeamPage();
    await screen.findByRole('heading', { name: 'Janvier 2027' });
    expect(calls.map((c) => c.url)).toContain(teamMatches(3));
  });

  it('a member of several teams sees the team the route names (the team switcher’s link)', async () => {
    const twoTeams = aCurrentMember({
      ...coach,
      equipes: [SENIORS, { id: 8, nom: 'U15' }],
    });
    const calls = serve(twoTeams, [finished]);
    renderAt('/FC/U15/matche', ':nomClub/:nomEquipe/matche/*', <MatchesPage />);
    await screen.findByRole('heading', { name: 'Janvier 2027' });
    expect(calls.filter((c) => c.url.startsWith(ANY_MATCH)).map((c) => c.url)).toEqual([
      teamMatches(8),
    ]);
  });

  it('the team id from a prop wins over the member’s team', async () => {
    const calls = serve(coach, [finished]);
    renderAt('/FC/Seniors/matche', ':nomClub/:nomEquipe/matche/*', <MatchesPage equipeId={9} />);
    await screen.findByRole('heading', { name: 'Janvier 2027' });
    expect(calls.map((c) => c.url)).toContain(teamMatches(9));
  });

  it('the route parameter idEquipe is read too', async () => {
    const calls = serve(coach, [finished]);
    renderAt('/FC/Seniors/matche/12', ':nomClub/:nomEquipe/matche/:idEquipe', <MatchesPage />);
    await screen.findByRole('heading', { name: 'Janvier 2027' });
    expect(calls.map((c) => c.url)).toContain(teamMatches(12));
  });
});

describe('[matches] score editing (spec §4, §5, §6)', () => {
  const pencils = () => screen.queryAllByRole('button', { name: /Modifier le score/ });

  it('the coach gets the pencil only on matches in progress or finished', async () => {
    serve(coach, [finished, upcoming, live, cancelled]);
    atTeamPage();
    await screen.findByRole('heading', { name: 'Janvier 2027' });
    expect(pencils()).toHaveLength(2);
    for (const card of cards()) {
      const hasPencil = within(card).queryByRole('button', { name: /Modifier le score/ }) !== null;
      const status = within(card).getByText(/À venir|En cours|Terminé|Annulé/).textContent ?? '';
      expect(hasPencil).toBe(/En cours|Terminé/.test(status));
    }
  });

  it('a player never gets the pencil, nor a coach of another team', async () => {
    serve(player, [finished, live]);
    atTeamPage();
    await screen.findByRole('heading', { name: 'Janvier 2027' });
    expect(pencils()).toHaveLength(0);
    cleanup();
    const otherCoach = aCurrentMember({
      id: 5,
      role: 'ENTRAINEUR',
      idEquipe: 8,
      nomEquipe: 'U15',
    });
    serve(otherCoach, [finished, live]);
    renderAt('/FC/U15/matche', ':nomClub/:nomEquipe/matche/*', <MatchesPage equipeId={3} />);
    await screen.findByRole('heading', { name: 'Janvier 2027' });
    expect(pencils()).toHaveLength(0);
  });

  it('a saved score is said', async () => {
    serve(coach, [finished], (url, init) =>
      url === buildPath(api.matches.score.path, { id: 1 }) && init.method === 'PUT'
        ? json(200, { ...finished, version: 'v2' })
        : json(404, {}),
    );
    renderAt(
      '/FC%20%C3%89t%C3%A9/Seniors/matche',
      ':nomClub/:nomEquipe/matche/*',
      <ToastProvider>
        <MatchesPage />
      </ToastProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: /Modifier le score/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(SCORE_SAVED)).toBeInTheDocument();
  });

  it('view → editing → saving → view, sending integers, empty as null, and the version', async () => {
    let release!: (r: Response) => void;
    let current = finished;
    const calls = serve(
      coach,
      () => [current],
      (url, init) => {
        if (url === buildPath(api.matches.score.path, { id: 1 }) && init.method === 'PUT')
          return new Promise<Response>((resolve) => (release = resolve));
        return json(404, {});
      },
    );
    atTeamPage();
    await userEvent.click(await screen.findByRole('button', { name: /Modifier le score/ }));
    const home = screen.getByLabelText(/score domicile/);
    const away = screen.getByLabelText(/score extérieur/);
    expect(home).toHaveFocus();
    expect(home).toHaveValue(2);
    await userEvent.clear(home);
    await userEvent.type(home, '3');
    await userEvent.clear(away);
    await userEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    const saving = await screen.findByRole('button', { name: 'Enregistrement…' });
    expect(saving).toBeDisabled();
    const put = calls.find((c) => c.url === buildPath(api.matches.score.path, { id: 1 }))!;
    expect(JSON.parse(put.init.body as string)).toEqual({
      scoreDomicile: 3,
      scoreExterieur: null,
      version: 'v1',
    });
    // The list comes back with the saved match (a new version): the focus stays on its pencil.
    current = { ...finished, scoreDomicile: 3, scoreExterieur: null, version: 'v2' };
    release(json(200, current));
    expect(await screen.findByRole('button', { name: /Modifier le score/ })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(cards()[0]!).getByText('3').tagName).toBe('STRONG'));
    expect(screen.getByRole('button', { name: /Modifier le score/ })).toHaveFocus();
  });

  it('Annuler leaves the editing without sending anything', async () => {
    const calls = serve(coach, [finished]);
    atTeamPage();
    await userEvent.click(await screen.findByRole('button', { name: /Modifier le score/ }));
    await userEvent.type(screen.getByLabelText(/score domicile/), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByLabelText(/score domicile/)).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/score'))).toBe(false);
    expect(within(cards()[0]!).getByText('2').tagName).toBe('STRONG');
  });

  it('refuses a negative score with the contract’s message, without calling the server', async () => {
    const calls = serve(coach, [finished]);
    atTeamPage();
    await userEvent.click(await screen.findByRole('button', { name: /Modifier le score/ }));
    const home = screen.getByLabelText(/score domicile/);
    await userEvent.clear(home);
    await userEvent.type(home, '-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Le score doit être supérieur ou égal à 0.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/score'))).toBe(false);
  });

  it('a stale edit (409) shows the current scores and says so, and the next try sends the new version', async () => {
    const stale = { ...finished, scoreDomicile: 4, scoreExterieur: 4, version: 'v9' };
    const calls = serve(coach, [finished], (url) =>
      url === buildPath(api.matches.score.path, { id: 1 })
        ? calls.filter((c) => c.url === url).length === 1
          ? json(409, {
              message:
                'Le score a été modifié par quelqu’un d’autre entre-temps. Le score actuel est affiché ; vérifiez-le avant de réessayer.',
              match: stale,
            })
          : json(200, { ...stale, scoreDomicile: 5, version: 'v10' })
        : json(404, {}),
    );
    atTeamPage();
    await userEvent.click(await screen.findByRole('button', { name: /Modifier le score/ }));
    const home = screen.getByLabelText(/score domicile/);
    await userEvent.clear(home);
    await userEvent.type(home, '3');
    await userEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    const status = await screen.findByText(/modifié par quelqu’un d’autre/);
    expect(status).toHaveTextContent('Score actuel : Seniors 4 – 4 AS Voisine.');
    expect(screen.getByLabelText(/score domicile/)).toHaveValue(4);
    expect(screen.getByLabelText(/score extérieur/)).toHaveValue(4);
    await userEvent.clear(screen.getByLabelText(/score domicile/));
    await userEvent.type(screen.getByLabelText(/score domicile/), '5');
    await userEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument(),
    );
    const puts = calls.filter((c) => c.url === buildPath(api.matches.score.path, { id: 1 }));
    expect(JSON.parse(puts[1]!.init.body as string)).toEqual({
      scoreDomicile: 5,
      scoreExterieur: 4,
      version: 'v9',
    });
  });

  it('any other failure shows the server’s message or the spec’s text', async () => {
    serve(coach, [finished], () => json(500, {}));
    atTeamPage();
    await userEvent.click(await screen.findByRole('button', { name: /Modifier le score/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erreur lors de la mise à jour du score',
    );
  });
});

describe('[matches] cancellation (leaders and the team’s coach)', () => {
  it('the coach cancels, and undoes the cancellation of, a match; a player cannot', async () => {
    const calls = serve(coach, [upcoming, cancelled], (url, init) =>
      url.endsWith('/annulation') && init.method === 'PUT'
        ? json(200, { ...upcoming, statut: 'ANNULE', annule: true })
        : json(404, {}),
    );
    atTeamPage();
    await userEvent.click(await screen.findByRole('button', { name: /Annuler le match/ }));
    // Cancelling is confirmed first (every convoked player is mailed); nothing is sent before.
    const confirm = screen.getByRole('alertdialog', { name: 'Annuler le match ?' });
    expect(calls.filter((c) => c.url.endsWith('/annulation'))).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Annuler le match' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: /Rétablir le match/ }));
    const puts = calls.filter((c) => c.url.endsWith('/annulation'));
    expect(puts.map((c) => [c.url, JSON.parse(c.init.body as string)])).toEqual([
      [buildPath(api.matches.cancel.path, { id: 2 }), { annule: true }],
      [buildPath(api.matches.cancel.path, { id: 4 }), { annule: false }],
    ]);
    cleanup();
    serve(player, [upcoming, cancelled]);
    atTeamPage();
    await screen.findByRole('heading', { name: 'Février 2027' });
    expect(screen.queryByRole('button', { name: /Annuler le match|Rétablir le match/ })).toBeNull();
  });
});

describe('[matches] card actions below 640 px', () => {
  it('keeps Convocation visible and puts the cancellation in the card’s menu (keyboard operable)', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    const calls = serve(coach, [upcoming], (url, init) =>
      url.endsWith('/annulation') && init.method === 'PUT'
        ? json(200, { ...upcoming, statut: 'ANNULE', annule: true })
        : json(404, {}),
    );
    atTeamPage();
    const card = (await screen.findAllByRole('article'))[0]!;
    expect(within(card).getByRole('button', { name: /^Convocation/ })).toBeVisible();
    expect(within(card).queryByRole('button', { name: /Annuler le match/ })).toBeNull();

    const menuButton = within(card).getByRole('button', { name: /^Actions pour le match / });
    expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    const user = userEvent.setup();
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Annuler le match' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(menuButton).toHaveFocus();

    // Keyboard only: ArrowDown opens on the first action, Enter runs it.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Annuler le match' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Annuler le match ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Annuler le match' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('/annulation')).map((c) => c.url)).toEqual([
        buildPath(api.matches.cancel.path, { id: 2 }),
      ]),
    );
  });
});
