import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  api,
  buildPath,
  queryString,
  DASHBOARD_MESSAGES,
  TEAMS_MESSAGES,
  type TCurrentMember,
} from '@club/contract';
import { json, renderAt, stubFetch, type Responder } from '../../testing/render.tsx';
import { aCurrentMember, aDashboardMember, anEvent, aTeam } from '../../testing/builders.ts';
import {
  NO_UPCOMING_EVENT,
  SEE_CALENDAR,
  UPCOMING_SHOWN,
} from '../../features/dashboard/components/team-dashboard.tsx';
import DashboardPage from './dashboard.tsx';

vi.setConfig({ testTimeout: 20_000 });

const SENIORS = aTeam({ id: 3, nom: 'Seniors', division: 'R1', category: 'Senior' });
const U17 = aTeam({ id: 4, nom: 'U17', division: 'D1', category: 'U17' });

const leader = aCurrentMember();
const coach = aCurrentMember({
  id: 5,
  role: 'ENTRAINEUR',
  prenom: 'Marc',
  idEquipe: 3,
  nomEquipe: 'Seniors',
  equipes: [
    { id: 3, nom: 'Seniors' },
    { id: 4, nom: 'U17' },
  ],
});

const members = [
  aDashboardMember({ id: 10, prenom: 'Léo', nom: 'Durand' }),
  aDashboardMember({
    id: 11,
    prenom: 'Zoé',
    nom: 'Élan',
    role: 'ENTRAINEUR',
    statut: 'Blessé',
    avatarUrl: '/avatars/zoe.png',
  }),
  aDashboardMember({
    id: 12,
    prenom: 'Inès',
    nom: 'Martin',
    avatarUrl: 'https://ailleurs.example/x.png',
  }),
];

/** Any club's teams, any team's events and members (the dashboard's calls). */
const TEAMS_OF_CLUB = api.teams.listClub.path.replace(':clubId', '');
const EVENTS_OF_TEAM = api.dashboard.events.path.replace(':id', '');
const MEMBERS_OF_TEAM = api.dashboard.members.path.replace(':id', '');
const eventsOf = (id: number) => buildPath(api.dashboard.events.path, { id });
const membersOf = (id: number) => buildPath(api.dashboard.members.path, { id });

function world(
  me: TCurrentMember | Record<string, unknown>,
  overrides: Partial<Record<'teams' | 'events' | 'members', () => Response>> = {},
): Responder {
  return (url) => {
    const path = url.split('?')[0]!;
    if (path === api.dashboard.infos.path) return json(200, me);
    if (path === api.dashboard.home.path)
      return json(200, { aRepondre: [], prochainsMatchs: [], semaine: [], club: null });
    if (path.startsWith(TEAMS_OF_CLUB)) return overrides.teams?.() ?? json(200, [SENIORS, U17]);
    if (path.startsWith(EVENTS_OF_TEAM))
      return (
        overrides.events?.() ??
        json(200, [
          anEvent({ id: 1, nom: 'Réunion', type: 'REUNION', lieux: 'Club-house', equipesIds: [] }),
          anEvent({ id: 2, nom: 'Séance vidéo' }),
        ])
      );
    if (path.startsWith(MEMBERS_OF_TEAM)) return overrides.members?.() ?? json(200, members);
    return json(404, { message: 'Ressource introuvable.' });
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  localStorage.clear();
});

const renderLeader = (responder: Responder, path = '/FC%20%C3%89t%C3%A9/dashboard') => {
  const calls = stubFetch(responder);
  renderAt(path, '/:nomClub/dashboard/*', <DashboardPage />);
  return calls;
};

