import { useCurrentMember } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { FeesPage } from '../../features/fees/components/fees-page.tsx';

/** /{nomClub}/cotisations — the leaders' fees screen (docs/decisions/0135-membership-fees.md). */
export default function FeesRoute() {
  useDocumentTitle('Cotisations');
  const { data: me } = useCurrentMember();
  if (!me) return null;
  return <FeesPage clubId={me.idClub} />;
}
