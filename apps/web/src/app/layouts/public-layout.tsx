import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { BURGER_AUTO_CLOSE_WIDTH } from '@club/contract';
import { SocialLinks } from '../../features/public-site/components/social-links.tsx';
import { useSiteInfo } from '../../features/public-site/hooks/use-site-info.ts';
// Its styles (styles/public.css) are imported by main.tsx, in the entry stylesheet.

const MENU_ID = 'menu-principal';

const NAV = [
  { to: '/', label: 'Accueil' },
  { to: '/fonctionnalites', label: 'Fonctionnalités' },
  { to: '/contact', label: 'Contact' },
  { to: '/connexion', label: 'Se connecter' },
  { to: '/inscrireClub', label: 'Inscrire un club', cta: true },
];

/** Public layout of spec §2: top bar with a burger menu, the page (the route's, or `children`), and the footer. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const site = useSiteInfo();

  // Spec §9: the menu closes by itself when the window becomes wider than 1024 px.
  useEffect(() => {
    const onResize = () => {
      if (window.innerWidth > BURGER_AUTO_CLOSE_WIDTH) setOpen(false);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  // Marks the page as interactive (prerendered HTML is shown before the scripts run).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  // Closing on navigation covers every link (and back/forward).
  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <header className="site-header">
        <div className="container site-header-inner">
          <Link to="/" className="brand" aria-label="Club Manager — accueil">
            <BrandMark />
            <span>Club Manager</span>
          </Link>
          <button
            type="button"
            className="burger"
            aria-expanded={open}
            aria-controls={MENU_ID}
            aria-label={open ? 'Fermer le menu' : 'Ouvrir le menu'}
            onClick={() => setOpen((o) => !o)}
          >
            <span className="burger-bars" aria-hidden="true" />
          </button>
          <nav
            id={MENU_ID}
            className={`site-nav${open ? ' is-open' : ''}`}
            aria-label="Navigation principale"
          >
            <ul>
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink
                    // /accueil is the landing page too: its link is then the active one.
                    to={item.to === '/' && pathname === '/accueil' ? '/accueil' : item.to}
                    end
                    className={({ isActive }) =>
                      ['nav-link', item.cta ? 'nav-cta' : '', isActive ? 'active' : '']
                        .filter(Boolean)
                        .join(' ')
                    }
                    onClick={() => setOpen(false)}
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      {children ?? <Outlet />}
      <footer className="site-footer">
        <div className="container footer-grid">
          <section className="footer-brand" aria-labelledby="footer-brand-title">
            <h2 id="footer-brand-title" className="footer-title">
              <BrandMark /> Club Manager
            </h2>
            <p>
              La gestion de club sportif, simple et gratuite : membres, équipes, calendrier et
              matchs.
            </p>
            <SocialLinks social={site.data?.social ?? null} />
          </section>
          <nav className="footer-col" aria-labelledby="footer-nav-title">
            <h2 id="footer-nav-title" className="footer-title">
              Navigation rapide
            </h2>
            <ul>
              <li>
                <Link to="/">Accueil</Link>
              </li>
              <li>
                <Link to="/fonctionnalites">Fonctionnalités</Link>
              </li>
              <li>
                <Link to="/tarifs">Tarifs</Link>
              </li>
              <li>
                <Link to="/connexion">Se connecter</Link>
              </li>
              <li>
                <Link to="/inscrireClub">Inscrire un club</Link>
              </li>
            </ul>
          </nav>
          <section className="footer-col" aria-labelledby="footer-about-title">
            <h2 id="footer-about-title" className="footer-title">
              À propos
            </h2>
            <p>Un projet scolaire personnel, né sur les terrains de sport amateur.</p>
            <ul>
              <li>
                <Link to="/apropos">Qui suis-je ?</Link>
              </li>
            </ul>
          </section>
          <section className="footer-col" aria-labelledby="footer-contact-title">
            <h2 id="footer-contact-title" className="footer-title">
              Contact
            </h2>
            <p>Une question ou une idée pour votre club ?</p>
            <Link to="/contact" className="btn btn-footer">
              Nous contacter
            </Link>
          </section>
        </div>
        <div className="footer-bottom">
          <div className="container footer-bottom-inner">
            <p>© 2024 Club Manager</p>
            <ul className="legal-links" aria-label="Informations légales">
              <li>
                <Link to="/mentions-legales">Mentions légales</Link>
              </li>
              <li>
                <Link to="/cgu">CGU</Link>
              </li>
              <li>
                <Link to="/protection-des-donnees">Protection des données</Link>
              </li>
            </ul>
          </div>
        </div>
      </footer>
    </>
  );
}

/** The logo: a ball in a shield, drawn inline (no request). */
function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
      <path d="M16 2 4 6v9c0 7.5 5.1 12.9 12 15 6.9-2.1 12-7.5 12-15V6L16 2Z" fill="currentColor" />
      <circle cx="16" cy="15" r="6.5" fill="var(--color-surface)" />
      <path d="m16 11.5 3 2.2-1.1 3.5h-3.8L13 13.7l3-2.2Z" fill="currentColor" />
    </svg>
  );
}
