import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderAt, stubFetch } from '../../../testing/render.tsx';
import { api, urlOf, type TAnswerLinkView } from '@club/contract';
import { ANSWER_PAGE_TEXTS, ConvocationAnswer, presenceParam } from './convocation-answer.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const JETON = 'jeton.signe.abc';
const info = (overrides: Partial<TAnswerLinkView> = {}): TAnswerLinkView => ({
  joueur: { prenom: 'Léo', nom: 'Moreau' },
  match: {
    nom: 'Championnat J5',
    dateDebut: '2026-12-12T15:00:00',
    lieux: 'Gymnase Nord',
    rendezVous: '2026-12-12T13:45:00',
    lieuRendezVous: 'Parking du club',
    equipe: 'Seniors',
    adversaire: 'Étoile Sportive',
    domicile: false,
    annule: false,
  },
  reponse: null,
  commence: false,
  dateLimiteReponse: '2026-12-10T15:00:00',
  ...overrides,
});

/** The server: GET answers `current`, POST answers `post` (or, without its answer, records it). */
function serve(current: TAnswerLinkView, post?: (body: unknown) => Response | undefined) {
  let state = current;
  const calls = stubFetch(async (url, init) => {
    if (url.startsWith(urlOf(api.auth.csrf))) return json(200, {});
    if (url === urlOf(api.notifications.answerLink, { query: { jeton: JETON } }))
      return json(200, state);
    if (url === api.notifications.answerByLink.path && init.method === 'POST') {
      const body = JSON.parse(init.body as string) as {
        statutPresence: 'DISPONIBLE' | 'INDISPONIBLE';
        justification?: string;
      };
      const answer = post?.(body);
      if (answer) return answer;
      state = {
        ...state,
        reponse: {
          statutPresence: body.statutPresence,
          justification: body.justification ?? null,
          answeredAt: '2026-12-01T17:02:00Z',
        },
      };
      return json(200, state);
    }
    return json(404, { message: 'Ressource introuvable.' });
  });
  return {
    calls,
    posts: () =>
      calls
        .filter((c) => c.init.method === 'POST' && c.url === api.notifications.answerByLink.path)
        .map((c) => JSON.parse(c.init.body as string)),
    set: (next: TAnswerLinkView) => {
      state = next;
    },
  };
}

const show = (presence: 'DISPONIBLE' | 'INDISPONIBLE' | null, jeton = JETON) =>
  renderAt(
    '/convocation/reponse',
    'convocation/reponse',
    <ConvocationAnswer jeton={jeton} presence={presence} />,
  );

