import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export default function NotFoundPage() {
  useDocumentTitle('Page introuvable');
  return (
    <main id="contenu" className="container page">
      <h1>Page introuvable</h1>
      <p>La page demandée n’existe pas ou a été déplacée.</p>
      <p>
        <Link to="/">Retour à l’accueil</Link>
      </p>
    </main>
  );
}
