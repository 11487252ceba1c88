import { useId } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { clubPath } from '../../../lib/session.ts';
import { useAnnouncements } from '../api/announcements.ts';
import { ANNOUNCEMENT_TEXTS as T } from '../texts.ts';
import { AnnouncementItem } from './announcement-item.tsx';
import '../announcements.css';

/** How many the dashboard shows (unread first, then the newest). */
export const DASHBOARD_ANNOUNCEMENTS = 3;
/** How many it reads, to count the unread ones. */
const COUNTED = 20;

/**
 * The dashboards' "Annonces" section: the newest announcements, unread first, each opened (and so
 * read) in place, and a link to the page with all of them. Nothing at all while the member has
 * none, so that a club that does not use announcements keeps its dashboard as it was.
 */
export function AnnouncementsWidget({ nomClub }: { nomClub: string }) {
  const list = useAnnouncements(COUNTED);
  const titleId = useId();
  // Nothing while loading either: a placeholder that then goes away (no announcement, the usual
  // case) moved the dashboard's sections up under the reader (layout shift, bench/README.md).
  if (list.isPending || (list.isSuccess && list.data.length === 0)) return null;
  const unread = list.data?.filter((a) => !a.lu).length ?? 0;
  return (
    <section className="dashboard-section announcements-widget" aria-labelledby={titleId}>
      <div className="announcements-widget-head">
        <h2 id={titleId}>
          {T.widgetTitle}
          {unread ? <span className="pill pill-info">{T.unreadCount(unread)}</span> : null}
        </h2>
        <Link to={clubPath(nomClub, 'annonces')} className="announcements-all">
          {T.all}
        </Link>
      </div>
      {list.isError ? (
        <LoadError
          message={errorMessage(list.error, T.loadFailed)}
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        <ul className="announcement-list">
          {list.data.slice(0, DASHBOARD_ANNOUNCEMENTS).map((a) => (
            <li key={a.id}>
              <AnnouncementItem announcement={a} manage={false} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
