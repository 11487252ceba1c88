import { Outlet } from 'react-router';
import { useCurrentMember } from '../../lib/session.ts';
import { SignedInNav } from '../../features/auth/components/signed-in-nav.tsx';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { useClub } from '../../features/settings/api/club.ts';
import { LogoBackground } from '../../features/settings/components/logo-background.tsx';

/** Signed-in layout: the navigation bar of spec §2 above the page (only rendered behind RequireMember). */
export function SignedInLayout() {
  const { data: member } = useCurrentMember();
  const club = useClub(member?.idClub ?? undefined);
  return (
    <ToastProvider>
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      {member ? <SignedInNav member={member} logoUrl={club.data?.logoUrl} /> : null}
      {member ? <LogoBackground clubId={member.idClub} /> : null}
      <Outlet />
    </ToastProvider>
  );
}
