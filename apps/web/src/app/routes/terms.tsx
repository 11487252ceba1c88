import { Link } from 'react-router';
import { PUBLIC_PAGES } from '../public-pages.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { LegalPage } from '../../features/public-site/components/legal-page.tsx';

export default function TermsPage() {
  usePageMeta(PUBLIC_PAGES.terms);
  return (
    <LegalPage title="Conditions générales d’utilisation">
      <h2>1. Objet</h2>
      <p>
        Les présentes conditions générales d’utilisation (CGU) définissent les modalités d’accès et
        d’utilisation de Club Manager, application web de gestion de clubs sportifs (membres,
        équipes, calendrier, convocations, matchs et résultats). Toute utilisation du service vaut
        acceptation des CGU.
      </p>

      <h2>2. Accès et prix</h2>
      <p>
        Le site public est librement accessible. L’espace membre est réservé aux personnes disposant
        d’un compte. Le service est proposé gratuitement selon une formule unique, « Normal », à
        0.00 € par mois ; aucune donnée bancaire n’est demandée.
      </p>

      <h2>3. Inscription d’un club et comptes</h2>
      <ul>
        <li>
          Un club est inscrit par une personne majeure habilitée à le représenter, qui en devient le
          dirigeant dans l’application.
        </li>
        <li>
          Le dirigeant et les responsables créent les comptes des autres membres (entraîneurs,
          joueurs, parents) ; chaque membre active son compte en choisissant son mot de passe.
        </li>
        <li>
          Les informations fournies doivent être exactes et tenues à jour. Le compte d’un mineur est
          créé et suivi sous la responsabilité de son représentant légal et du club.
        </li>
      </ul>

      <h2>4. Sécurité des comptes</h2>
      <p>
        Le mot de passe est personnel et confidentiel ; il comporte au moins 12 caractères dont une
        majuscule, une minuscule, un chiffre et un caractère spécial. L’utilisateur est responsable
        de l’usage de son compte et signale sans délai toute utilisation non autorisée. Les
        tentatives de connexion répétées sont temporairement bloquées.
      </p>

      <h2>5. Obligations des utilisateurs</h2>
      <p>L’utilisateur s’engage notamment à :</p>
      <ul>
        <li>ne saisir que des informations licites, exactes et nécessaires à la vie du club ;</li>
        <li>
          recueillir, lorsqu’il ajoute des membres, les informations et consentements requis par la
          réglementation sur les données personnelles ;
        </li>
        <li>
          ne pas porter atteinte au fonctionnement du service (accès non autorisé, envoi automatisé,
          contournement des protections) ;
        </li>
        <li>respecter les droits des autres membres et des tiers.</li>
      </ul>

      <h2>6. Rôle du club</h2>
      <p>
        Chaque club reste responsable des données qu’il enregistre sur ses membres et de l’usage
        qu’il en fait. Le dirigeant peut modifier les informations du club, son logo, et supprimer
        définitivement le club et toutes ses données depuis les paramètres.
      </p>

      <h2>7. Disponibilité et responsabilité</h2>
      <p>
        Club Manager est un projet scolaire personnel fourni « en l’état ». L’éditeur met en œuvre
        des moyens raisonnables pour assurer la disponibilité et la sécurité du service, sans
        obligation de résultat. Il ne peut être tenu responsable des interruptions, pertes de
        données ou dommages indirects liés à l’utilisation du service. Il est conseillé de conserver
        ses propres copies des informations importantes.
      </p>

      <h2>8. Suspension et suppression</h2>
      <p>
        En cas de manquement aux présentes CGU, l’éditeur peut suspendre ou supprimer un compte,
        après information de l’utilisateur lorsque c’est possible. L’utilisateur peut à tout moment
        demander la suppression de son compte à son club ou à l’éditeur.
      </p>

      <h2>9. Données personnelles</h2>
      <p>
        Les traitements de données sont décrits sur la page{' '}
        <Link to="/protection-des-donnees">Protection des données</Link>.
      </p>

      <h2>10. Modification des CGU</h2>
      <p>
        L’éditeur peut faire évoluer les présentes CGU ; la date de mise à jour figure en haut de
        cette page. La poursuite de l’utilisation du service après modification vaut acceptation.
      </p>

      <h2>11. Droit applicable et litiges</h2>
      <p>
        Les CGU sont soumises au droit français. En cas de différend, une solution amiable est
        recherchée en priorité, notamment via le <Link to="/contact">formulaire de contact</Link> ;
        à défaut, les tribunaux français sont compétents. Voir aussi les{' '}
        <Link to="/mentions-legales">mentions légales</Link>.
      </p>
    </LegalPage>
  );
}
