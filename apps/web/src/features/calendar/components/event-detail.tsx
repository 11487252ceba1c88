import type { ReactNode } from 'react';
import { frenchTime, teamLabel, type TTeam, type TEvent } from '@club/contract';
import { Modal } from '../../../components/ui/modal.tsx';
import { eventTypeClass, eventTypeIcon, eventTypeLabel } from '../../../lib/event-type.ts';
import { TrainingAttendance } from './training-attendance.tsx';

const formatter = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full' });
/** 'samedi 5 décembre 2026 à 13h30' (the club's wall clock). */
const asDate = (value: string) => `${formatter.format(new Date(value))} à ${frenchTime(value)}`;

/** Read-only detail of an event, for members who may not edit it (spec §6). */
export function EventDetail({
  event,
  teams,
  onClose,
  extra,
}: {
  event: TEvent;
  teams: readonly TTeam[];
  onClose: () => void;
  /** What the app adds below the details (the carpooling panel). */
  extra?: ReactNode;
}) {
  const names = event.equipesIds.map((id) =>
    teamLabel(
      teams.find((t) => t.id === id),
      id,
    ),
  );
  return (
    <Modal title={event.nom} onClose={onClose} className="event-detail">
      <dl className="event-detail-list">
        <dt>Type</dt>
        <dd>
          <span className={`event-type-swatch ${eventTypeClass(event.type)}`} aria-hidden="true">
            {eventTypeIcon(event.type)}
          </span>{' '}
          {eventTypeLabel(event.type)}
        </dd>
        <dt>Début</dt>
        <dd>{asDate(event.dateDebut)}</dd>
        <dt>Fin</dt>
        <dd>{asDate(event.dateFin)}</dd>
        <dt>Lieu</dt>
        <dd>{event.lieux}</dd>
        <dt>Équipes</dt>
        <dd>{names.length ? names.join(', ') : 'Toutes les équipes'}</dd>
        {event.adversaire ? (
          <>
            <dt>Adversaire</dt>
            <dd>
              {event.adversaire}
              {event.domicile === false ? ' (à l’extérieur)' : ' (à domicile)'}
            </dd>
          </>
        ) : null}
        {event.rendezVous ? (
          <>
            <dt>Rendez-vous</dt>
            <dd>
              {asDate(event.rendezVous)}
              {event.lieuRendezVous ? `, ${event.lieuRendezVous}` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      <TrainingAttendance event={event} />
      {extra}
      <div className="actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Fermer
        </button>
      </div>
    </Modal>
  );
}
