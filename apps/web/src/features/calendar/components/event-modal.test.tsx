import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { EVENT_MESSAGES, api, buildPath, urlOf } from '@club/contract';
import { aClubEvent, aTeam } from '../../../testing/builders.ts';
import { json, stubFetch, type Responder } from '../../../testing/render.tsx';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { EventModal, EVENT_MODAL_MESSAGES } from './event-modal.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(responder: Responder, event = aClubEvent({ id: 7, nom: 'Séance' })) {
  const calls = stubFetch(responder);
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <EventModal event={event} clubId={2} teams={[aTeam()]} isLeader onClose={onClose} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { calls, onClose, user: userEvent.setup() };
}

describe('[calendar] event modal (spec §2, §4)', () => {
  it("edit: 'Modifier un événement'; a successful save sends PUT and closes", async () => {
    const { calls, onClose, user } = open((_url, init) =>
      init.method === 'PUT' ? json(200, aClubEvent({ id: 7 })) : json(404, {}),
    );
    expect(screen.getByRole('dialog', { name: 'Modifier un événement' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    // The save is said (the modal is gone).
    expect(await screen.findByText(EVENT_MODAL_MESSAGES.updated)).toBeInTheDocument();
    const put = calls.find((c) => c.init.method === 'PUT')!;
    expect(put.url).toBe(buildPath(api.events.update.path, { id: 7 }));
    expect(JSON.parse(String(put.init.body))).toMatchObject({
      nom: 'Séance',
      dateDebut: '2030-03-12T18:00:00',
      dateFin: '2030-03-12T20:00:00',
      equipesIds: [3],
      clubId: 2,
    });
  });

  it("a refused save stays open with the server's field errors", async () => {
    const { onClose, user } = open(() =>
      json(400, { message: 'Données invalides.', errors: { lieux: 'Lieu refusé.' } }),
    );
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(await screen.findByText('Lieu refusé.')).toBeInTheDocument();
    expect(screen.getByText('Données invalides.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('the refusal goes as soon as the form is edited: no stale message next to the new attempt', async () => {
    open(() => json(400, { message: 'Données invalides.' }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(await screen.findByText('Données invalides.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Lieu *'), ' B');
    expect(screen.queryByText('Données invalides.')).toBeNull();
  });

  it("delete asks 'Supprimer cet événement ?' in a dialog of its own; Escape closes that one only", async () => {
    const { calls, onClose, user } = open((_url, init) =>
      init.method === 'DELETE' ? json(200, { message: 'Événement supprimé.' }) : json(404, {}),
    );
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveAccessibleDescription(EVENT_MESSAGES.confirmDelete);
    expect(confirm).toHaveAttribute('aria-modal', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Modifier un événement' })).toBeInTheDocument();
    expect(calls.some((c) => c.init.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }),
    );
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.init.method === 'DELETE')!.url).toBe(
      urlOf(api.events.remove, { params: { id: 7 } }),
    );
  });
});
