import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Placeholder: this screen is built by its own issue.
export default function DashboardPage() {
  useDocumentTitle('Tableau de bord');
  return (
    <main id="contenu" className="container page">
      <h1>Tableau de bord</h1>
      <p className="muted">Cette page arrive bientôt.</p>
    </main>
  );
}
