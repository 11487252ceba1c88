import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';

export default function LoginPage() {
  useDocumentTitle('Se connecter');
  return (
    <main id="contenu" className="container page">
      <LoginForm />
    </main>
  );
}
