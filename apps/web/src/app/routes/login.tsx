import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Placeholder: this screen is built by its own issue.
export default function LoginPage() {
  useDocumentTitle('Se connecter');
  return (
    <main id="contenu" className="container page">
      <h1>Se connecter</h1>
      <p className="muted">Cette page arrive bientôt.</p>
    </main>
  );
}
