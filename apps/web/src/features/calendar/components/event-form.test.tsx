import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { EVENT_FIELD_MESSAGES, EVENT_MESSAGES, FIELD_MESSAGES, api } from '@club/contract';
import { aClubEvent, aTeam } from '../../../testing/builders.ts';
import { json, stubFetch } from '../../../testing/render.tsx';
import { EventForm, type EventFormProps } from './event-form.tsx';
import { EVENT_FORM_MESSAGES } from '../lib/event-form.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const seniors = aTeam({ id: 3, nom: 'Seniors', division: 'R1', category: 'Senior' });
const seniorsB = aTeam({ id: 4, nom: 'Seniors B', division: 'R1', category: 'Senior' });
const u17 = aTeam({ id: 5, nom: 'U17', division: 'D1', category: 'U17' });

function open(props: Partial<EventFormProps> = {}) {
  const calls = stubFetch((url) =>
    url.startsWith(api.teams.byCategoryDivision.path) ? json(200, [seniorsB]) : json(404, {}),
  );
  const onSubmit = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EventForm
        event={null}
        start={new Date(2026, 2, 14, 18, 30)}
        clubId={2}
        teams={[seniors, seniorsB, u17]}
        isLeader
        submitting={false}
        onSubmit={onSubmit}
        onCancel={() => {}}
        {...props}
      />
    </QueryClientProvider>,
  );
  return { onSubmit, calls, user: userEvent.setup() };
}

async function fillCommon(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nom *'), 'Derby');
  await user.type(screen.getByLabelText('Lieu *'), 'Stade');
}

