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
  categorie: null,
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

describe('[members] club members table: what a leader needs first', () => {
  it('name, role, team, status, phone; the rest behind the name; status readable without colour', async () => {
    render(
      <MembersTable
        members={[base, pending]}
        actor={{ id: 9, role: 'DIRIGEANT', teamId: null }}
        onEdit={() => {}}
        onDelete={() => {}}
        onResend={() => {}}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Nom',
      'Rôle',
      'Équipe',
      'Catégorie',
      'Statut',
      'Téléphone',
      'Actions',
    ]);
    const row = screen.getAllByRole('row')[2]!;
    expect(row).toHaveTextContent('Blessé');
    expect(row).toHaveTextContent('Compte non activé');
    // Phone numbers grouped as written in France; names first name first, as everywhere.
    expect(row).toHaveTextContent('06 00 00 00 00');
    expect(screen.queryByText('anne@example.org')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Anne Chef' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('anne@example.org')).toBeVisible();
    expect(screen.getByText('02/01/1970')).toBeVisible();
  });

  it('actions sit in a row menu, deleting last; a pending invitation can be resent', async () => {
    const onResend = vi.fn();
    const onDelete = vi.fn();
    render(
      <MembersTable
        members={[base, pending]}
        actor={{ id: 9, role: 'DIRIGEANT', teamId: null }}
        onEdit={() => {}}
        onDelete={onDelete}
        onResend={onResend}
      />,
    );
    // No column of red buttons.
    expect(screen.queryByRole('button', { name: /Supprimer/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions pour Paul Neuf' }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Modifier',
      "Renvoyer l'invitation",
      'Supprimer',
    ]);
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onResend).toHaveBeenCalledWith(pending);
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Actions pour Anne Chef' }));
    expect(screen.queryByRole('menuitem', { name: "Renvoyer l'invitation" })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Supprimer' }));
    expect(onDelete).toHaveBeenCalledWith(base);
  });

  it('a RESPONSABLE may neither edit nor delete a DIRIGEANT', async () => {
    render(
      <MembersTable
        members={[base, pending]}
        actor={{ id: 9, role: 'RESPONSABLE', teamId: null }}
        onEdit={() => {}}
        onDelete={() => {}}
        onResend={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Actions pour Anne Chef' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Actions pour Paul Neuf' }));
    expect(screen.getByRole('menuitem', { name: 'Modifier' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Supprimer' })).toBeInTheDocument();
  });
});

describe('[members] club members table: teams and children', () => {
  it('lists every team of a member, primary first, and a parent’s children in the details', async () => {
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
    expect(cells(parentRow!)).toContain('-');
    await userEvent.setup().click(within(parentRow!).getByRole('button', { name: 'Marc Bernard' }));
    expect(screen.getByText('Léo Moreau, Zoé Bernard')).toBeVisible();
  });
});

describe('[members] club members cards below 640 px', () => {
  it('one card per member with role, team, status, phone and the actions menu', async () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      render(
        <MembersTable
          members={[base, pending]}
          actor={{ id: 9, role: 'DIRIGEANT', teamId: null }}
          onEdit={() => {}}
          onDelete={() => {}}
          onResend={() => {}}
        />,
      );
      expect(screen.queryByRole('table')).toBeNull();
      const cards = within(
        screen.getByRole('list', { name: 'Liste des membres du club' }),
      ).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      expect(within(cards[1]!).getByRole('heading', { name: 'Paul Neuf' })).toBeVisible();
      expect(cards[1]).toHaveTextContent('Joueur · U17');
      expect(cards[1]).toHaveTextContent('Blessé');
      expect(cards[1]).toHaveTextContent('06 00 00 00 00');
      expect(
        within(cards[1]!).getByRole('button', { name: 'Actions pour Paul Neuf' }),
      ).toBeVisible();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
