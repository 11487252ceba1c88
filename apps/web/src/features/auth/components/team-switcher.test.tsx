import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, urlOf, type TCurrentMember } from '@club/contract';
import { renderSignedIn } from '../../../app/testing/render-signed-in.tsx';

vi.setConfig({ testTimeout: 20_000 });

const player: TCurrentMember = {
  id: 7,
  idClub: 2,
  idEquipe: 3,
  role: 'JOUEUR',
  email: 'j@b.fr',
  nom: 'Moreau',
  prenom: 'Léo',
  nomClub: 'FC Été',
  nomEquipe: 'U17',
  statut: 'Actif',
  equipes: [
    { id: 3, nom: 'U17' },
    { id: 4, nom: 'Seniors B' },
  ],
};
let member: TCurrentMember;

beforeEach(() => {
  member = player;
  vi.stubGlobal('fetch', async (url: string) =>
    url === urlOf(api.dashboard.infos)
      ? new Response(JSON.stringify(member), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        })
      : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const club = '/FC%20%C3%89t%C3%A9';

describe('[auth] team switcher of the navigation bar', () => {
  it('lists the member’s teams, primary marked, current one aria-current, and opens the same page of the other team', async () => {
    const user = userEvent.setup();
    renderSignedIn(`${club}/U17/membres`);
    const toggle = await screen.findByRole('button', { name: /Changer d'équipe/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: /Seniors B/ })).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['U17 (principale)', 'Seniors B']);
    // The current team's check mark is an icon (SVG), hidden from screen readers.
    expect(links[0]!.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(links[1]!.querySelector('svg')).toBeNull();
    expect(links[0]).toHaveAttribute('aria-current', 'true');
    expect(links[1]).not.toHaveAttribute('aria-current');
    expect(links[1]).toHaveAttribute('href', `${club}/Seniors%20B/membres`);

    await user.click(links[1]!);
    expect(screen.getByTestId('where')).toHaveTextContent(`${club}/Seniors%20B/membres`);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The bar now names the other team, and its links lead to that team's pages.
    expect(screen.getByRole('navigation')).toHaveTextContent('Seniors B');
    expect(screen.getByRole('link', { name: 'Membres équipe' })).toHaveAttribute(
      'href',
      `${club}/Seniors%20B/membres`,
    );
    expect(screen.getByRole('link', { name: 'Calendrier' })).toHaveAttribute(
      'href',
      `${club}/Seniors%20B/calendrier`,
    );
  });

  it('opens any of the member’s teams; another team sends them to the primary team', async () => {
    renderSignedIn(`${club}/Seniors%20B/calendrier`);
    expect(await screen.findByText('page équipe')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`${club}/Seniors%20B/calendrier`);
    cleanup();
    renderSignedIn(`${club}/U15/calendrier`);
    expect(await screen.findByText('page équipe')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`${club}/U17/dashboard`);
  });

  it('from a club-level page, a team leads to its dashboard', async () => {
    const user = userEvent.setup();
    renderSignedIn(`${club}/profil`);
    await user.click(await screen.findByRole('button', { name: /Changer d'équipe/ }));
    expect(screen.getByRole('link', { name: 'Seniors B' })).toHaveAttribute(
      'href',
      `${club}/Seniors%20B/dashboard`,
    );
  });

  it('Escape closes the list and gives the focus back to the button', async () => {
    const user = userEvent.setup();
    renderSignedIn(`${club}/U17/dashboard`);
    const toggle = await screen.findByRole('button', { name: /Changer d'équipe/ });
    await user.click(toggle);
    await user.tab();
    expect(screen.getByRole('link', { name: /U17/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('no switcher for a member of one team, nor for a leader', async () => {
    member = { ...player, equipes: [{ id: 3, nom: 'U17' }] };
    renderSignedIn(`${club}/U17/dashboard`);
    expect(await screen.findByText('page équipe')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Changer d'équipe/ })).toBeNull();
    cleanup();
    member = { ...player, role: 'DIRIGEANT' };
    renderSignedIn(`${club}/dashboard`);
    expect(await screen.findByText('page club')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Changer d'équipe/ })).toBeNull();
  });

  it('a parent switches to each child’s team, named with the children’s first names', async () => {
    // The demo's Chloé Nicolas: a parent of U17 whose children play in U17 and U15.
    member = {
      ...player,
      role: 'PARENT',
      prenom: 'Chloé',
      nom: 'Nicolas',
      equipes: [{ id: 3, nom: 'U17' }],
      enfants: [
        { id: 21, prenom: 'Emma', nom: 'Nicolas', equipes: [{ id: 5, nom: 'U15' }] },
        { id: 22, prenom: 'Hugo', nom: 'Nicolas', equipes: [{ id: 3, nom: 'U17' }] },
      ],
    };
    const user = userEvent.setup();
    renderSignedIn(`${club}/U17/matche`);
    const toggle = await screen.findByRole('button', { name: /Changer d'équipe/ });
    await user.click(toggle);
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['U17 (Hugo)', 'U15 (Emma)']);
    expect(links[1]).toHaveAttribute('href', `${club}/U15/matche`);
    await user.click(links[1]!);
    // Accepted, not sent back to U17: the bar and its links follow the child's team.
    expect(await screen.findByText('page équipe')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`${club}/U15/matche`);
    expect(screen.getByRole('navigation')).toHaveTextContent('U15');
    expect(screen.getByRole('link', { name: 'Matches' })).toHaveAttribute(
      'href',
      `${club}/U15/matche`,
    );
  });

  it('a parent opens a child’s team by its URL; a team of no child still sends them home', async () => {
    member = {
      ...player,
      role: 'PARENT',
      equipes: [],
      idEquipe: null,
      nomEquipe: null,
      enfants: [{ id: 21, prenom: 'Emma', nom: 'Nicolas', equipes: [{ id: 5, nom: 'U15' }] }],
    };
    renderSignedIn(`${club}/U15/dashboard`);
    expect(await screen.findByText('page équipe')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`${club}/U15/dashboard`);
    // One team only: no switcher, the bar names the child's team.
    expect(screen.queryByRole('button', { name: /Changer d'équipe/ })).toBeNull();
    expect(screen.getByRole('navigation')).toHaveTextContent('U15');
    cleanup();
    renderSignedIn(`${club}/Seniors/dashboard`);
    expect(await screen.findByText('page club')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`${club}/dashboard`);
  });
});
