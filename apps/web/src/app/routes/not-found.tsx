import { Link } from 'react-router';
import { PUBLIC_PAGES } from '../public-pages.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

export default function NotFoundPage() {
  usePageMeta(PUBLIC_PAGES.notFound);
  return (
    <main id="contenu" className="container not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Page introuvable</h1>
      <p>La page demandée n’existe pas ou a été déplacée.</p>
      <div className="actions">
        <Link to="/" className="btn">
          Retour à l’accueil
        </Link>
        <Link to="/contact" className="btn btn-secondary">
          Nous signaler un lien cassé
        </Link>
      </div>
    </main>
  );
}
