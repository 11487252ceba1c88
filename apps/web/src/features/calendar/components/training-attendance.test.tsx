import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  NOTIFICATION_MESSAGES,
  api,
  buildPath,
  urlOf,
  type TCurrentMember,
  type TEvent,
  type TEventPresence,
} from '@club/contract';
import { aClubEvent, aCurrentMember } from '../../../testing/builders.ts';
import { json, stubFetch } from '../../../testing/render.tsx';
import { TrainingAttendance } from './training-attendance.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SENIORS = { idEquipe: 3, nomEquipe: 'Seniors' };
const leo = aCurrentMember({ id: 10, role: 'JOUEUR', prenom: 'Léo', nom: 'Durand', ...SENIORS });
const coach = aCurrentMember({ id: 2, role: 'ENTRAINEUR', ...SENIORS });

const row = (
  id: number,
  prenom: string,
  overrides: Partial<TEventPresence> = {},
): TEventPresence => ({
  joueur: { id, prenom, nom: 'Durand' },
  statutPresence: null,
  justification: null,
  parDefaut: false,
  modifiable: false,
  ...overrides,
});

/** Another family's row as the server answers a player or parent (no justification, parDefaut). */
const seenByOthers = (
  id: number,
  prenom: string,
  statutPresence: 'DISPONIBLE' | null,
): TEventPresence => ({ joueur: { id, prenom, nom: 'Durand' }, statutPresence, modifiable: false });

