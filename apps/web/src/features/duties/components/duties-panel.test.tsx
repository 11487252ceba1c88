import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DUTY_MESSAGES, api, urlOf, type TDuty, type TDutyProposal } from '@club/contract';
import { json, renderAt, stubFetch } from '../../../testing/render.tsx';
import { aCurrentMember } from '../../../testing/builders.ts';
import { DutiesPanel } from './duties-panel.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const lou = { id: 11, nom: 'Martin', prenom: 'Lou', equipes: [{ id: 5, nom: 'U11' }] };
const parent = aCurrentMember({
  id: 30,
  role: 'PARENT',
  prenom: 'Anne',
  nom: 'Martin',
  enfants: [lou],
});
const coach = aCurrentMember({
  id: 40,
  role: 'ENTRAINEUR',
  idEquipe: 5,
  nomEquipe: 'U11',
  equipes: [{ id: 5, nom: 'U11', role: 'ENTRAINEUR' }],
});
const duty = (over: Partial<TDuty> = {}): TDuty => ({
  id: 7,
  libelle: 'Lavage des maillots',
  places: 2,
  benevoles: [{ membreId: 12, nom: 'P.', prenom: 'Hugo' }],
  ...over,
});

const LIST = urlOf(api.duties.list, { params: { id: 500 } });
const SIGN_UP = urlOf(api.duties.signUp, { params: { id: 7 }, body: { membreId: 11 } });
const PROPOSE = urlOf(api.duties.propose, { params: { id: 500 }, body: { simulation: true } });

function serve(duties: TDuty[], me = parent, signUpAnswer = json(200, duty())) {
  return stubFetch(async (url, init) => {
    if (url === urlOf(api.dashboard.infos)) return json(200, me);
    if (url === LIST) return json(200, duties);
    if (url === SIGN_UP && init.method === 'POST') return signUpAnswer;
    if (url === PROPOSE) {
      const proposal: TDutyProposal = {
        simulation: JSON.parse(init.body as string).simulation,
        propositions: [
          {
            tacheId: 7,
            libelle: 'Lavage des maillots',
            famille: { id: 20, nom: 'Famille Roux', membres: [] },
            membreId: 20,
            taches: 0,
          },
        ],
        placesNonPourvues: 0,
      };
      return json(200, proposal);
    }
    return json(404, { message: 'Ressource introuvable.' });
  });
}
const show = () =>
  renderAt('/FC/calendrier', ':nomClub/calendrier', <DutiesPanel eventId={500} equipesIds={[5]} />);

describe('[duties] the panel', () => {
  it('lists the duties and volunteers; a parent signs up for their child', async () => {
    const calls = serve([duty()]);
    show();
    const panel = await screen.findByRole('region', { name: 'Tâches bénévoles' });
    expect(within(panel).getByText('Bénévoles : Hugo P.')).toBeInTheDocument();
    await userEvent.click(
      await within(panel).findByRole('button', { name: /^Je m'inscris/ }, { timeout: 5000 }),
    );
    await waitFor(() =>
      expect(
        calls.filter((c) => c.url === SIGN_UP).map((c) => JSON.parse(c.init.body as string)),
      ).toEqual([{ membreId: 11 }]),
    );
  });

  it('a full duty says « Complet »; the family signed up reads « Je ne peux plus »', async () => {
    serve([
      duty({ places: 1 }),
      duty({
        id: 8,
        libelle: 'Buvette',
        places: 1,
        benevoles: [{ membreId: 30, nom: 'Martin', prenom: 'Anne', pourMembreId: 11 }],
      }),
    ]);
    show();
    const panel = await screen.findByRole('region', { name: 'Tâches bénévoles' });
    expect(
      await within(panel).findByRole('button', { name: /^Je ne peux plus/ }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(within(panel).getAllByText('Complet')).toHaveLength(2);
    expect(within(panel).queryByRole('button', { name: /Je m'inscris/ })).toBeNull();
  });

  it('the server’s refusal is shown in French', async () => {
    serve([duty()], parent, json(409, { message: DUTY_MESSAGES.full }));
    show();
    const panel = await screen.findByRole('region', { name: 'Tâches bénévoles' });
    await userEvent.click(await within(panel).findByRole('button', { name: /Je m'inscris/ }));
    expect(await within(panel).findByText('Cette tâche est complète.')).toBeInTheDocument();
  });

  it('the coach reads the fair proposal, then applies it', async () => {
    const calls = serve([duty()], coach);
    show();
    const panel = await screen.findByRole('region', { name: 'Tâches bénévoles' });
    await userEvent.click(
      await within(panel).findByRole('button', { name: 'Répartition équitable' }),
    );
    expect(
      await within(panel).findByText('Lavage des maillots : Famille Roux (0 tâche cette saison)'),
    ).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Appliquer la répartition' }));
    expect(
      await within(panel).findByText('Répartition appliquée : les familles sont prévenues.'),
    ).toBeInTheDocument();
    expect(
      calls.filter((c) => c.url === PROPOSE).map((c) => JSON.parse(c.init.body as string)),
    ).toEqual([{ simulation: true }, { simulation: false }]);
  });
});
