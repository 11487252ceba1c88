import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Placeholder: this screen is built by its own issue.
export default function ForgotPasswordPage() {
  useDocumentTitle('Mot de passe oublié');
  return (
    <main id="contenu" className="container page">
      <h1>Mot de passe oublié</h1>
      <p className="muted">Cette page arrive bientôt.</p>
    </main>
  );
}
