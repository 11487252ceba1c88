import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { forgetLandingNotice, readLandingNotice } from '../../lib/landing-notice.ts';
import { PUBLIC_PAGES } from '../public-pages.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { useJson } from '../../lib/use-json.ts';
import { getHomeStats, getSportStats } from '../../features/public-site/api/home-stats.ts';
import { Icon } from '../../features/public-site/components/icons.tsx';

const STAT_CARDS = [
  { key: 'members', label: 'Membres inscrits' },
  { key: 'clubs', label: 'Clubs actifs' },
  { key: 'equipes', label: 'Équipes' },
] as const;

const REASONS = [
  {
    icon: 'users',
    title: 'Gestion simplifiée',
    text: 'Membres, équipes et rôles réunis au même endroit : chacun voit ce qui le concerne.',
  },
  {
    icon: 'calendar',
    title: 'Planification efficace',
    text: 'Entraînements, matchs et réunions dans un calendrier partagé, avec les convocations.',
  },
  {
    icon: 'chart',
    title: 'Suivi complet',
    text: 'Présences, résultats et scores suivis au fil de la saison, sans tableur.',
  },
] as const;

/** Real screenshots of the demo club (decision 0031), below the fold: lazy, with explicit sizes. */
const SHOTS = [
  {
    src: '/captures/calendrier.webp',
    srcSet: '/captures/calendrier-640.webp 640w, /captures/calendrier.webp 960w',
    sizes: '(min-width: 900px) 720px, 100vw',
    width: 960,
    height: 600,
    alt: "Capture d'écran du calendrier du club en vue mois : entraînements, matchs et réunions de novembre, avec les filtres par type et par équipe",
    caption: 'Le calendrier partagé du club',
    phone: false,
  },
  {
    src: '/captures/membres-mobile.webp',
    srcSet: undefined,
    sizes: undefined,
    width: 360,
    height: 691,
    alt: "Capture d'écran sur téléphone de la liste des membres du club, présentée en cartes",
    caption: 'Les membres, sur téléphone',
    phone: true,
  },
] as const;

/** Landing page of spec §2: hero, live counters, sports, and why choose us. */
export default function LandingPage() {
  usePageMeta(PUBLIC_PAGES.landing);
  const stats = useJson(getHomeStats, 'accueil-stats');
  const sports = useJson(getSportStats, 'accueil-sports');
  // A message left by the page that reloaded here (an account deleted), shown once.
  const [notice] = useState(readLandingNotice);
  useEffect(() => {
    if (notice) forgetLandingNotice();
  }, [notice]);

  return (
    <main id="contenu">
      {notice ? (
        <div className="container">
          <Alert tone="success">{notice}</Alert>
        </div>
      ) : null}
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <div>
            <h1 id="hero-title">Gérez votre équipe sportive comme un pro</h1>
            <p className="hero-lead">
              Membres, équipes, calendrier, convocations et résultats : Club Manager réunit la vie
              de votre club dans une seule application, gratuite.
            </p>
            <div className="hero-actions">
              <Link to="/connexion" className="btn btn-lg">
                Connexion
              </Link>
              <Link to="/inscrireClub" className="btn btn-secondary btn-lg">
                Inscrire mon club
              </Link>
            </div>
          </div>
          <HeroArt />
        </div>
      </section>

      <section className="container section" aria-labelledby="stats-title">
        <h2 id="stats-title">Club Manager en chiffres</h2>
        <ul className="stats" aria-busy={stats.status === 'loading'}>
          {STAT_CARDS.map(({ key, label }) => (
            <li key={key} className="card stat">
              <span className="stat-value">
                {stats.status === 'success' ? `${stats.data[key]}+` : '…'}
              </span>
              <span className="stat-label">{label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="container section" aria-labelledby="sports-title">
        <h2 id="sports-title">Sports disponibles</h2>
        {sports.status === 'loading' ? (
          <p role="status">Chargement...</p>
        ) : sports.status === 'success' && sports.data.length > 0 ? (
          <ul className="sports-list">
            {sports.data.map((s) => (
              <li key={s.sportNom} className="card sport">
                <span className="sport-name">{s.sportNom}</span>
                <span className="sport-count">{s.nombreEquipes} équipes</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Aucun sport disponible.</p>
        )}
      </section>

      <section className="container section" aria-labelledby="shots-title">
        <h2 id="shots-title">Aperçu de l'application</h2>
        <ul className="shots">
          {SHOTS.map((shot) => (
            <li key={shot.src} className={shot.phone ? 'shot shot-phone' : 'shot'}>
              <figure>
                <img
                  src={shot.src}
                  srcSet={shot.srcSet}
                  sizes={shot.sizes}
                  width={shot.width}
                  height={shot.height}
                  alt={shot.alt}
                  loading="lazy"
                  decoding="async"
                />
                <figcaption>{shot.caption}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section className="container section" aria-labelledby="why-title">
        <h2 id="why-title">Pourquoi choisir Club Manager ?</h2>
        <ul className="cards">
          {REASONS.map((r) => (
            <li key={r.title} className="card">
              <span className="card-icon">
                <Icon name={r.icon} />
              </span>
              <h3>{r.title}</h3>
              <p>{r.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

/** The hero illustration: a pitch with players, drawn inline so it costs no request. */
function HeroArt() {
  return (
    <svg
      className="hero-art"
      viewBox="0 0 400 260"
      role="img"
      aria-label="Illustration : un terrain de sport vu de dessus avec deux équipes en place"
    >
      <rect x="10" y="10" width="380" height="240" rx="18" fill="var(--color-success-bg)" />
      <g fill="none" stroke="var(--color-success)" strokeWidth="3">
        <rect x="30" y="30" width="340" height="200" rx="6" />
        <line x1="200" y1="30" x2="200" y2="230" />
        <circle cx="200" cy="130" r="34" />
        <rect x="30" y="85" width="50" height="90" />
        <rect x="320" y="85" width="50" height="90" />
      </g>
      <g fill="currentColor">
        <circle cx="110" cy="80" r="10" />
        <circle cx="140" cy="130" r="10" />
        <circle cx="110" cy="180" r="10" />
        <circle cx="60" cy="130" r="10" />
      </g>
      <g fill="var(--color-warning)">
        <circle cx="290" cy="80" r="10" />
        <circle cx="260" cy="130" r="10" />
        <circle cx="290" cy="180" r="10" />
        <circle cx="340" cy="130" r="10" />
      </g>
      <circle cx="200" cy="130" r="7" fill="var(--color-text)" />
    </svg>
  );
}
