import type { PageMeta } from '../lib/use-page-meta.ts';

/*
 * Title and meta description of every public page: used by the pages at run time and by
 * prerender.mjs at build time, so both always agree.
 */
export const SITE_NAME = 'Club Manager';

export const PUBLIC_PAGES = {
  landing: {
    title: 'Club Manager — gestion de clubs sportifs',
    description:
      'Gérez votre équipe sportive comme un pro : membres, équipes, calendrier, convocations et résultats de votre club, gratuitement.',
  },
  features: {
    title: 'Fonctionnalités — Club Manager',
    description:
      'Membres, planning, équipes, effectifs, convocations, championnat et feuille de match : toutes les fonctionnalités de Club Manager.',
  },
  pricing: {
    title: 'Tarifs — Club Manager',
    description:
      'Une seule formule, Normal, gratuite : 0.00 € par mois avec membres illimités, agenda et gestion des membres et des équipes.',
  },
  about: {
    title: 'Qui suis-je ? — Club Manager',
    description:
      'Club Manager est un projet scolaire personnel : découvrez son fondateur, l’histoire du projet et comment le joindre.',
  },
  contact: {
    title: 'Contact — Club Manager',
    description:
      'Une question, une suggestion ? Écrivez à l’éditeur de Club Manager grâce au formulaire de contact.',
  },
  legalNotice: {
    title: 'Mentions légales — Club Manager',
    description:
      'Mentions légales de Club Manager : éditeur, hébergement, propriété intellectuelle et responsabilité.',
  },
  terms: {
    title: 'Conditions générales d’utilisation — Club Manager',
    description:
      'Conditions générales d’utilisation de Club Manager : accès au service, comptes, obligations des utilisateurs et responsabilités.',
  },
  dataProtection: {
    title: 'Protection des données — Club Manager',
    description:
      'Données personnelles traitées par Club Manager, cookies (accessToken, refreshToken, XSRF-TOKEN), durées de conservation et vos droits.',
  },
  notFound: {
    title: 'Page introuvable — Club Manager',
    description:
      'La page demandée n’existe pas ou a été déplacée : retrouvez l’accueil, les fonctionnalités et le contact de Club Manager.',
  },
} satisfies Record<string, PageMeta>;

/**
 * The routes prerendered to static HTML (path → page). `module` is the page's source file, a chunk
 * of its own: prerender.mjs names it in the page's HTML (modulepreload) so that it arrives with
 * the entry and the page hydrates without waiting for it.
 */
export const PRERENDERED_ROUTES: { path: string; meta: PageMeta; module: string }[] = [
  { path: '/', meta: PUBLIC_PAGES.landing, module: 'src/app/routes/landing.tsx' },
  { path: '/accueil', meta: PUBLIC_PAGES.landing, module: 'src/app/routes/landing.tsx' },
  { path: '/fonctionnalites', meta: PUBLIC_PAGES.features, module: 'src/app/routes/features.tsx' },
  { path: '/tarifs', meta: PUBLIC_PAGES.pricing, module: 'src/app/routes/pricing.tsx' },
  { path: '/apropos', meta: PUBLIC_PAGES.about, module: 'src/app/routes/about.tsx' },
  { path: '/contact', meta: PUBLIC_PAGES.contact, module: 'src/app/routes/contact.tsx' },
  {
    path: '/mentions-legales',
    meta: PUBLIC_PAGES.legalNotice,
    module: 'src/app/routes/legal-notice.tsx',
  },
  { path: '/cgu', meta: PUBLIC_PAGES.terms, module: 'src/app/routes/terms.tsx' },
  {
    path: '/protection-des-donnees',
    meta: PUBLIC_PAGES.dataProtection,
    module: 'src/app/routes/data-protection.tsx',
  },
];
