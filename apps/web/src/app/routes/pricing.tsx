import { Link } from 'react-router';
import { PUBLIC_PAGES } from '../public-pages.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/** Spec §1: one plan only, Normal, free. */
export default function PricingPage() {
  usePageMeta(PUBLIC_PAGES.pricing);
  return (
    <main id="contenu" className="container page">
      <h1>Tarifs</h1>
      <p className="section-lead">
        Une seule formule, sans engagement et sans carte bancaire : tout Club Manager, gratuitement.
      </p>
      <section className="card plan" aria-labelledby="plan-normal">
        <h2 id="plan-normal">Normal</h2>
        <p className="plan-price">0.00 €</p>
        <p className="plan-period">par mois</p>
        <ul className="plan-features">
          <li>Membres illimités</li>
          <li>Agenda</li>
          <li>Gestion des membres et des équipes</li>
        </ul>
        <Link to="/inscrireClub" className="btn btn-lg">
          Inscrire mon club
        </Link>
      </section>
    </main>
  );
}
