import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { api, buildPath, type TCurrentMember, type TMember } from '@club/contract';
import { ToastProvider } from '../../components/ui/toast.tsx';
import ClubMembersPage from './club-members.tsx';

vi.setConfig({ testTimeout: 20_000 });

const leader: TCurrentMember = {
  id: 1,
  idClub: 1,
  idEquipe: null,
  role: 'DIRIGEANT',
  email: 'dirigeant@example.org',
  nom: 'Bernard',
  prenom: 'Anne',
  nomClub: 'FC Été',
  nomEquipe: null,
  statut: 'Actif',
  equipes: [],
};
const ines: TMember = {
  id: 10,
  nom: 'Durand',
  prenom: 'Inès',
  dateDeNaissance: '2006-03-04',
  genre: 'Femme',
  email: 'ines@example.org',
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

/** The server: Inès exists until DELETE, comes back on POST …/restaurer (or refuses it). */
let deleted = false;
let restoreAnswer: { status: number; body: unknown } = {
  status: 200,
  body: { message: 'Membre restauré.' },
};
const calls: string[] = [];
const removeCall = `DELETE ${buildPath(api.members.remove.path, { id: 10 })}`;
const restoreCall = `POST ${buildPath(api.members.restore.path, { id: 10 })}`;

beforeEach(() => {
  deleted = false;
  calls.length = 0;
  restoreAnswer = { status: 200, body: { message: 'Membre restauré.' } };
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') calls.push(`${method} ${url}`);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    if (url === api.dashboard.infos.path) return json(200, leader);
    if (method === 'DELETE' && url === buildPath(api.members.remove.path, { id: 10 })) {
      deleted = true;
      return json(200, { message: 'Membre supprimé.' });
    }
    if (method === 'POST' && url === buildPath(api.members.restore.path, { id: 10 })) {
      if (restoreAnswer.status === 200) deleted = false;
      return json(restoreAnswer.status, restoreAnswer.body);
    }
    if (url.startsWith(buildPath(api.members.searchClub.path, { clubId: 1 }))) return json(200, []);
    if (url.startsWith(buildPath(api.members.listClub.path, { clubId: 1 })))
      return json(200, deleted ? [] : [ines]);
    if (url.startsWith(buildPath(api.teams.listClub.path, { clubId: 1 }))) return json(200, []);
    return json(404, { message: 'Introuvable.' });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <ToastProvider>
        <MemoryRouter initialEntries={['/FC%20%C3%89t%C3%A9/membres']}>
          <Routes>
            <Route path=":nomClub/membres" element={<ClubMembersPage />} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

async function deleteInes(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Actions pour Inès Durand' }));
  await user.click(screen.getByRole('menuitem', { name: 'Supprimer' }));
  const confirm = screen.getByRole('alertdialog', { name: 'Supprimer un membre' });
  await user.click(within(confirm).getByRole('button', { name: 'Supprimer Inès Durand' }));
}

const toasts = () => screen.getByRole('region', { name: 'Notifications' });

describe('[members] deletion sent at once, undone by a restore (decision 0087)', () => {
  it('sends DELETE on confirmation, before any toast expires; Annuler restores and lists her again', async () => {
    const user = userEvent.setup();
    renderPage();
    await deleteInes(user);
    // Sent at once: nothing waits for the toast to go.
    await vi.waitFor(() => expect(calls).toEqual([removeCall]));
    const undo = await within(toasts()).findByRole('button', { name: 'Annuler' });
    expect(within(toasts()).getByText('Inès Durand supprimé(e).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions pour Inès Durand' })).toBeNull();

    await user.click(undo);
    await vi.waitFor(() => expect(calls).toEqual([removeCall, restoreCall]));
    expect(await within(toasts()).findByText('Membre restauré.')).toBeInTheDocument();
    // The list is read again: she is back.
    expect(
      await screen.findByRole('button', { name: 'Actions pour Inès Durand' }),
    ).toBeInTheDocument();
  });

  it('a refused restore (window over) says why, and she stays deleted', async () => {
    restoreAnswer = {
      status: 404,
      body: {
        message: 'Ce membre ne peut plus être restauré : le délai d’annulation est dépassé.',
      },
    };
    const user = userEvent.setup();
    renderPage();
    await deleteInes(user);
    await user.click(await within(toasts()).findByRole('button', { name: 'Annuler' }));
    expect(
      await screen.findByText(
        'Ce membre ne peut plus être restauré : le délai d’annulation est dépassé.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions pour Inès Durand' })).toBeNull();
  });
});
