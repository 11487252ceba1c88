import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  api,
  buildPath,
  NOTIFICATION_MESSAGES,
  type TCurrentMember,
  type TConvocation,
} from '@club/contract';
import { json, renderAt, stubFetch } from '../../../testing/render.tsx';
import { aConvocation, aCurrentMember, aMatch } from '../../../testing/builders.ts';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { CONVOCATION_SAVED } from './convocation-modal.tsx';
import { MatchesPage } from './matches-page.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const SENIORS = { idEquipe: 3, nomEquipe: 'Seniors' };
const coach = aCurrentMember({ id: 2, role: 'ENTRAINEUR', ...SENIORS });
const leo = aCurrentMember({ id: 10, role: 'JOUEUR', prenom: 'Léo', nom: 'Durand', ...SENIORS });
const parent = aCurrentMember({
  id: 30,
  role: 'PARENT',
  prenom: 'Anne',
  nom: 'Martin',
  ...SENIORS,
});
const match = aMatch({ id: 1, statut: 'A_VENIR' });
/** The team's matches (any team), and the convocations of match 1. */
const teamMatches = api.matches.listTeam.path.replace(':id', '');
const convocations1 = buildPath(api.matches.convocations.path, { id: 1 });

const rows: TConvocation[] = [
  aConvocation({ joueur: { id: 10, prenom: 'Léo', nom: 'Durand' } }),
  aConvocation({
    joueur: { id: 11, prenom: 'Inès', nom: 'Bernard' },
    statutPresence: 'INDISPONIBLE',
    justificationAbsence: 'Blessure au genou',
  }),
  aConvocation({ joueur: { id: 12, prenom: 'Hugo', nom: 'Petit' }, statutPresence: 'DISPONIBLE' }),
];

function serve(me: TCurrentMember, convocations: TConvocation[], children: number[] = []) {
  return stubFetch(async (url, init) => {
    // A guardian's children come with the current member (docs/architecture.md §7).
    if (url === api.dashboard.infos.path)
      return json(200, {
        ...me,
        enfants: children.map((id) => ({ id, nom: 'Martin', prenom: `Enfant ${id}`, equipes: [] })),
      });
    if (url.startsWith(teamMatches)) return json(200, [match]);
    if (url === convocations1)
      return init.method === 'PUT' ? json(200, convocations) : json(200, convocations);
    return json(404, { message: 'Ressource introuvable.' });
  });
}

const open = async () => {
  renderAt(
    '/FC/Seniors/matche',
    ':nomClub/:nomEquipe/matche/*',
    <ToastProvider>
      <MatchesPage />
    </ToastProvider>,
  );
  await userEvent.click(await screen.findByRole('button', { name: /Convocation/ }));
  // The dialog's code loads on opening.
  return screen.findByRole('dialog', { name: 'Convocation' }, { timeout: 5000 });
};
const puts = (calls: { url: string; init: RequestInit }[]) =>
  calls
    .filter((c) => c.url === convocations1 && c.init.method === 'PUT')
    .map((c) => JSON.parse(c.init.body as string));

