import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clubUrl } from '../../fixtures.ts';

/**
 * Every route of the web app, keyed by its path in the router
 * (apps/web/src/app/router.tsx): `routerPaths()` reads that file, and a test fails when the router
 * has a path this list does not cover, or the other way round.
 */

/** What a route's address needs: the club, its team, and the links of a convocation e-mail. */
export interface RouteData {
  nomClub: string;
  nomEquipe: string;
  /** '/convocation/reponse?…' from a real convocation e-mail. */
  answerLink: string;
  /** '/notifications/desabonnement?…' from the same e-mail. */
  unsubscribeLink: string;
}

export interface AppRoute {
  /** The path exactly as written in the router ('/' for the index route). */
  path: string;
  /** 'public': anyone; 'signed-in': a member of the club. */
  area: 'public' | 'signed-in';
  url: (d: RouteData) => string;
}

const club =
  (...rest: string[]) =>
  (d: RouteData) =>
    clubUrl(d.nomClub, ...rest);
const team =
  (...rest: string[]) =>
  (d: RouteData) =>
    clubUrl(d.nomClub, d.nomEquipe, ...rest);
const fixed = (url: string) => () => url;

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', area: 'public', url: fixed('/') },
  { path: 'accueil', area: 'public', url: fixed('/accueil') },
  { path: 'fonctionnalites', area: 'public', url: fixed('/fonctionnalites') },
  { path: 'tarifs', area: 'public', url: fixed('/tarifs') },
  { path: 'contact', area: 'public', url: fixed('/contact') },
  { path: 'apropos', area: 'public', url: fixed('/apropos') },
  { path: 'connexion', area: 'public', url: fixed('/connexion') },
  { path: 'inscrireClub', area: 'public', url: fixed('/inscrireClub') },
  { path: 'mdpOublie', area: 'public', url: fixed('/mdpOublie') },
  { path: 'activation', area: 'public', url: fixed('/activation?token=jeton-qui-n-existe-pas') },
  { path: 'convocation/reponse', area: 'public', url: (d) => d.answerLink },
  { path: 'notifications/desabonnement', area: 'public', url: (d) => d.unsubscribeLink },
  {
    path: 'annonce/lecture',
    area: 'public',
    url: fixed('/annonce/lecture?jeton=lien-qui-n-existe-pas'),
  },
  // A match's public live page (decision 0127): an unknown link says so.
  { path: 'direct/:jeton', area: 'public', url: fixed('/direct/lien-qui-n-existe-pas-0000000000') },
  { path: 'mentions-legales', area: 'public', url: fixed('/mentions-legales') },
  { path: 'cgu', area: 'public', url: fixed('/cgu') },
  { path: 'protection-des-donnees', area: 'public', url: fixed('/protection-des-donnees') },
  { path: 'systeme-de-design', area: 'public', url: fixed('/systeme-de-design') },
  { path: '*', area: 'public', url: fixed('/page-qui-n-existe-pas') },
  { path: ':nomClub/dashboard/*', area: 'signed-in', url: club('dashboard') },
  { path: ':nomClub/membres/*', area: 'signed-in', url: club('membres') },
  { path: ':nomClub/equipes/*', area: 'signed-in', url: club('equipes') },
  { path: ':nomClub/parametre/*', area: 'signed-in', url: club('parametre') },
  { path: ':nomClub/calendrier/*', area: 'signed-in', url: club('calendrier') },
  { path: ':nomClub/profil/*', area: 'signed-in', url: club('profil') },
  { path: ':nomClub/annonces/*', area: 'signed-in', url: club('annonces') },
  { path: ':nomClub/messages/*', area: 'signed-in', url: club('messages') },
  { path: ':nomClub/statistiques/*', area: 'signed-in', url: club('statistiques') },
  { path: ':nomClub/cotisations/*', area: 'signed-in', url: club('cotisations') },
  { path: 'profil', area: 'signed-in', url: fixed('/profil') },
  { path: ':nomClub/:nomEquipe/dashboard/*', area: 'signed-in', url: team('dashboard') },
  { path: ':nomClub/:nomEquipe/parametre/*', area: 'signed-in', url: team('parametre') },
  { path: ':nomClub/:nomEquipe/calendrier/*', area: 'signed-in', url: team('calendrier') },
  { path: ':nomClub/:nomEquipe/membres/*', area: 'signed-in', url: team('membres') },
  { path: ':nomClub/:nomEquipe/matche/*', area: 'signed-in', url: team('matche') },
  {
    path: ':nomClub/:nomEquipe/statistiques/*',
    area: 'signed-in',
    url: team('statistiques'),
  },
];

export const PUBLIC_APP_ROUTES = APP_ROUTES.filter((r) => r.area === 'public');
export const SIGNED_IN_APP_ROUTES = APP_ROUTES.filter((r) => r.area === 'signed-in');

const ROUTER_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../apps/web/src/app/router.tsx',
);

/** Every path declared in the router: `<Route index …>` as '/', `<Route path="…" …>` as written. */
export function routerPaths(): string[] {
  const source = fs.readFileSync(ROUTER_FILE, 'utf8');
  const paths: string[] = [];
  for (const m of source.matchAll(/<Route\b([^>]*?)(?:\/?>)/g)) {
    const attrs = m[1]!;
    if (/\bindex\b/.test(attrs)) paths.push('/');
    const p = /\bpath="([^"]*)"/.exec(attrs);
    if (p) paths.push(p[1]!);
  }
  // The signed-in screens are declared once in a table (path + lazy chunk) that the router maps.
  for (const m of source.matchAll(/\{\s*path:\s*'([^']*)'/g)) paths.push(m[1]!);
  return paths;
}
