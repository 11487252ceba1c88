import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Placeholder: this screen is built by its own issue.
export default function CalendarPage() {
  useDocumentTitle('Calendrier du club');
  return (
    <main id="contenu" className="container page">
      <h1>Calendrier du club</h1>
      <p className="muted">Cette page arrive bientôt.</p>
    </main>
  );
}
