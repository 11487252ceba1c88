import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Placeholder: this screen is built by its own issue.
export default function DataProtectionPage() {
  useDocumentTitle('Protection des données');
  return (
    <main id="contenu" className="container page">
      <h1>Protection des données</h1>
      <p className="muted">Cette page arrive bientôt.</p>
    </main>
  );
}