function show(me: TCurrentMember, rows: TEventPresence[], event: TEvent = aClubEvent()) {
  let list = rows;
  let rollCalls = 0;
  const calls = stubFetch(async (url, init) => {
    if (url === urlOf(api.dashboard.infos)) return json(200, me);
    if (url.startsWith(urlOf(api.auth.csrf))) return json(200, {});
    if (url === buildPath(api.events.rollCall.path, { id: event.id }) && init.method === 'PUT') {
      // The roll call: the first one is refused (the server's text is shown), the next saved.
      if (++rollCalls === 1) return json(409, { message: NOTIFICATION_MESSAGES.trainingStarted });
      const body = JSON.parse(init.body as string) as {
        presences: { joueurId: number; statutPresence: TEventPresence['statutPresence'] }[];
      };
      list = list.map((r) => {
        const marked = body.presences.find((p) => p.joueurId === r.joueur.id);
        return marked ? { ...r, statutPresence: marked.statutPresence, parDefaut: false } : r;
      });
      return json(200, list);
    }
    if (url === urlOf(api.events.presences, { params: { id: event.id } })) return json(200, list);
    if (
      url === buildPath(api.events.answerPresence.path, { id: event.id }) &&
      init.method === 'PUT'
    ) {
      const body = JSON.parse(init.body as string) as {
        joueurId: number;
        statutPresence: TEventPresence['statutPresence'];
        justification: string | null;
      };
      if (body.joueurId === 99)
        return json(409, { message: NOTIFICATION_MESSAGES.trainingStarted });
      list = list.map((r) =>
        r.joueur.id === body.joueurId
          ? { ...r, ...body, parDefaut: false, justification: body.justification }
          : r,
      );
      return json(200, list);
    }
    return json(404, { message: 'Ressource introuvable.' });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TrainingAttendance event={event} />
    </QueryClientProvider>,
  );
  return {
    calls,
    puts: () =>
      calls.filter((c) => c.init.method === 'PUT').map((c) => JSON.parse(c.init.body as string)),
  };
}

describe('[calendar] attendance of a training', () => {
  it('a player sees who of the team is coming and answers Absent for themself', async () => {
    // Other families' rows as the server answers a player (decision 0106): whether they come.
    const { puts } = show(leo, [
      seenByOthers(11, 'Inès', null),
      seenByOthers(12, 'Hugo', 'DISPONIBLE'),
      row(10, 'Léo', { statutPresence: 'DISPONIBLE', parDefaut: true, modifiable: true }),
      seenByOthers(13, 'Zoé', null),
    ]);
    const section = await screen.findByRole('region', { name: 'Présences' });
    await within(section).findAllByRole('listitem');
    expect(section).toHaveTextContent('2 présents');
    const items = within(section).getAllByRole('listitem');
    // No absence nor silence is told of other families: no count, no pill.
    expect(section.querySelector('.attendance-counts')).not.toHaveTextContent(/absent|réponse/i);
    for (const other of items.slice(1)) expect(other).not.toHaveTextContent(/absent|sans réponse/i);
    // The own row first; a default presence says so; other rows are read-only.
    expect(items[0]).toHaveTextContent('Léo Durand (vous)');
    expect(items[0]).toHaveTextContent('Présent (par défaut)');
    expect(within(items[1]!).queryByRole('radio')).toBeNull();
    const ines = items.find((i) => i.textContent?.includes('Inès'))!;
    expect(ines).toHaveTextContent(/^Inès Durand$/);
    expect(items.find((i) => i.textContent?.includes('Hugo'))).toHaveTextContent('Présent');

    const own = within(items[0]!).getByRole('group', { name: 'Votre présence' });
    const save = within(items[0]!).getByRole('button', { name: 'Enregistrer' });
    expect(save).toBeDisabled();
    const user = userEvent.setup();
    await user.click(within(own).getByLabelText('Absent'));
    await user.type(within(items[0]!).getByLabelText('Justificatif (facultatif)'), 'Malade');
    await user.click(save);
    expect(await within(items[0]!).findByText(NOTIFICATION_MESSAGES.answerSaved)).toBeVisible();
    expect(puts()).toEqual([
      { joueurId: 10, statutPresence: 'INDISPONIBLE', justification: 'Malade' },
    ]);
    expect(within(section).getAllByRole('listitem')[0]).toHaveTextContent('Absent');
    expect(section).toHaveTextContent('1 présent');
    expect(section.querySelector('.attendance-counts')).not.toHaveTextContent(/absent/i);
  });

  it('the coach reads every row whole: the counts of absents and silences, the pills', async () => {
    show(coach, [
      row(11, 'Inès', { statutPresence: 'INDISPONIBLE', justification: 'Malade' }),
      row(12, 'Hugo', { statutPresence: 'DISPONIBLE', parDefaut: true }),
      row(13, 'Zoé'),
    ]);
    const section = await screen.findByRole('region', { name: 'Présences' });
    await within(section).findAllByRole('listitem');
    expect(section).toHaveTextContent('1 présent');
    expect(section).toHaveTextContent('1 absent');
    expect(section).toHaveTextContent('1 sans réponse');
    expect(section).toHaveTextContent('Justificatif : Malade');
    expect(section).toHaveTextContent('Sans réponse');
  });

  it('the coach takes the roll call: « Tous présents », the absents, one save; a refusal shows the server’s text', async () => {
    const { puts } = show(coach, [
      row(11, 'Inès', { modifiable: true }),
      row(12, 'Léa', { modifiable: true, statutPresence: 'DISPONIBLE' }),
      row(99, 'Tom', { modifiable: true }),
    ]);
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Enregistrer les présences' });
    expect(save).toBeDisabled();
    // No per-player save button: the list is saved once.
    expect(screen.queryByRole('button', { name: /Enregistrer la présence de/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Tous présents' }));
    expect(screen.getByText('2 changements non enregistrés.')).toBeVisible();
    const tom = screen.getByRole('group', { name: 'Tom Durand' });
    await user.click(within(tom).getByLabelText('Absent'));
    expect(
      within(screen.getByRole('group', { name: 'Inès Durand' })).getByLabelText('Présent'),
    ).toBeChecked();

    await user.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      NOTIFICATION_MESSAGES.trainingStarted,
    );
    await user.click(save);
    expect(await screen.findByText('Présences enregistrées.')).toBeVisible();
    const sent = [
      {
        presences: [
          { joueurId: 11, statutPresence: 'DISPONIBLE', justification: null },
          { joueurId: 99, statutPresence: 'INDISPONIBLE', justification: null },
        ],
      },
    ];
    expect(puts()).toEqual([...sent, ...sent]);
    expect(save).toBeDisabled();
  });

  it('nothing for a match, nor for a training of another team (no request)', async () => {
    const { calls } = show(leo, [], aClubEvent({ id: 5, type: 'MATCH' }));
    cleanup();
    const other = show(leo, [], aClubEvent({ id: 6, equipesIds: [8] }));
    // The member is loaded; the attendance is never asked for.
    await vi.waitFor(() =>
      expect(other.calls.some((c) => c.url === urlOf(api.dashboard.infos))).toBe(true),
    );
    expect([...calls, ...other.calls].filter((c) => c.url.includes('/presence'))).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Présences' })).toBeNull();
  });
});
