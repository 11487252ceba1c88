import { Link } from 'react-router';
import { PUBLIC_PAGES } from '../public-pages.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import {
  EditorDetails,
  EditorName,
} from '../../features/public-site/components/editor-details.tsx';

/** Spec §1: the about page presents the founder and the project, a personal school project. */
export default function AboutPage() {
  usePageMeta(PUBLIC_PAGES.about);
  return (
    <main id="contenu" className="container page prose">
      <h1>Qui suis-je ?</h1>
      <p className="section-lead">
        Bonjour ! Je suis <EditorName fallback="le fondateur de Club Manager" />, étudiant en
        développement web et bénévole dans un club de sport amateur.
      </p>

      <h2>Le fondateur</h2>
      <p>
        Entre les entraînements, les matchs du week-end et les messages de dernière minute pour
        trouver onze joueurs disponibles, j’ai vu de près combien l’organisation d’un club repose
        sur quelques bénévoles, leurs tableurs et leurs groupes de discussion. J’ai voulu leur
        offrir un outil simple, en français, qui rassemble tout au même endroit.
      </p>

      <h2>Le projet</h2>
      <p>
        Club Manager est un <strong>projet scolaire personnel</strong> : je l’ai conçu et développé
        dans le cadre de ma formation, de la base de données à l’interface. Il est gratuit, sans
        publicité, et ne revend aucune donnée.
      </p>
      <ul>
        <li>Une application web accessible sur ordinateur comme sur téléphone.</li>
        <li>
          Des rôles adaptés à la vie d’un club : dirigeant, responsable, entraîneur, joueur et
          parent.
        </li>
        <li>
          Des données protégées et jamais revendues (voir la{' '}
          <Link to="/protection-des-donnees">protection des données</Link>).
        </li>
      </ul>
      <p>
        Découvrez <Link to="/fonctionnalites">toutes les fonctionnalités</Link> ou{' '}
        <Link to="/inscrireClub">inscrivez votre club</Link> en quelques minutes.
      </p>

      <h2>Me contacter</h2>
      <EditorDetails />
      <p>
        Vous pouvez aussi utiliser le <Link to="/contact">formulaire de contact</Link>.
      </p>
    </main>
  );
}
