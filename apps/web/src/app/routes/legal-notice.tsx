import { Link } from 'react-router';
import { PUBLIC_PAGES } from '../public-pages.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { LegalPage } from '../../features/public-site/components/legal-page.tsx';
import { EditorDetails } from '../../features/public-site/components/editor-details.tsx';

export default function LegalNoticePage() {
  usePageMeta(PUBLIC_PAGES.legalNotice);
  return (
    <LegalPage title="Mentions légales">
      <p>
        Conformément aux articles 6-III et 19 de la loi n° 2004-575 du 21 juin 2004 pour la
        confiance dans l’économie numérique (LCEN), les informations suivantes sont portées à la
        connaissance des utilisateurs du site et de l’application Club Manager.
      </p>

      <h2>1. Éditeur</h2>
      <p>
        Club Manager est édité à titre personnel et non commercial, dans le cadre d’un projet
        scolaire, par une personne physique :
      </p>
      <EditorDetails />
      <p>Le directeur de la publication est l’éditeur.</p>

      <h2>2. Hébergement</h2>
      <p>
        Le service est exploité par l’éditeur sur un serveur dont il assure l’administration. Le
        nom, la raison sociale, l’adresse et le numéro de téléphone du prestataire d’hébergement
        sont communiqués sur simple demande adressée à l’éditeur par e-mail ou via le{' '}
        <Link to="/contact">formulaire de contact</Link>.
      </p>

      <h2>3. Accès au service</h2>
      <p>
        Le site est accessible gratuitement à tout utilisateur disposant d’un accès à Internet. Les
        frais d’accès (matériel, connexion) restent à sa charge. L’éditeur peut interrompre le
        service pour maintenance ou pour toute raison technique, sans que sa responsabilité puisse
        être engagée.
      </p>

      <h2>4. Propriété intellectuelle</h2>
      <p>
        La structure du site, ses textes, son logo, ses illustrations et son code source sont la
        propriété de l’éditeur, sauf mention contraire. Toute reproduction, représentation ou
        adaptation, totale ou partielle, sans autorisation écrite préalable est interdite et
        constituerait une contrefaçon sanctionnée par les articles L.335-2 et suivants du Code de la
        propriété intellectuelle. Les contenus déposés par les clubs (noms, logos, informations des
        membres) restent la propriété de ces clubs.
      </p>

      <h2>5. Responsabilité</h2>
      <p>
        L’éditeur s’efforce d’assurer l’exactitude des informations diffusées, sans pouvoir la
        garantir. Il ne saurait être tenu responsable des dommages directs ou indirects résultant de
        l’utilisation du site, d’une indisponibilité du service ou des informations saisies par les
        utilisateurs, qui en sont seuls responsables. Les liens vers des sites tiers n’engagent pas
        l’éditeur.
      </p>

      <h2>6. Données personnelles et cookies</h2>
      <p>
        Les traitements de données personnelles et les cookies utilisés sont décrits sur la page{' '}
        <Link to="/protection-des-donnees">Protection des données</Link>. L’utilisation du service
        est régie par les <Link to="/cgu">conditions générales d’utilisation</Link>.
      </p>

      <h2>7. Droit applicable</h2>
      <p>
        Les présentes mentions sont régies par le droit français. En cas de litige, et à défaut de
        solution amiable, les tribunaux français sont seuls compétents.
      </p>
    </LegalPage>
  );
}