describe('[matches] answer page of a convocation e-mail', () => {
  it('reads the presence of the link, and nothing else', () => {
    expect(presenceParam('INDISPONIBLE')).toBe('INDISPONIBLE');
    expect(presenceParam('disponible')).toBe('DISPONIBLE');
    expect(presenceParam('PEUT-ETRE')).toBeNull();
    expect(presenceParam(null)).toBeNull();
  });

  it('shows the match and the player, Absent preselected; a justification is needed to confirm', async () => {
    const server = serve(info());
    show('INDISPONIBLE');
    expect(screen.getByRole('status')).toHaveTextContent('Chargement de la convocation…');
    // The match named as in the mail, home side first (away here), then the event's own name.
    expect(await screen.findByText('Étoile Sportive – Seniors')).toBeInTheDocument();
    expect(screen.getByText('Championnat J5')).toBeInTheDocument();
    expect(screen.getByText('samedi 12 décembre 2026 à 15h00')).toBeInTheDocument();
    expect(screen.getByText('Gymnase Nord')).toBeInTheDocument();
    expect(
      screen.getByText('samedi 12 décembre 2026 à 13h45, Parking du club'),
    ).toBeInTheDocument();
    expect(screen.getByText('jeudi 10 décembre 2026 à 15h00')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Réponse de Léo Moreau' });
    expect(group).toBeInTheDocument();
    expect(screen.getByLabelText('Absent')).toBeChecked();
    expect(screen.getByLabelText('Présent')).not.toBeChecked();
    const confirm = screen.getByRole('button', { name: 'Confirmer' });
    expect(confirm).toBeDisabled();
    // An absence needs its justification: nothing is recorded on opening, and the page says so.
    expect(screen.getByText(ANSWER_PAGE_TEXTS.notSaved)).toBeInTheDocument();
    expect(server.posts()).toEqual([]);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Justificatif *'), 'Blessé à la cheville');
    await user.click(confirm);
    const saved = await screen.findByText(ANSWER_PAGE_TEXTS.saved);
    expect(saved.closest('.alert')).toHaveTextContent(
      'Réponse enregistrée : Absent (justificatif : Blessé à la cheville).',
    );
    expect(server.posts()).toEqual([
      { jeton: JETON, statutPresence: 'INDISPONIBLE', justification: 'Blessé à la cheville' },
    ]);
    // The focus moves to the confirmation, for screen-reader and keyboard users.
    expect(saved.closest('.answer-saved')).toHaveFocus();
    expect(screen.queryByText(ANSWER_PAGE_TEXTS.notSaved)).not.toBeInTheDocument();

    // The answer can still be changed: the choices stay, a change is recorded and said.
    await user.click(screen.getByLabelText('Présent'));
    expect(screen.queryByLabelText('Justificatif *')).not.toBeInTheDocument();
    expect(screen.getByText(ANSWER_PAGE_TEXTS.notSaved)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    await waitFor(() =>
      expect(screen.getByText(ANSWER_PAGE_TEXTS.saved).closest('.alert')).toHaveTextContent(
        'Réponse enregistrée : Présent.',
      ),
    );
    expect(server.posts().at(-1)).toEqual({ jeton: JETON, statutPresence: 'DISPONIBLE' });
  });

  it('the Présent link records the answer on opening (by a POST) and says so; it can be changed', async () => {
    const server = serve(
      info({
        reponse: {
          statutPresence: 'INDISPONIBLE',
          justification: 'Examen',
          answeredAt: '2026-12-01T17:02:00Z',
        },
      }),
    );
    show('DISPONIBLE');
    const saved = await screen.findByText(ANSWER_PAGE_TEXTS.saved);
    expect(saved.closest('.alert')).toHaveTextContent('Réponse enregistrée : Présent.');
    expect(server.posts()).toEqual([{ jeton: JETON, statutPresence: 'DISPONIBLE' }]);
    // The GET only reads; the answer went by the page's own POST.
    expect(
      server.calls.filter((c) => (c.init.method ?? 'GET') === 'GET').map((c) => c.url),
    ).toEqual([urlOf(api.notifications.answerLink, { query: { jeton: JETON } })]);
    expect(screen.queryByText(ANSWER_PAGE_TEXTS.notSaved)).not.toBeInTheDocument();
    expect(screen.queryByText(/Une réponse a déjà été donnée/)).not.toBeInTheDocument();

    // The other choice stays available: Absent, its justification, 'Confirmer'.
    const user = userEvent.setup();
    expect(screen.getByLabelText('Présent')).toBeChecked();
    await user.click(screen.getByLabelText('Absent'));
    expect(screen.getByText(ANSWER_PAGE_TEXTS.notSaved)).toBeInTheDocument();
    // The justification recorded before is offered again.
    const reason = screen.getByLabelText('Justificatif *');
    expect(reason).toHaveValue('Examen');
    await user.clear(reason);
    await user.type(reason, 'Malade');
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    await waitFor(() =>
      expect(screen.getByText(ANSWER_PAGE_TEXTS.saved).closest('.alert')).toHaveTextContent(
        'Réponse enregistrée : Absent (justificatif : Malade).',
      ),
    );
    expect(server.posts()).toEqual([
      { jeton: JETON, statutPresence: 'DISPONIBLE' },
      { jeton: JETON, statutPresence: 'INDISPONIBLE', justification: 'Malade' },
    ]);
  });

  it('the Absent link of an absence already justified is recorded on opening too', async () => {
    const server = serve(
      info({
        reponse: { statutPresence: 'INDISPONIBLE', justification: 'Examen', answeredAt: null },
      }),
    );
    show('INDISPONIBLE');
    const saved = await screen.findByText(ANSWER_PAGE_TEXTS.saved);
    expect(saved.closest('.alert')).toHaveTextContent(
      'Réponse enregistrée : Absent (justificatif : Examen).',
    );
    expect(server.posts()).toEqual([
      { jeton: JETON, statutPresence: 'INDISPONIBLE', justification: 'Examen' },
    ]);
  });

  it('the save on opening fails: the error, the link’s choice and the manual Confirmer', async () => {
    let fail = true;
    const server = serve(info(), () =>
      fail ? json(500, { message: 'Erreur interne.' }) : undefined,
    );
    show('DISPONIBLE');
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur interne.');
    expect(screen.queryByText(ANSWER_PAGE_TEXTS.saved)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Présent')).toBeChecked();
    expect(screen.getByText(ANSWER_PAGE_TEXTS.notSaved)).toBeInTheDocument();
    expect(server.posts()).toHaveLength(1);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect((await screen.findByText(ANSWER_PAGE_TEXTS.saved)).closest('.alert')).toHaveTextContent(
      'Réponse enregistrée : Présent.',
    );
    expect(server.posts()).toHaveLength(2);
  });

  it('without a choice in the link, keeps the recorded one (and its justification)', async () => {
    const server = serve(
      info({
        reponse: { statutPresence: 'INDISPONIBLE', justification: 'Examen', answeredAt: null },
      }),
    );
    show(null);
    expect(await screen.findByLabelText('Absent')).toBeChecked();
    expect(screen.getByLabelText('Justificatif *')).toHaveValue('Examen');
    expect(screen.getByText(/Une réponse a déjà été donnée/)).toBeInTheDocument();
    expect(server.posts()).toEqual([]);
  });

  it('once the match has started, says so and offers no answer', async () => {
    serve(
      info({
        commence: true,
        reponse: { statutPresence: 'DISPONIBLE', justification: null, answeredAt: null },
      }),
    );
    show('INDISPONIBLE');
    expect(await screen.findByText(ANSWER_PAGE_TEXTS.started)).toBeInTheDocument();
    expect(screen.getByText('Réponse enregistrée : Présent.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmer' })).not.toBeInTheDocument();
  });

  it('a cancelled match takes no answer', async () => {
    serve(info({ match: { ...info().match, annule: true } }));
    show('DISPONIBLE');
    expect(await screen.findByText(ANSWER_PAGE_TEXTS.cancelled)).toBeInTheDocument();
    expect(screen.getByText('Aucune réponse n’a été enregistrée.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('a match that starts while the page is open: the 409 is shown and the form goes', async () => {
    const started = info({ commence: true });
    const server = serve(info(), () => {
      server.set(started);
      return json(409, { message: "Le match a commencé : il n'est plus possible de répondre." });
    });
    show('DISPONIBLE');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmer' }));
    expect(
      await screen.findByText("Le match a commencé : il n'est plus possible de répondre."),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('radio')).not.toBeInTheDocument());
  });

  it('a forged or unknown link: the server’s 404 message, no form', async () => {
    stubFetch(() => json(404, { message: "Ce lien n'est pas valide." }));
    show('DISPONIBLE', 'faux');
    expect(await screen.findByRole('alert')).toHaveTextContent("Ce lien n'est pas valide.");
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('a withdrawn convocation: the server’s 410 message, no form and nothing to retry (decision 0107)', async () => {
    const calls = stubFetch(() =>
      json(410, { message: "Vous n'êtes plus convoqué(e) pour ce match." }),
    );
    show('DISPONIBLE');
    expect(
      await screen.findByText("Vous n'êtes plus convoqué(e) pour ce match."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.init.method === 'POST')).toEqual([]);
  });

  it('a convocation withdrawn while the page is open: the 410 reloads the view, which says so', async () => {
    const NO_LONGER = "Vous n'êtes plus convoqué(e) pour ce match.";
    let withdrawn = false;
    stubFetch(async (url, init) => {
      if (url.startsWith(urlOf(api.auth.csrf))) return json(200, {});
      if (withdrawn) return json(410, { message: NO_LONGER });
      if (init.method === 'POST') {
        withdrawn = true;
        return json(410, { message: NO_LONGER });
      }
      return json(200, info());
    });
    show('DISPONIBLE');
    // The auto-save's 410 first, then the view read again: no form left, the message stays.
    await screen.findByText(NO_LONGER);
    await waitFor(() => {
      expect(screen.queryByRole('radio')).not.toBeInTheDocument();
      expect(screen.getByText(NO_LONGER)).toBeInTheDocument();
    });
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
  });

  it('a link without token asks nothing of the server', () => {
    const calls = stubFetch(() => json(200, info()));
    show('DISPONIBLE', '');
    expect(screen.getByRole('alert')).toHaveTextContent("Ce lien n'est pas valide.");
    expect(calls).toEqual([]);
  });

  it('the server out of reach: says so and offers to try again', async () => {
    let down = true;
    stubFetch(async () => {
      if (down) throw new TypeError('Failed to fetch');
      return json(200, info());
    });
    show('DISPONIBLE');
    expect(await screen.findByRole('alert')).toHaveTextContent(ANSWER_PAGE_TEXTS.loadFailed);
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('button', { name: 'Confirmer' })).toBeEnabled();
  });
});
