import { Link } from 'react-router';
import { PUBLIC_PAGES } from '../public-pages.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { LegalPage } from '../../features/public-site/components/legal-page.tsx';
import { EditorDetails } from '../../features/public-site/components/editor-details.tsx';

/** Spec §2 and §9: cookies, device fingerprint and retention periods. */
export default function DataProtectionPage() {
  usePageMeta(PUBLIC_PAGES.dataProtection);
  return (
    <LegalPage title="Protection des données">
      <p>
        Cette page explique quelles données personnelles Club Manager traite, pourquoi, combien de
        temps elles sont conservées et comment exercer vos droits, conformément au Règlement général
        sur la protection des données (RGPD) et à la loi Informatique et Libertés.
      </p>

      <h2>1. Responsables du traitement</h2>
      <p>
        L’éditeur de Club Manager est responsable des traitements nécessaires au fonctionnement du
        service (comptes, sécurité, formulaire de contact). Chaque club est responsable des données
        qu’il enregistre sur ses membres ; l’éditeur agit alors pour son compte.
      </p>
      <EditorDetails />

      <h2>2. Données traitées</h2>
      <ul>
        <li>
          <strong>Membres</strong> : nom, prénom, e-mail, date de naissance, genre, téléphone,
          numéro de licence, rôle, statut (Actif, Blessé, Suspendu : une blessure est une donnée de
          santé), équipes, liens parent-enfant, choix de partager ou non ses coordonnées avec son
          équipe et, pour les joueurs, numéro, poste, taille et poids.
        </li>
        <li>
          <strong>Club</strong> : nom, sport, adresse, ville, pays, téléphone, description et logo.
        </li>
        <li>
          <strong>Activité</strong> : événements du calendrier, matchs, scores, convocations et
          réponses de disponibilité aux matchs et aux entraînements (avec la justification d’une
          absence), journal des modifications faites dans le club.
        </li>
        <li>
          <strong>Cotisations</strong> : tarifs de la saison, exonérations, paiements (montant,
          moyen, date, référence du chèque ou code Pass’Sport, dates d’encaissement, qui l’a
          enregistré ou annulé et quand) et relances envoyées.
        </li>
        <li>
          <strong>Connexion et sécurité</strong> : mot de passe (conservé uniquement sous forme
          chiffrée irréversible, Argon2id), sessions (navigateur, identifiant d’appareil, dates),
          adresse IP le temps de limiter les tentatives de connexion.
        </li>
        <li>
          <strong>Contact</strong> : nom, prénom, e-mail, sujet et message envoyés par le formulaire
          de contact, avec l’adresse IP d’envoi.
        </li>
      </ul>

      <h2>3. Finalités et bases légales</h2>
      <ul>
        <li>Fournir le service de gestion du club (exécution des CGU, article 6.1.b du RGPD).</li>
        <li>
          Sécuriser les comptes : authentification, protection contre la falsification de requêtes,
          limitation des tentatives, journaux de sécurité (intérêt légitime, article 6.1.f).
        </li>
        <li>
          Tenir la comptabilité des cotisations du club : les paiements sont des pièces comptables
          que le club doit conserver (obligation légale, article 6.1.c).
        </li>
        <li>Répondre aux messages envoyés par le formulaire de contact (intérêt légitime).</li>
      </ul>
      <p>
        Aucune donnée n’est vendue, louée ni utilisée à des fins publicitaires. Aucun outil de
        mesure d’audience ni service tiers de suivi n’est utilisé ; le captcha du formulaire de
        contact (ALTCHA) est hébergé par le service lui-même et ne dépose aucun traceur.
      </p>

      <h2>4. Cookies et stockage local</h2>
      <p>
        Club Manager n’utilise que des cookies strictement nécessaires au fonctionnement et à la
        sécurité du service ; ils sont exemptés de consentement (article 82 de la loi Informatique
        et Libertés).
      </p>
      <div className="table-wrap">
        <table className="table table-stack">
          <caption className="visually-hidden">
            Cookies et données stockées dans le navigateur
          </caption>
          <thead>
            <tr>
              <th scope="col">Nom</th>
              <th scope="col">Rôle</th>
              <th scope="col">Durée</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">accessToken</th>
              <td data-label="Rôle">
                Cookie de session : prouve que vous êtes connecté (inaccessible aux scripts).
              </td>
              <td data-label="Durée">15 minutes</td>
            </tr>
            <tr>
              <th scope="row">refreshToken</th>
              <td data-label="Rôle">
                Cookie de renouvellement : rouvre une session expirée sans ressaisir le mot de passe
                (inaccessible aux scripts).
              </td>
              <td data-label="Durée">7 jours</td>
            </tr>
            <tr>
              <th scope="row">XSRF-TOKEN</th>
              <td data-label="Rôle">
                Cookie anti-falsification de requêtes (CSRF), lié à votre session.
              </td>
              <td data-label="Durée">Durée de la session</td>
            </tr>
            <tr>
              <th scope="row">deviceFingerprint</th>
              <td data-label="Rôle">
                Identifiant aléatoire de l’appareil, stocké localement dans le navigateur, pour
                rattacher les sessions à un appareil. Il ne contient aucune information sur vous ni
                sur votre matériel.
              </td>
              <td data-label="Durée">
                Conservé jusqu’à sa suppression (effacement des données du navigateur) ; un
                renouvellement tous les 12 à 13 mois est recommandé.
              </td>
            </tr>
            <tr>
              <th scope="row">theme</th>
              <td data-label="Rôle">
                Préférence d’affichage (clair, sombre ou daltonien), stockée localement.
              </td>
              <td data-label="Durée">Jusqu’à sa suppression</td>
            </tr>
          </tbody>
        </table>
      </div>

      <h2>5. Durées de conservation</h2>
      <ul>
        <li>
          Données du club et de ses membres : tant que le club utilise le service. Elles sont
          supprimées avec le club ; celles d’un membre sont effacées quand il supprime son compte
          (voir « Vos droits ») ou quand le club le retire.
        </li>
        <li>
          Sessions : 15 minutes pour l’accès, 7 jours sans utilisation (30 jours au plus) pour le
          renouvellement ; leurs traces sont supprimées 30 jours après leur fin. Liens d’invitation
          (7 jours) et de réinitialisation (60 minutes) : supprimés 30 jours après leur expiration
          ou leur usage.
        </li>
        <li>Journal des modifications faites dans le club : 3 ans.</li>
        <li>
          Paiements des cotisations (pièces comptables) : 10 ans après leur date, même si le membre
          quitte le club ou supprime son compte (son nom reste attaché au paiement) ; exonérations :
          10 ans après la saison.
        </li>
        <li>Messages du formulaire de contact : 12 mois au plus.</li>
        <li>
          Ces suppressions sont faites automatiquement chaque jour. Les sauvegardes suivent la
          politique de l’hébergeur.
        </li>
      </ul>

      <h2>6. Destinataires et visibilité</h2>
      <p>
        Les données d’un club ne sont visibles que par ses membres, selon leur rôle, et jamais par
        un autre club. Dans un club :
      </p>
      <ul>
        <li>
          le membre lui-même et ses parents, les dirigeants et responsables, et les entraîneurs de
          ses équipes voient toute sa fiche ;
        </li>
        <li>
          les autres joueurs et parents de ses équipes voient son nom, son rôle, son équipe, son
          numéro et son poste ; jamais son statut (blessure), sa date de naissance, son genre, sa
          licence, sa taille ni son poids ;
        </li>
        <li>
          ils voient l’e-mail et le téléphone des entraîneurs, et ceux d’un adulte qui a coché «
          Partager mon e-mail et mon téléphone avec mon équipe » (décoché par défaut) ; jamais ceux
          d’un mineur ;
        </li>
        <li>
          la justification d’une absence n’est lue que par le joueur, ses parents, ses entraîneurs
          et les dirigeants ;
        </li>
        <li>
          les montants d’une cotisation, ses paiements et l’attestation de paiement ne sont vus que
          par le membre, ses parents et les dirigeants et responsables ; jamais par une autre
          famille ni par un entraîneur.
        </li>
      </ul>
      <p>
        L’éditeur et, le cas échéant, son hébergeur y ont accès pour la maintenance du service, sans
        autre usage.
      </p>

      <h2>7. Sécurité</h2>
      <p>
        Mots de passe chiffrés avec Argon2id, cookies sécurisés et inaccessibles aux scripts,
        protection contre la falsification de requêtes, limitation des tentatives de connexion,
        cloisonnement strict des données entre clubs et en-têtes de sécurité du navigateur.
      </p>

      <h2>8. Vos droits</h2>
      <p>
        Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, de
        portabilité et d’opposition, ainsi que du droit de définir des directives sur le sort de vos
        données après votre décès. Dans « Mon Profil », une fois connecté : « Télécharger mes
        données » vous donne un fichier avec tout ce que le service conserve sur vous et vos enfants
        ; « Supprimer mon compte » efface vos données personnelles (vos réponses passées restent,
        sans votre nom, dans les statistiques de l’équipe) et libère votre adresse e-mail. Pour les
        données saisies par votre club, adressez-vous d’abord à son dirigeant ; sinon, contactez
        l’éditeur à l’adresse ci-dessus ou via le <Link to="/contact">formulaire de contact</Link>.
        Une réponse vous est apportée dans un délai d’un mois.
      </p>
      <p>
        Si vous estimez que vos droits ne sont pas respectés, vous pouvez introduire une réclamation
        auprès de la Commission nationale de l’informatique et des libertés (CNIL), 3 place de
        Fontenoy, TSA 80715, 75334 Paris Cedex 07, www.cnil.fr.
      </p>
    </LegalPage>
  );
}
