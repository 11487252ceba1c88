import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, buildPath, urlOf, type TDashboardHome, type THomeToAnswer } from '@club/contract';
import { json, renderAt, stubFetch, type Responder } from '../../../testing/render.tsx';
import { HOME_TEXT, HomeSections } from './home-sections.tsx';

vi.setConfig({ testTimeout: 20_000 });

const toAnswer = (over: Partial<THomeToAnswer>): THomeToAnswer => ({
  matchId: 7,
  evenementId: 70,
  nom: 'Match',
  type: 'MATCH',
  dateDebut: '2031-05-12T15:00:00',
  dateFin: '2031-05-12T17:00:00',
  lieux: 'Stade municipal',
  equipe: { id: 4, nom: 'U17' },
  adversaire: 'FC Voisin',
  domicile: true,
  rendezVous: '2031-05-12T14:00:00',
  joueur: { id: 21, prenom: 'Léa' },
  soi: false,
  modifiable: true,
  ...over,
});

const parentHome: TDashboardHome = {
  aRepondre: [
    toAnswer({}),
    toAnswer({
      matchId: 8,
      evenementId: 80,
      dateDebut: '2031-05-13T10:00:00',
      dateFin: '2031-05-13T12:00:00',
      equipe: { id: 5, nom: 'U15' },
      adversaire: 'AS Loin',
      domicile: false,
      rendezVous: null,
      joueur: { id: 22, prenom: 'Hugo' },
    }),
  ],
  prochainsMatchs: [
    {
      equipe: { id: 4, nom: 'U17' },
      matchId: 7,
      evenementId: 70,
      nom: 'Match',
      dateDebut: '2031-05-12T15:00:00',
      dateFin: '2031-05-12T17:00:00',
      lieux: 'Stade municipal',
      adversaire: 'FC Voisin',
      domicile: true,
      rendezVous: '2031-05-12T14:00:00',
      lieuRendezVous: 'Parking du stade',
      selection: [
        { id: 30, nom: 'Autre', prenom: 'Zoé', selection: 'SELECTIONNE' },
        { id: 21, nom: 'Nicolas', prenom: 'Léa', selection: 'REMPLACANT' },
      ],
    },
    {
      equipe: { id: 5, nom: 'U15' },
      matchId: 8,
      evenementId: 80,
      nom: 'Match',
      dateDebut: '2031-05-13T10:00:00',
      dateFin: '2031-05-13T12:00:00',
      lieux: 'Stade du Loin',
      adversaire: 'AS Loin',
      domicile: false,
      rendezVous: null,
      lieuRendezVous: null,
      selection: null,
    },
  ],
  semaine: [
    {
      id: 90,
      nom: 'Entraînement U17',
      type: 'ENTRAINEMENT',
      dateDebut: '2031-05-10T18:00:00',
      dateFin: '2031-05-10T19:30:00',
      lieux: 'Gymnase',
      equipesIds: [4],
      equipe: null,
      adversaire: null,
      domicile: null,
    },
  ],
  club: null,
};

const leaderHome: TDashboardHome = {
  aRepondre: [],
  prochainsMatchs: [],
  semaine: [],
  club: {
    aujourdhui: [],
    matchsSansScore: {
      total: 1,
      liste: [
        {
          matchId: 3,
          evenementId: 30,
          nom: 'Match',
          dateDebut: '2031-05-03T15:00:00',
          equipe: { id: 6, nom: 'Seniors' },
          adversaire: 'FC Passé',
          sansReponse: 0,
          convoques: 0,
        },
      ],
    },
    sansReponse: {
      total: 1,
      liste: [
        {
          matchId: 7,
          evenementId: 70,
          nom: 'Match',
          dateDebut: '2031-05-12T15:00:00',
          equipe: { id: 4, nom: 'U17' },
          adversaire: 'FC Voisin',
          sansReponse: 3,
          convoques: 12,
        },
      ],
    },
    comptesNonActives: { total: 1, liste: [{ id: 40, nom: 'Attente', prenom: 'Inès' }] },
    joueursSansEquipe: { total: 0, liste: [] },
  },
};

/** PUT /api/matches/:id/convocations, for any match. */
const answerConvocations = new RegExp(
  `^${api.matches.answerConvocations.path.replace(':id', '\\d+')}$`,
);

function world(home: () => Response, put?: (body: unknown) => Response): Responder {
  return (url, init) => {
    const path = url.split('?')[0]!;
    if (path === urlOf(api.dashboard.home)) return home();
    if (answerConvocations.test(path) && init.method === 'PUT')
      return put ? put(JSON.parse(String(init.body))) : json(200, []);
    return json(404, { message: 'Ressource introuvable.' });
  };
}

