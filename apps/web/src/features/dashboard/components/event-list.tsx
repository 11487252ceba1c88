import { Link } from 'react-router';
import { matchTitle, type TDashboardEvent } from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDay, formatTimeRange } from './format.ts';
import { eventTypeClass, eventTypeIcon, eventTypeLabel } from '../../../lib/event-type.ts';
import { PlaceIcon } from '../../../components/ui/place-icon.tsx';

/** One event: name, time range, place and type (text, symbol and colour, spec §2). */
export function EventCard({ event, showDay }: { event: TDashboardEvent; showDay: boolean }) {
  return (
    <article
      className={`event-card ${eventTypeClass(event.type)}`}
      aria-labelledby={`evenement-${event.id}`}
    >
      <h3 id={`evenement-${event.id}`} className="event-card-title">
        {/* A match names both sides, the home side first. */}
        {event.adversaire ? matchTitle(event) : event.nom}
      </h3>
      <p className="event-card-type">
        <span className="event-type-badge">
          <span className="event-type-dot" aria-hidden="true">
            {eventTypeIcon(event.type)}
          </span>
          <span className="visually-hidden">Type : </span>
          {eventTypeLabel(event.type)}
        </span>
      </p>
      <p className="event-card-time">
        <span className="visually-hidden">Horaire : </span>
        {showDay ? (
          <span className="event-card-day">{formatDay(event.dateDebut.slice(0, 10))} · </span>
        ) : null}
        <time dateTime={event.dateDebut}>{formatTimeRange(event.dateDebut, event.dateFin)}</time>
      </p>
      {event.lieux ? (
        <p className="event-card-place">
          <span className="visually-hidden">Lieu : </span>
          <PlaceIcon className="event-card-pin" />
          {event.lieux}
        </p>
      ) : null}
    </article>
  );
}

interface EventListProps {
  title: string;
  query: { data?: TDashboardEvent[]; isPending: boolean; isError: boolean };
  emptyText: string;
  /** Upcoming events span several days: each card then says its day. */
  showDay?: boolean;
  /**
   * Placeholder cards while loading: as many as the list usually holds, so that the sections
   * below do not move when it arrives (a day has none or one event: one card, the height of the
   * empty line).
   */
  loadingRows?: number;
  /**
   * At most this many cards (the soonest), then `more`: a home of three months of events was
   * 5,000 px tall on a phone. The calendar keeps the rest.
   */
  limit?: number;
  /** The link under a non-empty list (« Voir le calendrier »). */
  more?: { to: string; label: string };
}

/** A dashboard section of event cards with its loading, error and empty states. */
export function EventList({
  title,
  query,
  emptyText,
  showDay = false,
  loadingRows = 2,
  limit,
  more,
}: EventListProps) {
  return (
    <section className="dashboard-section" aria-labelledby="dashboard-evenements">
      <h2 id="dashboard-evenements">{title}</h2>
      {query.isPending ? (
        <Skeleton variant="cards" rows={loadingRows} label="Chargement des événements..." />
      ) : query.isError ? (
        <Alert tone="error">Impossible de charger les événements.</Alert>
      ) : query.data && query.data.length > 0 ? (
        <>
          <ul className="event-list">
            {query.data.slice(0, limit).map((e) => (
              <li key={e.id}>
                <EventCard event={e} showDay={showDay} />
              </li>
            ))}
          </ul>
          {more ? (
            <Link className="btn btn-secondary event-list-more" to={more.to}>
              {more.label}
            </Link>
          ) : null}
        </>
      ) : (
        <p className="empty">{emptyText}</p>
      )}
    </section>
  );
}
