import { useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { OfflineBanner } from '../../components/ui/offline-banner.tsx';
import { setAfterReplay } from '../../lib/offline-outbox.ts';
import { warmOfflineData } from '../../lib/offline-warmup.ts';
import { queryClient } from '../../lib/query-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useLiveStream } from '../../lib/live-stream.ts';
import { registerServiceWorker } from '../../lib/service-worker.ts';
import { useCurrentMember } from '../../lib/session.ts';
import { SignedInNav } from '../../features/auth/components/signed-in-nav.tsx';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { useClub } from '../../features/settings/api/club.ts';
import { LogoBackground } from '../../features/settings/components/logo-background.tsx';

/**
 * Signed-in layout: the navigation bar of spec §2 above the page (the route's, or `children`: the
 * signed-in 404). Only rendered for a signed-in member (behind RequireMember, or by the 404).
 */
export function SignedInLayout({ children }: { children?: ReactNode }) {
  const { data: member } = useCurrentMember();
  const club = useClub(member?.idClub ?? undefined);
  // One live stream per tab: what others change appears without a reload (lib/live-stream.ts).
  useLiveStream(member?.id);
  // The installable app and its offline mode start here, not on the public pages (decision 0005).
  useEffect(() => {
    if (!member) return;
    void registerServiceWorker().then(async (registration) => {
      if (!registration) return;
      await navigator.serviceWorker.ready;
      // The first time, the worker takes control of the page a moment after it is ready.
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) => {
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
          setTimeout(resolve, 5_000);
        });
      await warmOfflineData(member).catch(() => undefined);
    });
  }, [member]);
  // Writes sent again after a loss of network: the screens read the server's state again.
  useEffect(() => {
    setAfterReplay(() => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.matches.all });
    });
    return () => setAfterReplay(null);
  }, []);
  return (
    <ToastProvider>
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      {member ? <SignedInNav member={member} logoUrl={club.data?.logoUrl} /> : null}
      {member ? <OfflineBanner memberId={member.id} /> : null}
      {member ? <LogoBackground clubId={member.idClub} /> : null}
      {children ?? <Outlet />}
    </ToastProvider>
  );
}
