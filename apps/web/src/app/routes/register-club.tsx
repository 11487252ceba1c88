import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Placeholder: this screen is built by its own issue.
export default function RegisterClubPage() {
  useDocumentTitle('Inscrire un club');
  return (
    <main id="contenu" className="container page">
      <h1>Inscrire un club</h1>
      <p className="muted">Cette page arrive bientôt.</p>
    </main>
  );
}