describe('[matches] convocation modal: the coach (spec §4, §5, §6)', () => {
  it('is a labelled modal dialog with a close button that gives the focus back', async () => {
    serve(coach, rows);
    const dialog = await open();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Convocation/ })).toHaveFocus();
  });

  it('lists every convoked player with Présent / Absent and the counts', async () => {
    serve(coach, rows);
    const dialog = await open();
    await within(dialog).findByRole('group', { name: 'Léo Durand' });
    expect(
      within(dialog)
        .getAllByRole('group')
        .map((g) => g.querySelector('legend')?.textContent),
    ).toEqual(['Léo Durand', 'Inès Bernard', 'Hugo Petit']);
    const counts = dialog.querySelector('.convocation-counts')!;
    expect(counts).toHaveTextContent('1 présent');
    expect(counts).toHaveTextContent('1 absent');
    expect(counts).toHaveTextContent('1 sans réponse');
    // The coach reads the justification.
    expect(within(dialog).getByLabelText('Justificatif pour Inès Bernard *')).toHaveValue(
      'Blessure au genou',
    );
    await userEvent.click(
      within(within(dialog).getByRole('group', { name: 'Léo Durand' })).getByLabelText('Présent'),
    );
    expect(counts).toHaveTextContent('2 présents');
    expect(counts).toHaveTextContent('0 sans réponse');
  });

  it('an injured, ill or suspended player shows their status and is not counted « sans réponse » (decision 0108)', async () => {
    serve(coach, [
      ...rows,
      aConvocation({ joueur: { id: 14, prenom: 'Lucas', nom: 'Martin' }, statutJoueur: 'Blessé' }),
      aConvocation({ joueur: { id: 15, prenom: 'Nina', nom: 'Blanc' }, statutJoueur: 'Malade' }),
      aConvocation({ joueur: { id: 16, prenom: 'Zoé', nom: 'Roux' }, statutJoueur: 'Actif' }),
    ]);
    const dialog = await open();
    const lucas = await within(dialog).findByRole('group', { name: /Lucas Martin/ });
    expect(within(lucas).getByText('Blessé')).toHaveClass('player-status');
    expect(
      within(within(dialog).getByRole('group', { name: /Nina Blanc/ })).getByText('Malade'),
    ).toHaveClass('player-status');
    expect(
      within(within(dialog).getByRole('group', { name: /Zoé Roux/ })).queryByText('Actif'),
    ).toBeNull();
    const counts = dialog.querySelector('.convocation-counts')!;
    // Léo and Zoé are awaited; Lucas and Nina are not.
    expect(counts).toHaveTextContent('2 sans réponse');
    expect(counts).toHaveTextContent('2 blessés, malades ou suspendus');
  });

  it('Absent without justification: "Justificatif obligatoire pour {prénom} {nom}." and nothing is sent', async () => {
    const calls = serve(coach, rows);
    const dialog = await open();
    const leoRow = await within(dialog).findByRole('group', { name: 'Léo Durand' });
    await userEvent.click(within(leoRow).getByLabelText('Absent'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Justificatif obligatoire pour Léo Durand.',
    );
    expect(puts(calls)).toEqual([]);
    expect(within(dialog).getByLabelText('Justificatif pour Léo Durand *')).toHaveFocus();
  });

  it('sends only the rows with a status, the justification only for the absent', async () => {
    const withBlank = [...rows, aConvocation({ joueur: { id: 13, prenom: 'Zoé', nom: 'Roux' } })];
    const calls = serve(coach, withBlank);
    const dialog = await open();
    const leoRow = await within(dialog).findByRole('group', { name: 'Léo Durand' });
    await userEvent.click(within(leoRow).getByLabelText('Absent'));
    await userEvent.type(
      within(dialog).getByLabelText('Justificatif pour Léo Durand *'),
      '  Malade ',
    );
    // Inès back to present: her old justification is not sent.
    await userEvent.click(
      within(within(dialog).getByRole('group', { name: 'Inès Bernard' })).getByLabelText('Présent'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The save is said once the modal is gone.
    expect(screen.getByText(CONVOCATION_SAVED)).toBeInTheDocument();
    expect(puts(calls)).toEqual([
      {
        items: [
          { joueurId: 10, statutPresence: 'INDISPONIBLE', justification: 'Malade' },
          { joueurId: 11, statutPresence: 'DISPONIBLE', justification: null },
          { joueurId: 12, statutPresence: 'DISPONIBLE', justification: null },
        ],
      },
    ]);
  });

  it('reply deadline: the default is shown; a date is sent only when changed', async () => {
    const calls = serve(coach, rows);
    const dialog = await open();
    const field = await within(dialog).findByLabelText('Date limite de réponse');
    expect(field).toHaveValue('');
    expect(field).toHaveAccessibleDescription(
      /Par défaut : 48 h avant le match, soit le mardi 12 janvier 2027 à 15h00\./,
    );
    expect(dialog).toHaveTextContent('Réponse attendue avant le mardi 12 janvier 2027 à 15h00.');
    // Unchanged: the body carries no deadline.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(Object.keys(puts(calls)[0]!)).toEqual(['items']);
  });

  it('reply deadline: after the start it is refused on the screen; a good one is sent', async () => {
    const calls = serve(coach, rows);
    const dialog = await open();
    const field = await within(dialog).findByLabelText('Date limite de réponse');
    const time = within(dialog).getByLabelText('Heure limite de réponse');
    // French pickers (decision 0031): jj/mm/aaaa and 24 h, whatever the browser's language.
    fireEvent.change(field, { target: { value: '14/01/2027' } });
    fireEvent.change(time, { target: { value: '15:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(NOTIFICATION_MESSAGES.deadlineAfterStart)).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(puts(calls)).toEqual([]);
    fireEvent.change(field, { target: { value: '13/01/2027' } });
    fireEvent.change(time, { target: { value: '20:30' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts(calls)[0]).toMatchObject({ dateLimiteReponse: '2027-01-13T20:30:00' });
  });

  it('reply deadline: a set one is shown, and "Date par défaut" sends null', async () => {
    const calls = stubFetch(async (url) => {
      if (url === api.dashboard.infos.path) return json(200, coach);
      if (url.startsWith(teamMatches))
        return json(200, [{ ...match, dateLimiteReponse: '2027-01-13T18:00:00' }]);
      if (url === convocations1) return json(200, rows);
      return json(200, {});
    });
    const dialog = await open();
    const field = await within(dialog).findByLabelText('Date limite de réponse');
    expect(field).toHaveValue('13/01/2027');
    expect(within(dialog).getByLabelText('Heure limite de réponse')).toHaveValue('18:00');
    expect(dialog).toHaveTextContent('Réponse attendue avant le mercredi 13 janvier 2027 à 18h00.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Date par défaut' }));
    expect(field).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts(calls)[0]).toMatchObject({ dateLimiteReponse: null });
  });

  it('a load failure shows the spec’s text', async () => {
    stubFetch(async (url) => {
      if (url === api.dashboard.infos.path) return json(200, coach);
      if (url.startsWith(teamMatches)) return json(200, [match]);
      return json(500, {});
    });
    const dialog = await open();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Erreur lors du chargement des convocations',
    );
  });
});

describe('[matches] convocation modal: a player (spec §4, §5, §6)', () => {
  it('answers Présent for their own row only; then the button turns grey and disabled', async () => {
    const calls = serve(leo, rows);
    const dialog = await open();
    const own = await within(dialog).findByRole('group', { name: /Votre réponse/ });
    // Only the own row: other players (and their justifications) are not shown.
    expect(within(dialog).queryByText(/Inès/)).toBeNull();
    expect(within(dialog).queryByText(/Blessure/)).toBeNull();
    const save = within(dialog).getByRole('button', { name: 'Enregistrer' });
    expect(save).toBeDisabled();
    await userEvent.click(within(own).getByLabelText('Présent'));
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await within(dialog).findByText('Convocation enregistrée.')).toBeInTheDocument();
    expect(puts(calls)).toEqual([
      { items: [{ joueurId: 10, statutPresence: 'DISPONIBLE', justification: null }] },
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    const button = screen.getByRole('button', { name: /Convocation/ });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveClass('btn-answered');
    expect(button).toHaveAccessibleName(/réponse envoyée/);
    await userEvent.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the grey button is remembered for the session (another visit of the page)', async () => {
    serve(leo, rows);
    sessionStorage.setItem('convocationsRepondues:10', JSON.stringify([1]));
    renderAt('/FC/Seniors/matche', ':nomClub/:nomEquipe/matche/*', <MatchesPage />);
    expect(await screen.findByRole('button', { name: /Convocation/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('Absent keeps Enregistrer disabled until a justification is typed', async () => {
    const calls = serve(leo, rows);
    const dialog = await open();
    const own = await within(dialog).findByRole('group', { name: /Votre réponse/ });
    await userEvent.click(within(own).getByLabelText('Absent'));
    const save = within(dialog).getByRole('button', { name: 'Enregistrer' });
    expect(save).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Justificatif *'), '   ');
    expect(save).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Justificatif *'), 'Examen');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await within(dialog).findByText('Convocation enregistrée.');
    expect(puts(calls)).toEqual([
      { items: [{ joueurId: 10, statutPresence: 'INDISPONIBLE', justification: 'Examen' }] },
    ]);
  });

  it('a player who is not convoked is told so', async () => {
    serve(leo, rows.slice(1));
    const dialog = await open();
    expect(
      await within(dialog).findByText("Vous n'êtes pas convoqué(e) pour ce match."),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });

  it.each(['Suspendu', 'Blessé', 'Inactif'])(
    'a %s player sees the refusal and cannot answer',
    async (statut) => {
      const calls = serve({ ...leo, statut }, rows);
      const dialog = await open();
      expect(dialog).toHaveTextContent(
        "Votre statut n'est pas ACTIF. Vous ne pouvez pas répondre aux convocations.",
      );
      expect(within(dialog).queryByRole('radio')).toBeNull();
      expect(calls.some((c) => c.url.includes('/convocations'))).toBe(false);
    },
  );

  it('"(Actif)" counts as active (normalised, parentheses ignored)', async () => {
    serve({ ...leo, statut: '(actif)' }, rows);
    const dialog = await open();
    expect(await within(dialog).findByRole('group', { name: /Votre réponse/ })).toBeInTheDocument();
  });
});

describe('[matches] convocation modal: a parent (spec §6, docs/architecture.md §7)', () => {
  const family = [
    aConvocation({ joueur: { id: 40, prenom: 'Tom', nom: 'Martin' } }),
    aConvocation({ joueur: { id: 41, prenom: 'Lou', nom: 'Martin' }, modifiable: false }),
    aConvocation({
      joueur: { id: 12, prenom: 'Hugo', nom: 'Petit' },
      statutPresence: 'DISPONIBLE',
    }),
  ];

  it('answers for each child, row by row, and sees no other player', async () => {
    const calls = serve(parent, family, [40, 41]);
    const dialog = await open();
    const tom = await within(dialog).findByRole('group', { name: 'Réponse pour Tom Martin' });
    expect(within(dialog).queryByText(/Hugo/)).toBeNull();
    // Lou cannot be answered for (the server says so with modifiable: false).
    expect(dialog).toHaveTextContent(
      "Le statut de Lou Martin n'est pas ACTIF : seul l'entraîneur peut répondre pour ce joueur.",
    );
    await userEvent.click(within(tom).getByLabelText('Présent'));
    await userEvent.click(
      within(tom.closest('form')!).getByRole('button', { name: 'Enregistrer' }),
    );
    await within(dialog).findByText('Convocation enregistrée.');
    expect(puts(calls)).toEqual([
      { items: [{ joueurId: 40, statutPresence: 'DISPONIBLE', justification: null }] },
    ]);
    // A parent's button does not turn grey (other children may still need an answer).
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(screen.getByRole('button', { name: /Convocation/ })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('a parent whose children are not convoked is told so', async () => {
    serve(parent, family.slice(2), [40]);
    const dialog = await open();
    expect(
      await within(dialog).findByText("Aucun de vos enfants n'est convoqué pour ce match."),
    ).toBeInTheDocument();
  });
});
