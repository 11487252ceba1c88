import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';

afterEach(cleanup);
import userEvent from '@testing-library/user-event';
import { MemberForm } from './member-form.tsx';

function renderForm(role = 'DIRIGEANT') {
  const onSubmit = vi.fn();
  render(
    <MemberForm
      member={null}
      clubId={5}
      actor={{ id: 1, role }}
      teamNames={['Seniors', 'U17']}
      submitting={false}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
}

describe('[members] club member form (spec §4, §5)', () => {
  it('statut is Actif by default; gender offers Homme and Femme; roles in the spec order', () => {
    renderForm();
    expect(screen.getByLabelText('Statut')).toHaveValue('Actif');
    const genres = [...(screen.getByLabelText('Genre *') as HTMLSelectElement).options].map(
      (o) => o.value,
    );
    expect(genres).toEqual(['', 'Homme', 'Femme']);
    const roles = [...(screen.getByLabelText('Rôle *') as HTMLSelectElement).options].map(
      (o) => o.value,
    );
    expect(roles).toEqual(['', 'JOUEUR', 'ENTRAINEUR', 'PARENT', 'RESPONSABLE', 'DIRIGEANT']);
  });

  it('required fields are checked before sending', async () => {
    const onSubmit = renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(onSubmit).not.toHaveBeenCalled();
    for (const label of ['Nom *', 'Prénom *', 'Email *', 'Téléphone *'])
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
  });

  it('a RESPONSABLE cannot choose a leader role', () => {
    renderForm('RESPONSABLE');
    const options = (screen.getByLabelText('Rôle *') as HTMLSelectElement).options;
    const disabled = [...options].filter((o) => o.disabled).map((o) => o.value);
    expect(disabled).toEqual(['RESPONSABLE', 'DIRIGEANT']);
  });

  it('a valid form sends the member with clubId, optional fields empty as null', async () => {
    const onSubmit = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nom *'), 'Martin');
    await user.type(screen.getByLabelText('Prénom *'), 'Zoé');
    await user.type(screen.getByLabelText('Date de naissance *'), '2004-05-06');
    await user.selectOptions(screen.getByLabelText('Genre *'), 'Femme');
    await user.type(screen.getByLabelText('Email *'), 'zoe@example.org');
    await user.type(screen.getByLabelText('Téléphone *'), '0612345678');
    await user.selectOptions(screen.getByLabelText('Rôle *'), 'JOUEUR');
    await user.selectOptions(screen.getByLabelText('Équipe'), 'U17');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(onSubmit).toHaveBeenCalledWith({
      nom: 'Martin',
      prenom: 'Zoé',
      dateDeNaissance: '2004-05-06',
      genre: 'Femme',
      email: 'zoe@example.org',
      numeroTelephone: '0612345678',
      role: 'JOUEUR',
      statut: 'Actif',
      numeroLicence: null,
      nomEquipe: 'U17',
      clubId: 5,
    });
  });

  it('Réinitialiser empties the form', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nom *'), 'Martin');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(screen.getByLabelText('Nom *')).toHaveValue('');
  });
});
