import { Outlet } from 'react-router';
import { useCurrentMember } from '../../lib/session.ts';

// Minimal signed-in layout; the accounts work builds the navigation bar of spec §2.
export function SignedInLayout() {
  const { data: member } = useCurrentMember();
  return (
    <>
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <header className="container">
        <strong>{member?.nomClub}</strong>
      </header>
      <Outlet />
    </>
  );
}
