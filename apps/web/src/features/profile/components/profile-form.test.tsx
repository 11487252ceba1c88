import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';

afterEach(cleanup);
import userEvent from '@testing-library/user-event';
import { PRIVACY_MESSAGES } from '@club/contract';
import { aMember } from '../../../testing/builders.ts';
import { ProfileForm } from './profile-form.tsx';

const me = aMember({
  id: 4,
  nom: 'Petit',
  prenom: 'Inès',
  dateDeNaissance: '1990-05-06T00:00:00.000Z',
  genre: 'Femme',
  email: 'ines@example.org',
  numeroTelephone: null,
  numeroLicence: 'L-1',
  numero: 9,
});

describe('[profile] Mon Profil (spec §2, §5)', () => {
  it('cuts the birth date to YYYY-MM-DD, shows the role read-only and sends the six fields and the sharing choice', async () => {
    const onSubmit = vi.fn();
    render(<ProfileForm member={me} submitting={false} onSubmit={onSubmit} onCancel={() => {}} />);
    // Shown as jj/mm/aaaa whatever the browser's language (decision 0031); sent as ISO.
    expect(screen.getByLabelText('Date de naissance *')).toHaveValue('06/05/1990');
    const role = screen.getByLabelText('Rôle');
    expect(role).toHaveValue('Joueur');
    expect(role).toHaveAttribute('readonly');
    const genres = [...(screen.getByLabelText('Genre') as HTMLSelectElement).options].map(
      (o) => o.value,
    );
    expect(genres).toEqual(['', 'Homme', 'Femme', 'Autre']);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Prénom *'));
    await user.type(screen.getByLabelText('Prénom *'), 'Inès-Marie');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    // The form's schema loads on the first check.
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        nom: 'Petit',
        prenom: 'Inès-Marie',
        dateDeNaissance: '1990-05-06',
        email: 'ines@example.org',
        numeroTelephone: null,
        genre: 'Femme',
        partageCoordonnees: false,
      }),
    );
  });

  it('« Partager mon e-mail et mon téléphone avec mon équipe »: off by default, the adult’s choice', async () => {
    const onSubmit = vi.fn();
    render(<ProfileForm member={me} submitting={false} onSubmit={onSubmit} onCancel={() => {}} />);
    const box = screen.getByRole('checkbox', { name: PRIVACY_MESSAGES.shareContactLabel });
    expect(box).not.toBeChecked();
    expect(box).toBeEnabled();
    expect(box).toHaveAccessibleDescription(PRIVACY_MESSAGES.shareContactHint);
    const user = userEvent.setup();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    // The form's schema loads on the first check.
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ partageCoordonnees: true })),
    );
  });

  it('a minor cannot turn it on, and the screen says why', async () => {
    const onSubmit = vi.fn();
    const year = new Date().getFullYear() - 15;
    const minor = aMember({ ...me, dateDeNaissance: `${year}-03-16`, partageCoordonnees: false });
    render(
      <ProfileForm member={minor} submitting={false} onSubmit={onSubmit} onCancel={() => {}} />,
    );
    const box = screen.getByRole('checkbox', { name: PRIVACY_MESSAGES.shareContactLabel });
    expect(box).toBeDisabled();
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(PRIVACY_MESSAGES.shareContactMinor);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enregistrer' }));
    // The form's schema loads on the first check.
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ partageCoordonnees: false })),
    );
  });

  it('a minor reads their birth date, does not change it, and does not send it (decision 0103)', async () => {
    const onSubmit = vi.fn();
    const year = new Date().getFullYear() - 14;
    const minor = aMember({ ...me, dateDeNaissance: `${year}-03-16`, partageCoordonnees: false });
    render(
      <ProfileForm member={minor} submitting={false} onSubmit={onSubmit} onCancel={() => {}} />,
    );
    expect(screen.queryByLabelText('Date de naissance *')).toBeNull();
    const date = screen.getByLabelText('Date de naissance');
    expect(date).toHaveValue(`16/03/${year}`);
    expect(date).toHaveAttribute('readonly');
    expect(date).toHaveAccessibleDescription(PRIVACY_MESSAGES.birthDateClubOnly);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('dateDeNaissance');
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ partageCoordonnees: false });
  });

  it('a leader who is a minor still edits their own birth date (leaders change any)', () => {
    const year = new Date().getFullYear() - 17;
    const leader = aMember({ ...me, role: 'RESPONSABLE', dateDeNaissance: `${year}-03-16` });
    render(
      <ProfileForm member={leader} submitting={false} onSubmit={() => {}} onCancel={() => {}} />,
    );
    expect(screen.getByLabelText('Date de naissance *')).not.toHaveAttribute('readonly');
  });

  it('nom, prénom, date and email are required; the phone is optional', async () => {
    const onSubmit = vi.fn();
    render(<ProfileForm member={me} submitting={false} onSubmit={onSubmit} onCancel={() => {}} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Email *'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Ce champ est obligatoire.')).toBeInTheDocument();
  });

  it('Annuler calls back (the page goes back in history)', async () => {
    const onCancel = vi.fn();
    render(<ProfileForm member={me} submitting={false} onSubmit={() => {}} onCancel={onCancel} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
