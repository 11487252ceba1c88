import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api, buildPath, queryString, urlOf, type TEvent } from '@club/contract';
import { aClubEvent, aTeam } from '../../../testing/builders.ts';
import { json, stubFetch, type Responder } from '../../../testing/render.tsx';
import { buildRrule, recurrenceSummary } from '../lib/event-form.ts';
import { EventModal } from './event-modal.tsx';

/** Recurring events in the event modal (decision 0024): 'Répéter' and the choice of scope. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(responder: Responder, event: TEvent | null, start?: Date) {
  const calls = stubFetch(responder);
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EventModal
        event={event}
        start={start}
        clubId={2}
        teams={[aTeam()]}
        isLeader
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { calls, onClose, user: userEvent.setup() };
}

const serie = { id: 4, rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20300630', exclusions: [] };

describe('[calendar] recurrence', () => {
  it('builds the RRULE and its French summary', () => {
    const v = {
      repeatDays: ['TH', 'TU'] as ('TU' | 'TH')[],
      repeatInterval: '1',
      repeatEnd: 'until' as const,
      repeatUntil: '2027-06-30',
      repeatCount: '10',
      repeatExclusions: [] as string[],
    };
    expect(buildRrule(v)).toBe('FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630');
    expect(recurrenceSummary(v)).toBe("Chaque mardi et jeudi jusqu'au 30/06/2027");
    const other = {
      ...v,
      repeatInterval: '2',
      repeatEnd: 'count' as const,
      repeatExclusions: ['2027-02-18', '2027-02-16'],
    };
    expect(buildRrule(other)).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=10');
    expect(recurrenceSummary(other)).toBe(
      'Toutes les 2 semaines le mardi et jeudi, 10 fois, sauf le 16/02/2027 et 18/02/2027',
    );
  });

  it("'Répéter' is off by default; on, it sends a recurrence with the checked days and skipped dates", async () => {
    const { calls, onClose, user } = open(
      (_url, init) => (init.method === 'POST' ? json(201, aClubEvent({ serie })) : json(200, [])),
      null,
      new Date(2030, 2, 12, 19, 0), // a Tuesday
    );
    const repeat = screen.getByRole('checkbox', { name: 'Répéter cet événement chaque semaine' });
    expect(repeat).not.toBeChecked();
    expect(screen.queryByRole('group', { name: 'Jours' })).toBeNull();
    // Date inputs and long texts are set in one change (typing them char by char is slow in jsdom).
    fireEvent.change(screen.getByLabelText('Nom *'), { target: { value: 'Entraînement' } });
    fireEvent.change(screen.getByLabelText('Lieu *'), { target: { value: 'Gymnase' } });
    await user.click(repeat);
    const days = screen.getByRole('group', { name: 'Jours' });
    expect(within(days).getByRole('checkbox', { name: 'Mardi' })).toBeChecked();
    await user.click(within(days).getByRole('checkbox', { name: 'Jeudi' }));
    fireEvent.change(screen.getByLabelText('Jusqu’au'), { target: { value: '30/06/2030' } });
    const skip = screen.getByLabelText('Date à sauter');
    fireEvent.change(skip, { target: { value: '16/04/2030' } });
    await user.click(screen.getByRole('button', { name: 'Ajouter la date' }));
    fireEvent.change(skip, { target: { value: '18/04/2030' } });
    await user.type(skip, '{Enter}');
    await user.click(screen.getByRole('button', { name: 'Retirer le 18/04/2030' }));
    expect(
      screen.getByText("Chaque mardi et jeudi jusqu'au 30/06/2030, sauf le 16/04/2030"),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.init.method === 'POST')!;
    expect(JSON.parse(String(post.init.body))).toMatchObject({
      dateDebut: '2030-03-12T19:00:00',
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20300630', exclusions: ['2030-04-16'] },
    });
  }, 15_000); // a dozen interactions with the whole modal: about 5 s on a busy 2-core machine

  it('editing an occurrence asks the scope; the choice goes in ?portee=, Annuler sends nothing', async () => {
    const { calls, onClose, user } = open(
      (_url, init) => (init.method === 'PUT' ? json(200, aClubEvent({ serie })) : json(200, [])),
      aClubEvent({ id: 7, serie }),
    );
    expect(screen.getByText(/Fait partie d’une série : Chaque mardi et jeudi/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Répéter/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    let scope = screen.getByRole('alertdialog', { name: 'Modifier un événement répété' });
    const labels = within(scope)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((t) => t !== ''); // the dialog's close button (an icon)
    expect(labels).toEqual([
      'Cet événement',
      'Cet événement et les suivants',
      'Toute la série',
      'Annuler',
    ]);
    await user.click(within(scope).getByRole('button', { name: 'Annuler' }));
    expect(calls.some((c) => c.init.method === 'PUT')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    scope = screen.getByRole('alertdialog', { name: 'Modifier un événement répété' });
    await user.click(within(scope).getByRole('button', { name: 'Cet événement et les suivants' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.init.method === 'PUT')!.url).toBe(
      buildPath(api.events.update.path, { id: 7 }) + queryString({ portee: 'suivants' }),
    );
  });

  it("deleting an occurrence asks the scope: 'Toute la série' sends ?portee=serie", async () => {
    const { calls, onClose, user } = open(
      (_url, init) => (init.method === 'DELETE' ? json(200, { message: 'ok' }) : json(200, [])),
      aClubEvent({ id: 7, serie }),
    );
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    const scope = screen.getByRole('alertdialog', { name: 'Supprimer un événement répété' });
    await user.click(within(scope).getByRole('button', { name: 'Toute la série' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.init.method === 'DELETE')!.url).toBe(
      urlOf(api.events.remove, { params: { id: 7 }, query: { portee: 'serie' } }),
    );
  });
});
