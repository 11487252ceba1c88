import { Link } from 'react-router';
import { PUBLIC_PAGES } from '../public-pages.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { Icon } from '../../features/public-site/components/icons.tsx';

/** The 8 cards of spec §1, in its order. */
const FEATURES = [
  {
    icon: 'users',
    title: 'Gestion des membres',
    text: 'Fiche de chaque membre, rôle dans le club (dirigeant, responsable, entraîneur, joueur, parent), statut et recherche rapide.',
  },
  {
    icon: 'calendar',
    title: 'Planning général',
    text: 'Le calendrier du club : matchs, entraînements, tournois et réunions, en vue mois, semaine ou jour.',
  },
  {
    icon: 'shield',
    title: 'Gestion des équipes',
    text: 'Créez vos équipes par catégorie et division, et rattachez-y joueurs, entraîneurs et parents.',
  },
  {
    icon: 'id',
    title: 'Effectifs et fiches joueurs',
    text: 'Numéro, poste, taille, poids, licence : l’effectif de chaque équipe toujours à jour.',
  },
  {
    icon: 'clock',
    title: 'Planning spécifique',
    text: 'Chaque équipe retrouve ses propres séances et rencontres, sans le bruit du reste du club.',
  },
  {
    icon: 'check',
    title: 'Convocations et présences',
    text: 'Convoquez vos joueurs pour un match ; chacun indique sa disponibilité, avec justification en cas d’absence.',
  },
  {
    icon: 'trophy',
    title: 'Championnat et résultats',
    text: 'Suivez le statut de chaque match (à venir, en cours, terminé, annulé) et saisissez les scores.',
  },
  {
    icon: 'sheet',
    title: 'Feuille de match',
    text: 'La liste des joueurs convoqués et leurs réponses, prête pour le jour du match.',
  },
] as const;

export default function FeaturesPage() {
  usePageMeta(PUBLIC_PAGES.features);
  return (
    <main id="contenu" className="container page">
      <h1>Fonctionnalités</h1>
      <p className="section-lead">
        Tout ce dont un club amateur a besoin pour organiser sa saison, de l’inscription des membres
        à la feuille de match.
      </p>
      <ul className="cards">
        {FEATURES.map((f) => (
          <li key={f.title} className="card">
            <span className="card-icon">
              <Icon name={f.icon} />
            </span>
            <h2 className="h3">{f.title}</h2>
            <p>{f.text}</p>
          </li>
        ))}
      </ul>
      <div className="card cta-band">
        <p>Prêt à essayer ? C’est gratuit.</p>
        <div className="actions">
          <Link to="/connexion" className="btn btn-secondary">
            Se connecter
          </Link>
          <Link to="/inscrireClub" className="btn">
            Inscrire un club
          </Link>
        </div>
      </div>
    </main>
  );
}
