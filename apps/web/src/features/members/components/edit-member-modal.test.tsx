import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';

afterEach(cleanup);
import userEvent from '@testing-library/user-event';
import type { TMember, TMemberEditParty } from '@club/contract';
import { aMember } from '../../../testing/builders.ts';
import { EditMemberModal } from './edit-member-modal.tsx';
import { TeamMembersTable } from './team-members-table.tsx';

const player = aMember({ taille: 180, numero: 7, equipes: [] });
const coach = { id: 2, role: 'ENTRAINEUR', teamId: 3 };

function open(actor: TMemberEditParty, member = player) {
  const onSave = vi.fn();
  render(
    <EditMemberModal
      actor={actor}
      member={member}
      clubId={1}
      submitting={false}
      onSave={onSave}
      onCancel={() => {}}
    />,
  );
  return onSave;
}

describe("[members] 'Modifier le membre' (spec §2, §6)", () => {
  it('a coach editing a player of the team: only numero and poste are enabled and sent', async () => {
    const onSave = open(coach);
    expect(screen.getByRole('dialog', { name: 'Modifier le membre' })).toBeInTheDocument();
    for (const label of [
      'Nom',
      'Prénom',
      'Date de naissance',
      'Email',
      'Téléphone',
      'Numéro de licence',
      'Taille (cm)',
      'Poids (kg)',
    ])
      expect(screen.getByLabelText(label)).toBeDisabled();
    expect(screen.getByLabelText('Numéro maillot')).toBeEnabled();
    expect(screen.getByLabelText('Poste')).toBeEnabled();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Numéro maillot'));
    await user.type(screen.getByLabelText('Numéro maillot'), '9');
    await user.type(screen.getByLabelText('Poste'), 'Ailier');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(onSave).toHaveBeenCalledWith({ clubId: 1, numero: 9, poste: 'Ailier' });
  });

  it('the coach of the player’s team sets the status; it is sent only when changed (decision 0108)', async () => {
    const onSave = open(coach, { ...player, statut: 'Actif' });
    const statut = screen.getByLabelText('Statut');
    expect(statut).toBeEnabled();
    expect(statut).toHaveValue('Actif');
    expect(
      (within(statut).getAllByRole('option') as HTMLOptionElement[]).map((o) => o.value),
    ).toEqual(['Actif', 'Blessé', 'Malade', 'Suspendu']);
    const user = userEvent.setup();
    await user.selectOptions(statut, 'Blessé');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(onSave).toHaveBeenCalledWith({ clubId: 1, numero: 7, poste: null, statut: 'Blessé' });
  });

  it('a coach of another team, a teammate or the player themselves get no status control', () => {
    open({ id: 5, role: 'ENTRAINEUR', teamId: 4 }, { ...player, statut: 'Actif' });
    expect(screen.queryByLabelText('Statut')).toBeNull();
    cleanup();
    open({ id: 6, role: 'JOUEUR', teamId: 3 }, { ...player, statut: 'Actif' });
    expect(screen.queryByLabelText('Statut')).toBeNull();
    cleanup();
    open({ id: player.id, role: 'JOUEUR', teamId: 3 }, { ...player, statut: 'Actif' });
    expect(screen.queryByLabelText('Statut')).toBeNull();
  });

  it('a player editing themselves: numero and poste are disabled and not sent', async () => {
    const onSave = open({ id: player.id, role: 'JOUEUR', teamId: 3 });
    expect(screen.getByLabelText('Numéro maillot')).toBeDisabled();
    expect(screen.getByLabelText('Poste')).toBeDisabled();
    expect(screen.getByLabelText('Numéro de licence')).toBeEnabled();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Poids (kg)'), '72');
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const body = onSave.mock.calls[0]![0];
    expect(body).toEqual({
      clubId: 1,
      nom: 'Durand',
      prenom: 'Léo',
      dateDeNaissance: '2006-03-04',
      email: 'leo@example.org',
      numeroTelephone: '0600000000',
      numeroLicence: null,
      taille: 180,
      poids: 72,
    });
  });

  it('a minor editing themselves: the birth date is disabled and not sent (decision 0103)', async () => {
    const minor = aMember({ ...player, dateDeNaissance: `${new Date().getFullYear() - 13}-03-04` });
    const onSave = open({ id: minor.id, role: 'JOUEUR', teamId: 3 }, minor);
    expect(screen.getByLabelText('Date de naissance')).toBeDisabled();
    expect(screen.getByLabelText('Prénom *')).toBeEnabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0]).not.toHaveProperty('dateDeNaissance');
  });

  it('a coach of the player’s second team: numero and poste are enabled', () => {
    open(
      { id: 2, role: 'ENTRAINEUR', teamIds: [5] },
      {
        ...player,
        equipes: [
          { id: 3, nom: 'Seniors' },
          { id: 5, nom: 'U17' },
        ],
      },
    );
    expect(screen.getByLabelText('Numéro maillot')).toBeEnabled();
    expect(screen.getByLabelText('Poste')).toBeEnabled();
    expect(screen.getByLabelText('Nom')).toBeDisabled();
  });

  it('a coach editing themselves: numero, poste and numeroLicence are disabled', () => {
    open(coach, { ...player, id: coach.id, role: 'ENTRAINEUR' });
    for (const label of ['Numéro maillot', 'Poste', 'Numéro de licence'])
      expect(screen.getByLabelText(label)).toBeDisabled();
    expect(screen.getByLabelText('Nom *')).toBeEnabled();
  });

  it('nom, prénom, date, email and téléphone are required', async () => {
    const onSave = open({ id: player.id, role: 'JOUEUR', teamId: 3 });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Nom *'));
    await user.clear(screen.getByLabelText('Téléphone *'));
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getAllByText('Ce champ est obligatoire.')).toHaveLength(2);
  });
});

describe('[members] team members table', () => {
  it("shows '-' for empty values and 'Modifier' only where the member may edit", () => {
    const other: TMember = { ...player, id: 11, nom: 'Autre', role: 'PARENT' };
    render(<TeamMembersTable members={[player, other]} actor={coach} onEdit={() => {}} />);
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('button', { name: 'Actions pour Léo Durand' })).toBeVisible();
    expect(within(rows[2]!).queryByRole('button', { name: /Actions pour/ })).toBeNull();
    // the poste is empty for the player
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toContain('-');
    expect(screen.getAllByText('Actif')).toHaveLength(2);
  });
});