describe('[calendar] event form (spec §2 "Event form modal", §5)', () => {
  it('offers the five types with their French labels', () => {
    open();
    const options = within(screen.getByLabelText('Type *')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Match',
      'Entraînement',
      'Tournoi',
      'Réunion',
      'Autre',
    ]);
  });

  it('nom and lieux are required; the end must follow the start', async () => {
    const { onSubmit, user } = open();
    // French pickers (decision 0031): the date in jj/mm/aaaa, the time in 24 h.
    const end = screen.getByLabelText('Fin *');
    await user.clear(end);
    await user.type(end, '14/03/2026');
    const endTime = screen.getByLabelText('Heure de fin');
    await user.clear(endTime);
    await user.type(endTime, '17:00');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findAllByText(FIELD_MESSAGES.required)).toHaveLength(2);
    expect(screen.getByText(EVENT_FORM_MESSAGES.endBeforeStart)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('the end follows the start, keeping the duration; an end changed by hand is kept', async () => {
    const { onSubmit, user } = open(); // 14/03/2026 18:30 – 19:30
    const start = screen.getByLabelText('Début *');
    await user.clear(start);
    await user.type(start, '21/03/2026');
    expect(screen.getByLabelText('Fin *')).toHaveValue('21/03/2026');
    expect(screen.getByLabelText('Heure de fin')).toHaveValue('19:30');
    // A two-hour training: the end set by hand, then the start moved.
    const endTime = screen.getByLabelText('Heure de fin');
    await user.clear(endTime);
    await user.type(endTime, '20:30');
    const startTime = screen.getByLabelText('Heure de début');
    await user.clear(startTime);
    await user.type(startTime, '19:00');
    expect(screen.getByLabelText('Heure de fin')).toHaveValue('21:00');
    await fillCommon(user);
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      dateDebut: '2026-03-21T19:00:00',
      dateFin: '2026-03-21T21:00:00',
    });
  });

  it('en-US time habits: 3:00 PM is 15:00; a time that is not one is refused in French', async () => {
    const { onSubmit, user } = open();
    await fillCommon(user);
    const startTime = screen.getByLabelText('Heure de début');
    await user.clear(startTime);
    await user.type(startTime, '3:00 PM');
    const endTime = screen.getByLabelText('Heure de fin');
    await user.clear(endTime);
    await user.type(endTime, '13:30 PM');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText(FIELD_MESSAGES.timeInvalid)).toBeInTheDocument();
    expect(screen.queryByText(EVENT_FIELD_MESSAGES.dateTimeInvalid)).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(endTime);
    await user.type(endTime, '5:00 pm');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      dateDebut: '2026-03-14T15:00:00',
      dateFin: '2026-03-14T17:00:00',
    });
  });

  it('a date that is not one says jj/mm/aaaa, not the API format', async () => {
    const { onSubmit, user } = open();
    await fillCommon(user);
    const start = screen.getByLabelText('Début *');
    await user.clear(start);
    await user.type(start, '31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText(FIELD_MESSAGES.dateTimeInvalid)).toBeInTheDocument();
    expect(screen.queryByText(/AAAA-MM-JJ/)).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a meeting time that is not a time is refused in French', async () => {
    const { onSubmit, user } = open();
    await fillCommon(user);
    await user.selectOptions(screen.getByLabelText('Type *'), 'MATCH');
    await user.selectOptions(screen.getByLabelText('Équipe (base) *'), '5');
    await user.type(screen.getByLabelText('Heure de rendez-vous'), '14:00 PM');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText(FIELD_MESSAGES.timeInvalid)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('MATCH: base team and opponent selects; the opponent is disabled until a base team is chosen', async () => {
    const { user, calls } = open();
    expect(screen.queryByLabelText('Équipe (base) *')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Type *'), 'MATCH');
    const adverse = screen.getByLabelText('Équipe adverse');
    expect(adverse).toBeDisabled();
    expect(within(adverse).getByRole('option').textContent).toBe(
      EVENT_MESSAGES.chooseBaseTeamFirst,
    );
    expect(screen.queryByText('Équipes concernées')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Équipe (base) *'), '3');
    await vi.waitFor(() => expect(adverse).toBeEnabled());
    expect(await within(adverse).findByRole('option', { name: /Seniors B/ })).toBeInTheDocument();
    const byCatDiv = calls.find((c) => c.url.startsWith(api.teams.byCategoryDivision.path))!;
    const query = new URLSearchParams(byCatDiv.url.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      categorie: 'Senior',
      division: 'R1',
      excludeId: '3',
    });
  });

  it('MATCH without a base team: the spec alert, nothing sent', async () => {
    const { onSubmit, user } = open();
    await fillCommon(user);
    await user.selectOptions(screen.getByLabelText('Type *'), 'MATCH');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EVENT_MESSAGES.matchNeedsTeam);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('MATCH against a platform team: the opponent joins the team list after the base team', async () => {
    const { onSubmit, user } = open();
    await fillCommon(user);
    await user.selectOptions(screen.getByLabelText('Type *'), 'MATCH');
    await user.selectOptions(screen.getByLabelText('Équipe (base) *'), '3');
    const adverse = screen.getByLabelText('Équipe adverse');
    await within(adverse).findByRole('option', { name: /Seniors B/ });
    await user.selectOptions(adverse, '4');
    expect(screen.getByLabelText('Adversaire (hors plateforme)')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      type: 'MATCH',
      equipesIds: [3, 4],
      adversaireNom: null,
    });
  });

  it('MATCH against a typed opponent; dates sent as local YYYY-MM-DDThh:mm:ss', async () => {
    const { onSubmit, user } = open();
    await fillCommon(user);
    await user.selectOptions(screen.getByLabelText('Type *'), 'MATCH');
    await user.selectOptions(screen.getByLabelText('Équipe (base) *'), '5');
    await user.type(screen.getByLabelText('Adversaire (hors plateforme)'), ' AS Voisins ');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      nom: 'Derby',
      lieux: 'Stade',
      type: 'MATCH',
      dateDebut: '2026-03-14T18:30:00',
      dateFin: '2026-03-14T19:30:00',
      equipesIds: [5],
      adversaireNom: 'AS Voisins',
      domicile: true,
      rendezVous: null,
      lieuRendezVous: null,
      clubId: 2,
    });
  });

  it('an away MATCH with a meeting time and place; a meeting after the start is refused in French', async () => {
    const { onSubmit, user } = open();
    await fillCommon(user);
    await user.selectOptions(screen.getByLabelText('Type *'), 'MATCH');
    await user.selectOptions(screen.getByLabelText('Équipe (base) *'), '5');
    await user.type(screen.getByLabelText('Adversaire (hors plateforme)'), 'AS Voisins');
    await user.click(screen.getByLabelText('À l’extérieur'));
    await user.type(screen.getByLabelText('Heure de rendez-vous'), '19:00');
    await user.type(screen.getByLabelText('Lieu de rendez-vous'), 'Parking du stade');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText(EVENT_FIELD_MESSAGES.rendezVousAfterStart)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Heure de rendez-vous'));
    await user.type(screen.getByLabelText('Heure de rendez-vous'), '17:30');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      type: 'MATCH',
      domicile: false,
      rendezVous: '2026-03-14T17:30:00',
      lieuRendezVous: 'Parking du stade',
    });
  });

  it('leaders: the teams concerned checklist (none checked = every team)', async () => {
    const { onSubmit, user } = open();
    await fillCommon(user);
    const group = screen.getByRole('group', { name: 'Équipes concernées' });
    await user.click(within(group).getByLabelText(/^Seniors •/));
    await user.click(within(group).getByLabelText(/^U17/));
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ type: 'ENTRAINEMENT', equipesIds: [3, 5] });
  });

  it("a coach with one team: no checklist, the coach's team is forced", async () => {
    const { onSubmit, user } = open({ isLeader: false, teams: [u17] });
    expect(screen.queryByRole('group', { name: 'Équipes concernées' })).toBeNull();
    expect(screen.getByText(/Équipe concernée/)).toHaveTextContent('U17');
    await fillCommon(user);
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ equipesIds: [5] });
  });

  describe('the default team (decision 0105)', () => {
    const u15 = aTeam({ id: 6, nom: 'U15', division: 'D1', category: 'U15' });
    // The club's order (U15 before U17), as the calendar passes a coach's teams.
    const coachOfBoth = { isLeader: false, teams: [u15, u17] } as const;
    // 'U17 • D1 • U17' → 'U17'.
    const name = (el: HTMLElement) => (el.closest('label') ?? el).textContent!.split(' • ')[0];
    const checked = () =>
      within(screen.getByRole('group', { name: 'Équipes concernées' }))
        .getAllByRole('checkbox')
        .filter((c) => (c as HTMLInputElement).checked)
        .map(name);

    it('in the U17 area, a coach of U15 and U17: U17 only, listed first', async () => {
      const { onSubmit, user } = open({ ...coachOfBoth, currentTeamId: u17.id });
      // A training: only U17 ticked, U17 first.
      const boxes = within(screen.getByRole('group', { name: 'Équipes concernées' })).getAllByRole(
        'checkbox',
      );
      expect(boxes.map(name)).toEqual(['U17', 'U15']);
      expect(checked()).toEqual(['U17']);
      // A match: U17 is the base team, first of the options.
      await user.selectOptions(screen.getByLabelText('Type *'), 'MATCH');
      const base = screen.getByLabelText('Équipe (base) *');
      expect(base).toHaveValue('5');
      expect(within(base).getAllByRole('option').map(name)).toEqual([
        'Choisir une équipe',
        'U17',
        'U15',
      ]);
      await fillCommon(user);
      await user.type(screen.getByLabelText('Adversaire (hors plateforme)'), 'AS Voisins');
      await user.click(screen.getByRole('button', { name: 'Créer' }));
      await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]![0].equipesIds).toEqual([5]);
    });

    it('in the club calendar, a coach of two teams: nothing preselected', async () => {
      const { user } = open({ ...coachOfBoth, currentTeamId: null });
      expect(checked()).toEqual([]);
      await user.selectOptions(screen.getByLabelText('Type *'), 'MATCH');
      expect(screen.getByLabelText('Équipe (base) *')).toHaveValue('');
    });

    it('in the club calendar, a leader: nothing preselected; in a team area, that team', async () => {
      open({ teams: [seniors, seniorsB, u17], currentTeamId: null });
      expect(checked()).toEqual([]);
      cleanup();
      open({ teams: [seniors, seniorsB, u17], currentTeamId: seniorsB.id });
      expect(checked()).toEqual(['Seniors B']);
    });
  });

  it('edit: starts from the event, offers Modifier and Supprimer', async () => {
    const onDelete = vi.fn();
    const { user } = open({
      onDelete,
      event: aClubEvent({
        id: 9,
        nom: 'Match retour',
        type: 'MATCH',
        dateDebut: '2026-04-02T20:00:00',
        dateFin: '2026-04-02T22:00:00',
        lieux: 'Stade',
        equipesIds: [3],
        adversaireNom: 'FC Loin',
      }),
    });
    expect(screen.getByLabelText('Nom *')).toHaveValue('Match retour');
    expect(screen.getByLabelText('Début *')).toHaveValue('02/04/2026');
    expect(screen.getByLabelText('Heure de début')).toHaveValue('20:00');
    expect(screen.getByLabelText('Équipe (base) *')).toHaveValue('3');
    expect(screen.getByLabelText('Adversaire (hors plateforme)')).toHaveValue('FC Loin');
    expect(screen.getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    expect(onDelete).toHaveBeenCalled();
  });

  it('edit: a MATCH against a platform team starts with its base team and opponent', async () => {
    open({
      event: aClubEvent({ type: 'MATCH', equipesIds: [3, 4], adversaireNom: null }),
    });
    expect(screen.getByLabelText('Équipe (base) *')).toHaveValue('3');
    const adverse = screen.getByLabelText('Équipe adverse');
    await within(adverse).findByRole('option', { name: /Seniors B/ });
    expect(adverse).toHaveValue('4');
    expect(screen.getByLabelText('Adversaire (hors plateforme)')).toBeDisabled();
  });

  it("shows the server's field errors under their fields", async () => {
    open({ serverErrors: { lieux: 'Trop long.', equipesIds: 'Équipe introuvable dans ce club.' } });
    expect(await screen.findByText('Trop long.')).toBeInTheDocument();
    expect(screen.getByText('Équipe introuvable dans ce club.')).toBeInTheDocument();
  });
});
