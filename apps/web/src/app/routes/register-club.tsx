import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { RegisterClubForm } from '../../features/auth/components/register-club-form.tsx';

export default function RegisterClubPage() {
  useDocumentTitle('Inscrire un club');
  return (
    <main id="contenu" className="container page">
      <RegisterClubForm />
    </main>
  );
}
