import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  FIELD_MESSAGES,
  PROFILE_MESSAGES,
  api,
  buildPath,
  urlOf,
  type TCurrentMember,
} from '@club/contract';
import { aMember } from '../../testing/builders.ts';
import { json, renderAt, stubFetch } from '../../testing/render.tsx';
import ProfilePage from './profile.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const current: TCurrentMember = {
  id: 4,
  idClub: 1,
  idEquipe: 3,
  role: 'JOUEUR',
  email: 'ines@example.org',
  nom: 'Petit',
  prenom: 'Inès',
  nomClub: 'FC Été',
  nomEquipe: 'U17',
  statut: 'Actif',
  equipes: [{ id: 3, nom: 'U17' }],
};
const me = aMember({
  id: 4,
  nom: 'Petit',
  prenom: 'Inès',
  dateDeNaissance: '1990-05-06',
  email: 'ines@example.org',
});

describe('[profile] page messages', () => {
  it('the success of a save goes when the form changes; a new submit never stands next to it', async () => {
    stubFetch((url, init) => {
      if (url === urlOf(api.dashboard.infos)) return json(200, current);
      if (url === buildPath(api.members.update.path, { id: 4 }) && init.method === 'PUT')
        return json(200, { ...me, ...JSON.parse(String(init.body)) });
      if (url === urlOf(api.members.get, { params: { id: 4 } })) return json(200, me);
      return json(404, { message: 'Ressource introuvable.' });
    });
    renderAt('/FC%20%C3%89t%C3%A9/profil', '/:nomClub/profil', <ProfilePage />);
    const user = userEvent.setup();
    const prenom = await screen.findByLabelText('Prénom *');
    await user.type(prenom, '-Marie');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(PROFILE_MESSAGES.success)).toBeInTheDocument();

    // Editing again: the last save's message goes.
    await user.clear(screen.getByLabelText('Nom *'));
    expect(screen.queryByText(PROFILE_MESSAGES.success)).toBeNull();

    // A submit refused by the form: its error alone.
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(FIELD_MESSAGES.required)).toBeInTheDocument();
    expect(screen.queryByText(PROFILE_MESSAGES.success)).toBeNull();
  });

  it('a save that fails after a success shows the error alone', async () => {
    let puts = 0;
    stubFetch((url, init) => {
      if (url === urlOf(api.dashboard.infos)) return json(200, current);
      if (url === buildPath(api.members.update.path, { id: 4 }) && init.method === 'PUT')
        return ++puts === 1 ? json(200, me) : json(500, { message: 'Erreur interne.' });
      if (url === urlOf(api.members.get, { params: { id: 4 } })) return json(200, me);
      return json(404, { message: 'Ressource introuvable.' });
    });
    renderAt('/FC%20%C3%89t%C3%A9/profil', '/:nomClub/profil', <ProfilePage />);
    const user = userEvent.setup();
    await screen.findByLabelText('Prénom *');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(PROFILE_MESSAGES.success)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(PROFILE_MESSAGES.saveFailed)).toBeInTheDocument();
    expect(screen.queryByText(PROFILE_MESSAGES.success)).toBeNull();
  });
});
