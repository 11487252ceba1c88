import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, buildPath, CARPOOL_MESSAGES, type TCarpoolOffer } from '@club/contract';
import { json, renderAt, stubFetch } from '../../../testing/render.tsx';
import { aCurrentMember, aMember } from '../../../testing/builders.ts';
import { CarpoolPanel } from './carpool-panel.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const parent = aCurrentMember({ id: 30, role: 'PARENT', prenom: 'Anne', nom: 'Martin' });
const offer = (over: Partial<TCarpoolOffer> = {}): TCarpoolOffer => ({
  id: 7,
  evenementId: 500,
  conducteur: { id: 40, nom: 'Roux', prenom: 'Marc' },
  places: 3,
  placesRestantes: 1,
  depart: 'Parking de la mairie',
  heureDepart: '2027-02-06T13:15:00',
  passagers: [
    { id: 12, nom: 'Petit', prenom: 'Hugo' },
    { id: 13, nom: 'Blanc', prenom: 'Eve' },
  ],
  ...over,
});

const lou = { id: 11, nom: 'Martin', prenom: 'Lou' };
function serve(
  offers: TCarpoolOffer[],
  bookAnswer = json(200, offer()),
  me = parent,
  enfants = [lou],
) {
  return stubFetch(async (url, init) => {
    if (url === api.dashboard.infos.path) return json(200, me);
    if (url === buildPath(api.members.get.path, { id: 30 }))
      return json(200, aMember({ id: 30, role: 'PARENT', enfants }));
    if (url === buildPath(api.carpool.list.path, { id: 500 })) {
      if (init.method === 'POST') return json(201, offer({ id: 8 }));
      return json(200, offers);
    }
    if (url === buildPath(api.carpool.book.path, { offreId: 7 }) && init.method === 'POST')
      return bookAnswer;
    return json(404, { message: 'Ressource introuvable.' });
  });
}
const show = () =>
  renderAt(
    '/FC/calendrier',
    ':nomClub/calendrier',
    <CarpoolPanel eventId={500} dateDebut="2027-02-06T15:00:00" />,
  );

describe('[carpool] the panel', () => {
  it('lists the offers with the seats left and passengers; a parent books for their child', async () => {
    const calls = serve([offer()]);
    show();
    const panel = await screen.findByRole('region', { name: 'Covoiturage' });
    expect(
      await within(panel).findByText(/départ 13h15, Parking de la mairie/),
    ).toBeInTheDocument();
    expect(within(panel).getByText(/1 place libre sur 3/)).toBeInTheDocument();
    expect(within(panel).getByText('Passagers : Hugo Petit, Eve Blanc')).toBeInTheDocument();
    await userEvent.click(
      await within(panel).findByRole('button', { name: /Réserver une place \(Lou\)/ }),
    );
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url === buildPath(api.carpool.book.path, { offreId: 7 }))
          .map((c) => JSON.parse(c.init.body as string)),
      ).toEqual([{ membreId: 11 }]),
    );
  });

  it('a full car: the server’s French message is shown', async () => {
    serve([offer()], json(409, { message: CARPOOL_MESSAGES.full }));
    show();
    const panel = await screen.findByRole('region', { name: 'Covoiturage' });
    await userEvent.click(
      await within(panel).findByRole('button', { name: /Réserver une place \(moi\)/ }),
    );
    expect(await within(panel).findByText(CARPOOL_MESSAGES.full)).toBeInTheDocument();
  });

  it('no seat is offered for a child who is not in the playing team; oneself still may', async () => {
    const max = { id: 14, nom: 'Martin', prenom: 'Max' };
    const withTeams = aCurrentMember({
      ...parent,
      enfants: [
        { ...lou, equipes: [{ id: 4, nom: 'U15' }] },
        { ...max, equipes: [{ id: 3, nom: 'U13' }] },
      ],
    });
    serve([offer()], undefined, withTeams, [lou, max]);
    renderAt(
      '/FC/calendrier',
      ':nomClub/calendrier',
      <CarpoolPanel eventId={500} dateDebut="2027-02-06T15:00:00" equipesIds={[3]} />,
    );
    const panel = await screen.findByRole('region', { name: 'Covoiturage' });
    expect(
      await within(panel).findByRole('button', { name: /Réserver une place \(Max\)/ }),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /Réserver une place \(moi\)/ })).toBeEnabled();
    expect(
      within(panel).queryByRole('button', { name: /Réserver une place \(Lou\)/ }),
    ).not.toBeInTheDocument();
  });

  it('the departure time starts at the meeting time, not the kick-off', async () => {
    const calls = serve([]);
    renderAt(
      '/FC/calendrier',
      ':nomClub/calendrier',
      <CarpoolPanel
        eventId={500}
        dateDebut="2027-02-06T15:00:00"
        rendezVous="2027-02-06T14:15:00"
      />,
    );
    const panel = await screen.findByRole('region', { name: 'Covoiturage' });
    const user = userEvent.setup();
    await user.click(await within(panel).findByRole('button', { name: 'Proposer des places' }));
    expect(within(panel).getByLabelText('Heure de départ')).toHaveValue('14:15');
    await user.type(within(panel).getByLabelText('Lieu de départ'), 'Stade');
    await user.click(within(panel).getByRole('button', { name: 'Proposer' }));
    await waitFor(() =>
      expect(
        calls
          .filter(
            (c) =>
              c.url === buildPath(api.carpool.offer.path, { id: 500 }) && c.init.method === 'POST',
          )
          .map((c) => JSON.parse(c.init.body as string)),
      ).toEqual([{ places: 3, depart: 'Stade', heureDepart: '2027-02-06T14:15:00' }]),
    );
  });

  it('offers seats: places, place and time of departure on the event’s day', async () => {
    const calls = serve([]);
    show();
    const panel = await screen.findByRole('region', { name: 'Covoiturage' });
    expect(
      await within(panel).findByText('Aucune voiture proposée pour l’instant.'),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Proposer des places' }));
    await user.clear(within(panel).getByLabelText('Places proposées'));
    await user.type(within(panel).getByLabelText('Places proposées'), '2');
    await user.type(within(panel).getByLabelText('Lieu de départ'), 'Place de l’église');
    await user.click(within(panel).getByRole('button', { name: 'Proposer' }));
    await waitFor(() =>
      expect(
        calls
          .filter(
            (c) =>
              c.url === buildPath(api.carpool.offer.path, { id: 500 }) && c.init.method === 'POST',
          )
          .map((c) => JSON.parse(c.init.body as string)),
      ).toEqual([{ places: 2, depart: 'Place de l’église', heureDepart: '2027-02-06T15:00:00' }]),
    );
  });
});
