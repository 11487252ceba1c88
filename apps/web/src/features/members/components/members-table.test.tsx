import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMember } from '@club/contract';
import { MembersTable } from './members-table.tsx';

afterEach(cleanup);

const base: TMember = {
  id: 1,
  nom: 'Chef',
  prenom: 'Anne',
  dateDeNaissance: '1970-01-02',
  genre: 'Femme',
  email: 'anne@example.org',
  numeroTelephone: '0600000000',
  numeroLicence: null,
  role: 'DIRIGEANT',
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
  invitationEnAttente: false,
};
const pending: TMember = {
  ...base,
  id: 2,
  nom: 'Neuf',
  prenom: 'Paul',
  role: 'JOUEUR',
  statut: 'Blessé',
  nomEquipe: 'U17',
  idEquipe: 3,
  invitationEnAttente: true,
};

describe('[members] club members table', () => {
  it('every column of spec §2; the status is readable without colour; pending invitations can be resent', async () => {
    const onResend = vi.fn();
    render(
      <MembersTable
        members={[base, pending]}
        actor={{ id: 9, role: 'DIRIGEANT', teamId: null }}
        onEdit={() => {}}
        onDelete={() => {}}
        onResend={onResend}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Nom',
      'Prénom',
      'Date de naissance',
      'Genre',
      'Email',
      'Téléphone',
      'N° Licence',
      'Rôle',
      'Équipe',
      'Statut',
      'Actions',
    ]);
    const row = screen.getAllByRole('row')[2]!;
    expect(row).toHaveTextContent('Blessé');
    expect(row).toHaveTextContent('Compte non activé');
    await userEvent
      .setup()
      .click(within(row).getByRole('button', { name: "Renvoyer l'invitation à Paul Neuf" }));
    expect(onResend).toHaveBeenCalledWith(pending);
    expect(within(screen.getAllByRole('row')[1]!).queryByText(/Renvoyer/)).toBeNull();
  });

  it('a RESPONSABLE has no edit or delete button on a DIRIGEANT', () => {
    render(
      <MembersTable
        members={[base, pending]}
        actor={{ id: 9, role: 'RESPONSABLE', teamId: null }}
        onEdit={() => {}}
        onDelete={() => {}}
        onResend={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Modifier Anne Chef' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Supprimer Anne Chef' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Modifier Paul Neuf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer Paul Neuf' })).toBeInTheDocument();
  });
});

describe('[members] club members table: teams and children (issue 8)', () => {
  it('lists every team of a member, primary first, and a parent’s children', () => {
    const player: TMember = {
      ...base,
      id: 3,
      nom: 'Moreau',
      prenom: 'Léo',
      role: 'JOUEUR',
      idEquipe: 4,
      nomEquipe: 'U17',
      equipes: [
        { id: 4, nom: 'U17' },
        { id: 5, nom: 'Seniors B' },
      ],
    };
    const parent: TMember = {
      ...base,
      id: 4,
      nom: 'Bernard',
      prenom: 'Marc',
      role: 'PARENT',
      enfants: [
        { id: 3, nom: 'Moreau', prenom: 'Léo' },
        { id: 6, nom: 'Bernard', prenom: 'Zoé' },
      ],
    };
    render(
      <MembersTable
        members={[player, parent]}
        actor={{ id: 9, role: 'DIRIGEANT', teamIds: [] }}
        onEdit={() => {}}
        onDelete={() => {}}
        onResend={() => {}}
      />,
    );
    const [, playerRow, parentRow] = screen.getAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(playerRow!)).toContain('U17, Seniors B');
    expect(cells(parentRow!)).toContain('ParentEnfants : Léo Moreau, Zoé Bernard');
    expect(cells(parentRow!)).toContain('-');
  });
});
