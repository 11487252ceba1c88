import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Placeholder: this screen is built by its own issue.
export default function ClubMembersPage() {
  useDocumentTitle('Membres du Club');
  return (
    <main id="contenu" className="container page">
      <h1>Membres du Club</h1>
      <p className="muted">Cette page arrive bientôt.</p>
    </main>
  );
}