const renderHome = (responder: Responder, leader = false) => {
  const calls = stubFetch(responder);
  renderAt(
    '/FC%20Test/U17/dashboard',
    '/:nomClub/:nomEquipe/dashboard',
    <HomeSections nomClub="FC Test" calendarPath="/FC%20Test/U17/calendrier" leader={leader} />,
  );
  return calls;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The first card of that title: the "À répondre" one (the next matches come after). */
const cardOf = async (name: RegExp) =>
  (await screen.findAllByRole('heading', { name }))[0]!.closest('.home-card') as HTMLElement;

describe('[web] dashboard home: to answer', () => {
  it('a parent answers Présent for one child in place, through the convocation endpoint', async () => {
    const user = userEvent.setup();
    const calls = renderHome(world(() => json(200, parentHome)));
    const lea = await cardOf(/U17 – FC Voisin/);
    expect(within(lea).getByText('Léa')).toBeInTheDocument();
    expect(within(lea).getByText('Rendez-vous à 14h00')).toBeInTheDocument();
    // The other child's card names the other team, the away side first.
    const hugo = await cardOf(/AS Loin – U15/);
    expect(within(hugo).getByText('Hugo')).toBeInTheDocument();

    await user.click(within(lea).getByRole('button', { name: 'Présent' }));
    expect(
      await within(lea).findByText('Réponse enregistrée : Présent pour Léa.'),
    ).toBeInTheDocument();
    const put = calls.find((c) => c.init.method === 'PUT')!;
    expect(put.url).toBe(buildPath(api.matches.answerConvocations.path, { id: 7 }));
    expect(JSON.parse(String(put.init.body))).toEqual({
      items: [{ joueurId: 21, statutPresence: 'DISPONIBLE', justification: null }],
    });
    expect(within(lea).getByRole('button', { name: 'Présent' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The card links to the team's matches page.
    expect(within(lea).getByRole('link', { name: /U17 – FC Voisin/ })).toHaveAttribute(
      'href',
      '/FC%20Test/U17/matche',
    );
  });

  it('Absent asks for a justification first (spec §5) and sends it', async () => {
    const user = userEvent.setup();
    const calls = renderHome(world(() => json(200, parentHome)));
    const hugo = await cardOf(/AS Loin – U15/);
    await user.click(within(hugo).getByRole('button', { name: 'Absent' }));
    const send = within(hugo).getByRole('button', { name: HOME_TEXT.sendAbsence });
    expect(send).toBeDisabled();
    await user.type(within(hugo).getByLabelText(HOME_TEXT.justification), 'Malade');
    await user.click(send);
    expect(
      await within(hugo).findByText('Réponse enregistrée : Absent pour Hugo.'),
    ).toBeInTheDocument();
    const put = calls.find((c) => c.init.method === 'PUT')!;
    expect(put.url).toBe(buildPath(api.matches.answerConvocations.path, { id: 8 }));
    expect(JSON.parse(String(put.init.body)).items).toEqual([
      { joueurId: 22, statutPresence: 'INDISPONIBLE', justification: 'Malade' },
    ]);
  });

  it('a refused answer shows the server’s message on the card', async () => {
    const user = userEvent.setup();
    renderHome(
      world(
        () => json(200, parentHome),
        () =>
          json(409, {
            message: 'Ce match est annulé : les convocations ne peuvent plus être modifiées.',
          }),
      ),
    );
    const lea = await cardOf(/U17 – FC Voisin/);
    await user.click(within(lea).getByRole('button', { name: 'Présent' }));
    expect(await within(lea).findByRole('alert')).toHaveTextContent(
      'Ce match est annulé : les convocations ne peuvent plus être modifiées.',
    );
  });

  it('a player who is not ACTIF gets no buttons, and says who answers', async () => {
    renderHome(
      world(() =>
        json(200, { ...parentHome, aRepondre: [toAnswer({ soi: true, modifiable: false })] }),
      ),
    );
    const card = await cardOf(/U17 – FC Voisin/);
    expect(within(card).getByText('Vous')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Présent' })).toBeNull();
    expect(within(card).getByText(HOME_TEXT.onlyCoach)).toBeInTheDocument();
  });
});

describe('[web] dashboard home: next matches, week, states', () => {
  it('the next match shows its meeting time and published selection; unpublished says so', async () => {
    renderHome(world(() => json(200, parentHome)));
    const section = (await screen.findByRole('heading', { name: HOME_TEXT.nextMatches }))
      .parentElement as HTMLElement;
    expect(within(section).getByText('Rendez-vous à 14h00')).toBeInTheDocument();
    expect(within(section).getByText('Zoé Autre')).toBeInTheDocument();
    expect(within(section).getByText('Léa Nicolas')).toBeInTheDocument();
    expect(within(section).getByText(HOME_TEXT.selectionNotPublished)).toBeInTheDocument();
    // The week's training opens the calendar.
    expect(screen.getByRole('link', { name: /Entraînement U17/ })).toHaveAttribute(
      'href',
      '/FC%20Test/U17/calendrier',
    );
  });

  it('a coach reads each next match’s missing answers; a parent, who gets no count, reads none', async () => {
    const [u17, u15] = parentHome.prochainsMatchs;
    const coachHome: TDashboardHome = {
      ...parentHome,
      aRepondre: [],
      prochainsMatchs: [
        { ...u17!, sansReponse: 3 },
        { ...u15!, sansReponse: 0 },
      ],
    };
    renderHome(world(() => json(200, coachHome)));
    const section = (await screen.findByRole('heading', { name: HOME_TEXT.nextMatches }))
      .parentElement as HTMLElement;
    const [first, second] = within(section).getAllByRole('listitem');
    expect(within(first!).getByText('3 sans réponse')).toBeInTheDocument();
    expect(within(second!).getByText('Toutes les réponses sont là')).toBeInTheDocument();
    cleanup();

    renderHome(world(() => json(200, parentHome)));
    const parents = (await screen.findByRole('heading', { name: HOME_TEXT.nextMatches }))
      .parentElement as HTMLElement;
    expect(within(parents).queryByText(/sans réponse|Toutes les réponses/)).toBeNull();
  });

  it('the four soonest convocations first, the others on demand', async () => {
    const user = userEvent.setup();
    const season = Array.from({ length: 7 }, (_, i) =>
      toAnswer({
        matchId: 200 + i,
        adversaire: `Club ${i + 1}`,
        dateDebut: `2031-06-0${i + 1}T15:00:00`,
      }),
    );
    renderHome(world(() => json(200, { ...parentHome, aRepondre: season, prochainsMatchs: [] })));
    expect(await screen.findByRole('link', { name: 'U17 – Club 4' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'U17 – Club 5' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Afficher les 3 suivantes' }));
    expect(screen.getByRole('link', { name: 'U17 – Club 7' })).toBeInTheDocument();
  });

  it('nothing to answer: the empty text', async () => {
    renderHome(world(() => json(200, { ...parentHome, aRepondre: [] })));
    expect(await screen.findByText(HOME_TEXT.noneToAnswer)).toBeInTheDocument();
  });

  it('a load error offers Réessayer, which reads the home again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderHome(
      world(() => (fail ? json(500, { message: 'Erreur interne.' }) : json(200, parentHome))),
    );
    expect(await screen.findByText(HOME_TEXT.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: HOME_TEXT.retry }));
    expect(await cardOf(/U17 – FC Voisin/)).toBeInTheDocument();
  });
});

describe('[web] dashboard home: leaders', () => {
  it('a long list shows five rows, then the rest on demand, and says when the server kept the first ones only', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 20 }, (_, i) => ({
      ...leaderHome.club!.sansReponse.liste[0]!,
      matchId: 100 + i,
      adversaire: `Adversaire ${i + 1}`,
    }));
    renderHome(
      world(() =>
        json(200, {
          ...leaderHome,
          club: { ...leaderHome.club!, sansReponse: { total: 60, liste: many } },
        }),
      ),
      true,
    );
    expect(await screen.findByRole('link', { name: /– Adversaire 5 / })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /– Adversaire 6 / })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Afficher les 15 suivants' }));
    expect(screen.getByRole('link', { name: /– Adversaire 20 / })).toBeInTheDocument();
    expect(screen.getByText('Les 20 premiers sur 60.')).toBeInTheDocument();
  });

  it('each to-do links to where it is handled', async () => {
    renderHome(
      world(() => json(200, leaderHome)),
      true,
    );
    const noScore = await screen.findByRole('link', { name: /Seniors – FC Passé/ });
    expect(noScore).toHaveAttribute('href', '/FC%20Test/Seniors/matche');
    expect(screen.getByRole('heading', { name: /Matchs joués sans score/ })).toHaveTextContent(
      `${HOME_TEXT.withoutScore} (1)`,
    );
    const awaiting = screen.getByRole('link', { name: /U17 – FC Voisin/ });
    expect(awaiting).toHaveAttribute('href', '/FC%20Test/U17/matche');
    expect(awaiting).toHaveTextContent('3 sans réponse sur 12');
    expect(screen.getByText('Inès Attente')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: HOME_TEXT.seeMembers })).toHaveAttribute(
      'href',
      '/FC%20Test/membres',
    );
    expect(screen.getByText(HOME_TEXT.noWithoutTeam)).toBeInTheDocument();
    expect(screen.getByText(HOME_TEXT.noTodayEvent)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(HOME_TEXT.toAnswer)).toBeNull());
  });
});
