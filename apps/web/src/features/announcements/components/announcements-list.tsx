import { LoadError } from '../../../components/ui/load-error.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useAnnouncements } from '../api/announcements.ts';
import { ANNOUNCEMENT_TEXTS as T } from '../texts.ts';
import { AnnouncementItem } from './announcement-item.tsx';
import '../announcements.css';

/** Every announcement of the member (unread first); `openId` opens one (a notification's link). */
export function AnnouncementsList({ openId }: { openId: number | null }) {
  const list = useAnnouncements();
  if (list.isPending) return <Skeleton rows={3} label="Chargement des annonces..." />;
  if (list.isError)
    return (
      <LoadError
        message={errorMessage(list.error, T.loadFailed)}
        onRetry={() => list.refetch()}
        retrying={list.isFetching}
      />
    );
  if (!list.data.length) return <EmptyState title={T.empty}>{T.emptyHint}</EmptyState>;
  return (
    <ul className="announcement-list">
      {list.data.map((a) => (
        <li key={a.id}>
          <AnnouncementItem announcement={a} headingLevel={2} initiallyOpen={a.id === openId} />
        </li>
      ))}
    </ul>
  );
}
