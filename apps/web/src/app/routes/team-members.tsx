import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Placeholder: this screen is built by its own issue.
export default function TeamMembersPage() {
  useDocumentTitle("Membres de l'équipe");
  return (
    <main id="contenu" className="container page">
      <h1>Membres de l'équipe</h1>
      <p className="muted">Cette page arrive bientôt.</p>
    </main>
  );
}
