import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Placeholder: this screen is built by its own issue.
export default function ClubTeamsPage() {
  useDocumentTitle('Équipes du Club');
  return (
    <main id="contenu" className="container page">
      <h1>Équipes du Club</h1>
      <p className="muted">Cette page arrive bientôt.</p>
    </main>
  );
}
