import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Placeholder: this screen is built by its own issue.
export default function AboutPage() {
  useDocumentTitle('Qui suis-je ?');
  return (
    <main id="contenu" className="container page">
      <h1>Qui suis-je ?</h1>
      <p className="muted">Cette page arrive bientôt.</p>
    </main>
  );
}
