import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import {
  TEAM_MEMBERS_MESSAGES,
  api,
  urlOf,
  type TCurrentMember,
  type TMember,
} from '@club/contract';
import { editParty } from '../../lib/member-teams.ts';
import { TeamMembersTable } from '../../features/members/components/team-members-table.tsx';
import TeamMembersPage from './team-members.tsx';

vi.setConfig({ testTimeout: 20_000 });

const U17 = { id: 3, nom: 'U17' };
const SENIORS = { id: 4, nom: 'Seniors B' };
const U15 = { id: 5, nom: 'U15' };

const coach: TCurrentMember = {
  id: 2,
  idClub: 1,
  idEquipe: U17.id,
  role: 'ENTRAINEUR',
  email: 'coach@example.org',
  nom: 'Petit',
  prenom: 'Marc',
  nomClub: 'FC Été',
  nomEquipe: U17.nom,
  statut: 'Actif',
  equipes: [U17, SENIORS],
};

const base: TMember = {
  id: 0,
  nom: 'Durand',
  prenom: 'Léo',
  dateDeNaissance: '2006-03-04',
  genre: 'Homme',
  email: 'x@example.org',
  numeroTelephone: null,
  numeroLicence: null,
  role: 'JOUEUR',
  statut: 'Actif',
  nomEquipe: null,
  avatarUrl: null,
  taille: null,
  poids: null,
  numero: null,
  poste: null,
  idClub: 1,
  idEquipe: null,
  equipes: [],
  categorie: null,
};
const member = (
  id: number,
  prenom: string,
  role: string,
  teams: { id: number; nom: string }[],
) => ({
  ...base,
  id,
  prenom,
  role,
  idEquipe: teams[0]?.id ?? null,
  nomEquipe: teams[0]?.nom ?? null,
  equipes: teams,
});

/** Seniors B's members: one player whose primary team is U15 (the coach's other teams: none). */
const seniorsMembers = [
  member(10, 'Inès', 'JOUEUR', [SENIORS]),
  member(11, 'Hugo', 'JOUEUR', [U15, SENIORS]),
  member(12, 'Paul', 'PARENT', [SENIORS]),
];

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const body =
      url === urlOf(api.dashboard.infos)
        ? coach
        : url === urlOf(api.members.listTeam, { params: { clubId: 1, nomEquipe: 'Seniors B' } })
          ? seniorsMembers
          : null;
    return new Response(JSON.stringify(body ?? { message: 'x' }), {
      status: body ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('[members] team members page of a coach of two teams', () => {
  it("lists the second team's members and offers Modifier for its players, even one whose primary team is elsewhere", async () => {
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <MemoryRouter initialEntries={['/FC%20%C3%89t%C3%A9/Seniors%20B/membres']}>
          <Routes>
            <Route path=":nomClub/:nomEquipe/membres/*" element={<TeamMembersPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(
      await screen.findByRole('heading', { name: "Membres de l'équipe Seniors B" }),
    ).toBeInTheDocument();
    const rows = await screen.findAllByRole('row');
    const row = (prenom: string) => rows.find((r) => within(r).queryByText(new RegExp(prenom)))!;
    expect(
      within(row('Inès')).getByRole('button', { name: 'Actions pour Inès Durand' }),
    ).toBeVisible();
    expect(
      within(row('Hugo')).getByRole('button', { name: 'Actions pour Hugo Durand' }),
    ).toBeVisible();
    expect(within(row('Paul')).queryByRole('button', { name: /Actions pour/ })).toBeNull();

    // The edit dialog of the player whose primary team is another one: numero and poste open.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions pour Hugo Durand' }));
    await user.click(screen.getByRole('menuitem', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 }); // its code loads on opening
    expect(within(dialog).getByLabelText(/Numéro maillot/)).toBeEnabled();
    expect(within(dialog).getByLabelText(/Poste/)).toBeEnabled();
    expect(within(dialog).getByLabelText(/^Nom/)).toBeDisabled();

    // A refused save says so; editing again takes the message away (no stale message).
    await user.type(within(dialog).getByLabelText(/Poste/), 'Ailier');
    await user.click(within(dialog).getByRole('button', { name: 'Sauvegarder' }));
    expect(await within(dialog).findByText(TEAM_MEMBERS_MESSAGES.editFailed)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Poste/), ' gauche');
    expect(within(dialog).queryByText(TEAM_MEMBERS_MESSAGES.editFailed)).toBeNull();
  });

  it('no Modifier for a player of a team the coach is not in', () => {
    render(
      <TeamMembersTable
        members={[member(13, 'Nina', 'JOUEUR', [U15]), member(14, 'Omar', 'JOUEUR', [U17])]}
        actor={editParty(coach)}
        onEdit={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Actions pour Nina Durand' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Actions pour Omar Durand' })).toBeVisible();
  });
});

describe('[privacy] what a player or a parent sees of the team (docs/privacy.md)', () => {
  /** A member as a player reads it: no status, contact only when shared, nothing personal. */
  const asOtherFamily = (m: TMember, withContact = false): TMember => {
    const {
      statut: _s,
      dateDeNaissance: _d,
      categorie: _c,
      genre: _g,
      numeroLicence: _l,
      taille: _t,
      poids: _p,
      email,
      numeroTelephone,
      ...rest
    } = m;
    return withContact ? { ...rest, email, numeroTelephone } : rest;
  };
  const player = { id: 20, role: 'JOUEUR', teamIds: [SENIORS.id] };

  it('no Statut and no Téléphone column; the coach’s shared details under the name only', async () => {
    const me = { ...member(20, 'Moi', 'JOUEUR', [SENIORS]), statut: 'Blessé' };
    const coachRow = {
      ...asOtherFamily(member(21, 'Coach', 'ENTRAINEUR', [SENIORS]), true),
      numeroTelephone: '06 11 22 33 44',
    };
    const mate = asOtherFamily({ ...member(22, 'Mineur', 'JOUEUR', [SENIORS]), statut: 'Blessé' });
    render(<TeamMembersTable members={[me, coachRow, mate]} actor={player} onEdit={() => {}} />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Nom', 'Rôle', 'Numéro', 'Poste', 'Actions']);
    expect(screen.queryByText('Blessé')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Coach/ }));
    expect(screen.getByText('06 11 22 33 44')).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Mineur/ }));
    expect(screen.getByText('Aucune autre information partagée.')).toBeVisible();
  });

  it('a coach or a leader keeps every column', () => {
    render(
      <TeamMembersTable
        members={[member(30, 'Inès', 'JOUEUR', [SENIORS]), member(31, 'Hugo', 'JOUEUR', [SENIORS])]}
        actor={editParty(coach)}
        onEdit={() => {}}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Nom', 'Rôle', 'Statut', 'Téléphone', 'Numéro', 'Poste', 'Actions']);
  });
});
