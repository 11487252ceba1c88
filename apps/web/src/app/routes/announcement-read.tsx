import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AnnouncementReadLink } from '../../features/announcements/components/announcement-read-link.tsx';

/**
 * /annonce/lecture?jeton=… — an announcement read from its e-mail, no sign-in
 * (docs/decisions/0139-coach-home-and-phone-week.md).
 */
export default function AnnouncementReadPage() {
  useDocumentTitle('Annonce');
  const [params] = useSearchParams();
  return (
    <main id="contenu" className="container page">
      <AnnouncementReadLink jeton={params.get('jeton')?.trim() ?? ''} />
    </main>
  );
}
