import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Placeholder: this screen is built by its own issue.
export default function TermsPage() {
  useDocumentTitle("Conditions générales d'utilisation");
  return (
    <main id="contenu" className="container page">
      <h1>Conditions générales d'utilisation</h1>
      <p className="muted">Cette page arrive bientôt.</p>
    </main>
  );
}
