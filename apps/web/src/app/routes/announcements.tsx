import { useSearchParams } from 'react-router';
import { ANNOUNCEMENT_PERMISSIONS, isLeader, mayEver, memberSubject } from '@club/contract';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCurrentMember } from '../../lib/session.ts';
import { teamsOf } from '../../lib/member-teams.ts';
import { useClubTeams } from '../../lib/shared-queries.ts';
import { AnnouncementForm } from '../../features/announcements/components/announcement-form.tsx';
import { AnnouncementsList } from '../../features/announcements/components/announcements-list.tsx';
import { ANNOUNCEMENT_TEXTS } from '../../features/announcements/texts.ts';

/**
 * /{nomClub}/annonces — every announcement the member receives or wrote, unread first; leaders
 * and coaches write one above the list. `?annonce=<id>` (the link of an e-mail or a notification)
 * opens that one, which marks it read.
 */
export default function AnnouncementsPage() {
  useDocumentTitle(ANNOUNCEMENT_TEXTS.pageTitle);
  const { data: me } = useCurrentMember();
  const [params] = useSearchParams();
  const leader = isLeader(me?.role);
  const clubTeams = useClubTeams(leader ? (me?.idClub ?? undefined) : undefined);
  if (!me) return null;
  const mayWrite = mayEver(ANNOUNCEMENT_PERMISSIONS, memberSubject(me), 'create');
  const teams = leader ? (clubTeams.data ?? []) : teamsOf(me);
  const openId = Number(params.get('annonce')) || null;
  return (
    <main id="contenu" className="container page narrow">
      <h1>{ANNOUNCEMENT_TEXTS.pageTitle}</h1>
      {mayWrite && (leader || teams.length > 0) ? (
        <AnnouncementForm teams={teams} mayWriteToClub={leader} />
      ) : null}
      <AnnouncementsList openId={openId} />
    </main>
  );
}