describe('[web] dashboard — leaders', () => {
  it('opens on the first team by name, then shows today’s events and the members of the chosen team', async () => {
    const calls = renderLeader(world(leader, { teams: () => json(200, [U17, SENIORS]) }));
    expect(await screen.findByRole('list', { name: 'Membres · Seniors' })).toBeInTheDocument();
    const select = screen.getByLabelText('Équipe');
    expect(select).toHaveValue(String(SENIORS.id));
    expect(calls.map((c) => c.url)).toContain(eventsOf(SENIORS.id));
    expect(screen.queryByText(DASHBOARD_MESSAGES.selectTeam)).not.toBeInTheDocument();

    expect(within(select).getByRole('option', { name: 'U17 • D1 • U17' })).toBeInTheDocument();
    await userEvent.selectOptions(select, String(U17.id));

    const meeting = await screen.findByRole('article', { name: 'Réunion' });
    expect(
      within(meeting).getByText('Réunion', { selector: '.event-type-badge *, .event-type-badge' }),
    ).toBeInTheDocument();
    expect(within(meeting).getByText('18h00 – 20h00')).toBeInTheDocument();
    expect(within(meeting).getByText('Club-house')).toBeInTheDocument();
    expect(meeting).toHaveClass('event-color-orange');
    // The same symbol as the calendar's legend (lib/event-type.ts), beside the label.
    expect(
      meeting.querySelector('.event-type-dot [data-event-type-icon="REUNION"]'),
    ).toBeInTheDocument();
    expect(screen.queryByText(DASHBOARD_MESSAGES.selectTeam)).not.toBeInTheDocument();

    // Today is the server's (the club's time zone): no date is sent.
    expect(calls.map((c) => c.url)).toContain(eventsOf(U17.id));
    expect(calls.map((c) => c.url)).toContain(membersOf(U17.id));

    const list = await screen.findByRole('list', { name: 'Membres · U17' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Zoé Élan')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Entraîneur')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Blessé')).toBeInTheDocument();
  });

  it('reopens on the team the leader chose last (per club and member)', async () => {
    renderLeader(world(leader));
    const select = await screen.findByLabelText('Équipe');
    await screen.findByRole('list', { name: 'Membres · Seniors' });
    await userEvent.selectOptions(select, String(U17.id));
    expect(await screen.findByRole('list', { name: 'Membres · U17' })).toBeInTheDocument();
    cleanup();

    // A new visit, without ?equipe=: the last choice, not the first team by name.
    const calls = renderLeader(world(leader));
    expect(await screen.findByRole('list', { name: 'Membres · U17' })).toBeInTheDocument();
    expect(screen.getByLabelText('Équipe')).toHaveValue(String(U17.id));
    expect(calls.map((c) => c.url)).not.toContain(eventsOf(SENIORS.id));
    cleanup();

    // Another member of the club has no remembered choice.
    renderLeader(world({ ...leader, id: leader.id + 1 }));
    expect(await screen.findByRole('list', { name: 'Membres · Seniors' })).toBeInTheDocument();
  });

  it('a remembered team that no longer exists falls back to the first team by name', async () => {
    localStorage.setItem(`dashboardEquipe:${leader.idClub}:${leader.id}`, '999');
    renderLeader(world(leader));
    expect(await screen.findByRole('list', { name: 'Membres · Seniors' })).toBeInTheDocument();
  });

  it('choosing “— Choisir une équipe —” shows the spec’s text and loads nothing', async () => {
    renderLeader(world(leader));
    const select = await screen.findByLabelText('Équipe');
    await screen.findByRole('list', { name: 'Membres · Seniors' });
    await userEvent.selectOptions(select, '— Choisir une équipe —');
    expect(await screen.findByText(DASHBOARD_MESSAGES.selectTeam)).toBeInTheDocument();
    expect(select).toHaveValue('');
    expect(screen.queryByRole('list', { name: /^Membres/ })).not.toBeInTheDocument();
    cleanup();
    // The choice is forgotten: the next visit opens on the first team by name again.
    renderLeader(world(leader));
    expect(await screen.findByRole('list', { name: 'Membres · Seniors' })).toBeInTheDocument();
  });

  it('a club without a team keeps the empty state', async () => {
    const calls = renderLeader(world(leader, { teams: () => json(200, []) }));
    expect(await screen.findByText(TEAMS_MESSAGES.empty)).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith(api.dashboard.events.path.replace('/:id', '')))).toBe(
      false,
    );
  });

  it('selects the only team by itself', async () => {
    const calls = renderLeader(world(leader, { teams: () => json(200, [SENIORS]) }));
    expect(await screen.findByRole('article', { name: 'Séance vidéo' })).toBeInTheDocument();
    expect(screen.queryByText(DASHBOARD_MESSAGES.selectTeam)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Équipe')).toHaveValue(String(SENIORS.id));
    expect(calls.map((c) => c.url)).toContain(eventsOf(SENIORS.id));
  });

  it('says when nothing is planned today', async () => {
    renderLeader(world(leader, { teams: () => json(200, [SENIORS]), events: () => json(200, []) }));
    expect(await screen.findByText(DASHBOARD_MESSAGES.noEventToday)).toBeInTheDocument();
  });

  it('keeps the chosen team in the address (?equipe=)', async () => {
    renderLeader(world(leader), `/FC%20%C3%89t%C3%A9/dashboard?equipe=${SENIORS.id}`);
    expect(await screen.findByRole('article', { name: 'Séance vidéo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Équipe')).toHaveValue(String(SENIORS.id));
  });

  it('the search filters members by first or last name, accents and case aside', async () => {
    renderLeader(world(leader, { teams: () => json(200, [SENIORS]) }));
    const list = await screen.findByRole('list', { name: 'Membres · Seniors' });
    const search = screen.getByLabelText('Rechercher un membre (prénom ou nom)');
    await userEvent.type(search, 'elan');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Zoé Élan')]);
    await userEvent.clear(search);
    await userEvent.type(search, 'INES');
    expect(screen.getByText('Inès Martin')).toBeInTheDocument();
    expect(screen.queryByText('Léo Durand')).not.toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'personne');
    expect(screen.getByText(DASHBOARD_MESSAGES.noMember)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Membres · Seniors' })).not.toBeInTheDocument();
  });

  it('avatars: the member’s own image, the default one otherwise (and for another origin)', async () => {
    renderLeader(world(leader, { teams: () => json(200, [SENIORS]) }));
    const list = await screen.findByRole('list', { name: 'Membres · Seniors' });
    const srcs = Array.from(list.querySelectorAll('img')).map((img) => img.getAttribute('src'));
    expect(srcs).toEqual(['/avatar-default.svg', '/avatars/zoe.png', '/avatar-default.svg']);
  });

  it('loading, then an error state when the events cannot be loaded', async () => {
    renderLeader(
      world(leader, {
        teams: () => json(200, [SENIORS]),
        events: () => json(500, { message: 'Erreur interne du serveur.' }),
      }),
    );
    // A skeleton, not a spinner, while the teams load.
    const loading = await screen.findByText('Chargement des équipes...');
    expect(loading.closest('.skeleton')).not.toBeNull();
    expect(document.querySelector('.spinner')).toBeNull();
    expect(await screen.findByText('Impossible de charger les événements.')).toBeInTheDocument();
    // The members still show.
    expect(await screen.findByText('Léo Durand')).toBeInTheDocument();
  });

  it('an unknown event type is red and keeps its own text', async () => {
    renderLeader(
      world(leader, {
        teams: () => json(200, [SENIORS]),
        events: () => json(200, [anEvent({ id: 9, nom: 'Stage d’été', type: 'STAGE' })]),
      }),
    );
    const card = await screen.findByRole('article', { name: 'Stage d’été' });
    expect(card).toHaveClass('event-color-red');
    expect(within(card).getByText('STAGE')).toBeInTheDocument();
  });
});

describe('[web] dashboard — team roles', () => {
  it('welcomes with the current team and the club; upcoming events with their day; members', async () => {
    const calls = stubFetch(
      world(coach, {
        events: () =>
          json(200, [
            anEvent({
              id: 1,
              nom: 'Match aller',
              type: 'MATCH',
              dateDebut: '2030-03-12T15:00:00',
              dateFin: '2030-03-12T17:00:00',
            }),
            anEvent({
              id: 2,
              nom: 'Tournoi',
              type: 'TOURNOI',
              dateDebut: '2030-04-19T09:00:00',
              dateFin: '2030-04-21T18:00:00',
            }),
          ]),
      }),
    );
    // The route names the coach's second team: that one is the dashboard's.
    renderAt(
      '/FC%20%C3%89t%C3%A9/U17/dashboard',
      '/:nomClub/:nomEquipe/dashboard/*',
      <DashboardPage />,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bienvenue, Marc !' }),
    ).toBeInTheDocument();
    const welcome = screen.getByText(/^Équipe/);
    expect(welcome).toHaveTextContent('Équipe U17 du club FC Été');

    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Match aller',
      'Tournoi',
    ]);
    expect(within(cards[0]!).getByText(/mardi 12 mars/)).toBeInTheDocument();
    expect(within(cards[1]!).getByText('19/04 09h00 – 21/04 18h00')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain(eventsOf(U17.id) + queryString({ aVenir: true }));
    expect(calls.map((c) => c.url)).toContain(membersOf(U17.id));
    expect(calls.some((c) => c.url.startsWith(TEAMS_OF_CLUB))).toBe(false);
    expect(await screen.findByText('Léo Durand')).toBeInTheDocument();
  });

  it('a season of events: the soonest five, then « Voir le calendrier » to the team’s calendar', async () => {
    const season = Array.from({ length: 20 }, (_, i) =>
      anEvent({
        id: 100 + i,
        nom: `Séance ${i + 1}`,
        dateDebut: `2030-03-${String(i + 1).padStart(2, '0')}T18:00:00`,
        dateFin: `2030-03-${String(i + 1).padStart(2, '0')}T20:00:00`,
      }),
    );
    stubFetch(world(coach, { events: () => json(200, season) }));
    renderAt(
      '/FC%20%C3%89t%C3%A9/U17/dashboard',
      '/:nomClub/:nomEquipe/dashboard/*',
      <DashboardPage />,
    );
    const upcoming = (await screen.findByRole('heading', { name: 'Événements à venir' }))
      .parentElement as HTMLElement;
    await within(upcoming).findByText('Séance 1');
    expect(UPCOMING_SHOWN).toBe(5);
    expect(
      within(upcoming)
        .getAllByRole('article')
        .map((c) => within(c).getByRole('heading').textContent),
    ).toEqual(['Séance 1', 'Séance 2', 'Séance 3', 'Séance 4', 'Séance 5']);
    expect(within(upcoming).getByRole('link', { name: SEE_CALENDAR })).toHaveAttribute(
      'href',
      '/FC%20%C3%89t%C3%A9/U17/calendrier',
    );
  });

  it('the primary team on the club-level route; an empty upcoming list says so', async () => {
    const calls = stubFetch(world(coach, { events: () => json(200, []) }));
    renderAt('/FC%20%C3%89t%C3%A9/dashboard', '/:nomClub/dashboard/*', <DashboardPage />);
    expect(await screen.findByText(NO_UPCOMING_EVENT)).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain(eventsOf(SENIORS.id) + queryString({ aVenir: true }));
  });

  it('any other role is refused with the spec’s message', async () => {
    // A role this build does not know (a newer server): outside the contract, so the answer check
    // of development builds would stop it first; production builds have no such check.
    vi.stubEnv('DEV', false);
    stubFetch(world({ ...leader, role: 'INVITE' }));
    renderAt('/FC%20%C3%89t%C3%A9/dashboard', '/:nomClub/dashboard/*', <DashboardPage />);
    expect(await screen.findByText(DASHBOARD_MESSAGES.unknownRole)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
  });
});
