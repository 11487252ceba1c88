import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Unsubscribe } from '../../features/notifications/components/unsubscribe.tsx';

/**
 * /notifications/desabonnement?jeton=… — the unsubscribe link of notification e-mails
 * (decision 0026).
 */
export default function UnsubscribePage() {
  useDocumentTitle('Notifications par e-mail');
  const [params] = useSearchParams();
  return (
    <main id="contenu" className="container page">
      <Unsubscribe jeton={params.get('jeton')?.trim() ?? ''} />
    </main>
  );
}
