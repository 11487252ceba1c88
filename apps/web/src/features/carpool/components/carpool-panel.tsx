import { useId, useState } from 'react';
import { CARPOOL_LIMITS, type TCarpoolOffer } from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useCurrentMember } from '../../../lib/session.ts';
import { useMember } from '../../../lib/shared-queries.ts';
import { useCarpoolActions, useCarpoolOffers } from '../api/carpool.ts';
import './carpool.css';

const hhmm = (v: string) => `${v.slice(11, 13)}h${v.slice(14, 16)}`;

/**
 * Carpooling for one event (docs/decisions/0061-carpool-seats-in-the-database.md): the offers
 * with the seats left and the passengers; a seat is booked for oneself or one's own child, given
 * back by the same; the driver cancels. The server keeps the count: a full car answers
 * 'Plus de place disponible.', shown as it is. A seat is offered for a child of `equipesIds` only
 * (the teams that play; none given or empty: every child), the server refusing any other; the
 * departure time starts at the meeting time (`rendezVous`), else the start.
 */
export function CarpoolPanel({
  eventId,
  dateDebut,
  rendezVous = null,
  equipesIds = [],
}: {
  eventId: number;
  dateDebut: string;
  rendezVous?: string | null;
  equipesIds?: readonly number[];
}) {
  const headingId = useId();
  const offers = useCarpoolOffers(eventId);
  const actions = useCarpoolActions(eventId);
  const { data: me } = useCurrentMember();
  const profile = useMember(me?.id);
  // The children's teams, from the session (the profile names the children only).
  const childTeams = new Map(
    (me?.enfants ?? me?.casquettes?.enfants ?? []).map((c) => [c.id, c.equipes.map((t) => t.id)]),
  );
  const plays = (childId: number) =>
    equipesIds.length === 0 || (childTeams.get(childId) ?? []).some((t) => equipesIds.includes(t));
  const people = [
    ...(me ? [{ id: me.id, label: 'moi' }] : []),
    ...(profile.data?.enfants ?? [])
      .filter((c) => plays(c.id))
      .map((c) => ({ id: c.id, label: c.prenom })),
  ];
  const [offering, setOffering] = useState(false);
  const failure = [actions.offer, actions.book, actions.unbook, actions.cancel].find(
    (m) => m.isError,
  );

  return (
    <section className="carpool-panel" aria-labelledby={headingId}>
      <h3 id={headingId}>Covoiturage</h3>
      {offers.isPending ? (
        <p className="muted">Chargement du covoiturage…</p>
      ) : offers.isError ? (
        <LoadError
          message={errorMessage(offers.error, 'Covoiturage indisponible.')}
          onRetry={() => offers.refetch()}
          retrying={offers.isFetching}
        />
      ) : offers.data.length === 0 ? (
        <p className="muted">Aucune voiture proposée pour l’instant.</p>
      ) : (
        <ul className="carpool-list">
          {offers.data.map((o) => (
            <OfferItem key={o.id} offer={o} meId={me?.id} people={people} actions={actions} />
          ))}
        </ul>
      )}
      {failure ? <Alert tone="error">{errorMessage(failure.error, 'Échec.')}</Alert> : null}
      {offering ? (
        <OfferForm
          dateDebut={dateDebut}
          rendezVous={rendezVous}
          busy={actions.offer.isPending}
          onCancel={() => setOffering(false)}
          onSubmit={(body) => actions.offer.mutate(body, { onSuccess: () => setOffering(false) })}
        />
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-secondary"
          onClick={() => setOffering(true)}
        >
          Proposer des places
        </button>
      )}
    </section>
  );
}

function OfferItem({
  offer,
  meId,
  people,
  actions,
}: {
  offer: TCarpoolOffer;
  meId: number | undefined;
  people: { id: number; label: string }[];
  actions: ReturnType<typeof useCarpoolActions>;
}) {
  const driver = `${offer.conducteur.prenom} ${offer.conducteur.nom}`;
  const aboard = new Set(offer.passagers.map((p) => p.id));
  return (
    <li className="carpool-offer">
      <p>
        <strong>{driver}</strong> · départ {hhmm(offer.heureDepart)}, {offer.depart} ·{' '}
        {offer.placesRestantes > 0
          ? `${offer.placesRestantes} place${offer.placesRestantes > 1 ? 's' : ''} libre${offer.placesRestantes > 1 ? 's' : ''} sur ${offer.places}`
          : 'complet'}
      </p>
      {offer.passagers.length ? (
        <p className="muted">
          Passagers : {offer.passagers.map((p) => `${p.prenom} ${p.nom}`).join(', ')}
        </p>
      ) : null}
      <div className="carpool-actions">
        {people
          .filter((p) => p.id !== offer.conducteur.id)
          .map((p) =>
            aboard.has(p.id) ? (
              <button
                key={p.id}
                type="button"
                className="btn btn-sm btn-ghost"
                onClick={() => actions.unbook.mutate({ offreId: offer.id, membreId: p.id })}
              >
                Libérer la place ({p.label})
                <span className="visually-hidden">{` dans la voiture de ${driver}`}</span>
              </button>
            ) : offer.placesRestantes > 0 ? (
              <button
                key={p.id}
                type="button"
                className="btn btn-sm btn-secondary"
                disabled={actions.book.isPending}
                onClick={() => actions.book.mutate({ offreId: offer.id, membreId: p.id })}
              >
                Réserver une place ({p.label})
                <span className="visually-hidden">{` dans la voiture de ${driver}`}</span>
              </button>
            ) : null,
          )}
        {offer.conducteur.id === meId ? (
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            onClick={() => actions.cancel.mutate(offer.id)}
          >
            Annuler mon covoiturage
          </button>
        ) : null}
      </div>
    </li>
  );
}

function OfferForm({
  dateDebut,
  rendezVous,
  busy,
  onSubmit,
  onCancel,
}: {
  dateDebut: string;
  rendezVous: string | null;
  busy: boolean;
  onSubmit: (body: { places: number; depart: string; heureDepart: string }) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [places, setPlaces] = useState('3');
  const [depart, setDepart] = useState('');
  // The ride leaves for the meeting time (the players are expected then), else the start.
  const meeting = rendezVous ?? dateDebut;
  const [heure, setHeure] = useState(meeting.slice(11, 16));
  return (
    <form
      className="form carpool-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({
          places: Number(places),
          depart,
          heureDepart: `${meeting.slice(0, 10)}T${heure}:00`,
        });
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-places`}>Places proposées</label>
        <input
          id={`${id}-places`}
          type="number"
          min={CARPOOL_LIMITS.placesMin}
          max={CARPOOL_LIMITS.placesMax}
          required
          value={places}
          onChange={(e) => setPlaces(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-depart`}>Lieu de départ</label>
        <input
          id={`${id}-depart`}
          required
          maxLength={CARPOOL_LIMITS.departMax}
          value={depart}
          onChange={(e) => setDepart(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-heure`}>Heure de départ</label>
        <input
          id={`${id}-heure`}
          type="time"
          required
          value={heure}
          onChange={(e) => setHeure(e.target.value)}
        />
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-sm btn-ghost" onClick={onCancel}>
          Annuler
        </button>
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          Proposer
        </button>
      </div>
    </form>
  );
}
