import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ActivationForm } from '../../features/auth/components/activation-form.tsx';

export default function ActivationPage() {
  useDocumentTitle('Activer mon compte');
  const [params] = useSearchParams();
  return (
    <main id="contenu" className="container page">
      <ActivationForm token={params.get('token')?.trim() ?? ''} />
    </main>
  );
}
