import { Link, NavLink, Outlet } from 'react-router';

// Minimal public layout; the public-site work fills in the burger menu and the full footer.
export function PublicLayout() {
  return (
    <>
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <header className="container">
        <nav aria-label="Navigation principale">
          <Link to="/">Club Manager</Link> <NavLink to="/fonctionnalites">Fonctionnalités</NavLink>{' '}
          <NavLink to="/connexion">Se connecter</NavLink>{' '}
          <NavLink to="/inscrireClub">Inscrire un club</NavLink>
        </nav>
      </header>
      <Outlet />
      <footer className="container">© 2024</footer>
    </>
  );
}
