import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Placeholder: this screen is built by its own issue.
export default function PricingPage() {
  useDocumentTitle('Tarifs');
  return (
    <main id="contenu" className="container page">
      <h1>Tarifs</h1>
      <p className="muted">Cette page arrive bientôt.</p>
    </main>
  );
}
