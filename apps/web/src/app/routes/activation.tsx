import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Placeholder: this screen is built by its own issue.
export default function ActivationPage() {
  useDocumentTitle('Activer mon compte');
  return (
    <main id="contenu" className="container page">
      <h1>Activer mon compte</h1>
      <p className="muted">Cette page arrive bientôt.</p>
    </main>
  );
}
