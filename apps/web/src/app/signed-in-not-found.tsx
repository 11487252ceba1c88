import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { useCurrentMember } from '../lib/session.ts';
import { homePath } from '../lib/member-teams.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { SignedInLayout } from './layouts/signed-in-layout.tsx';

/** The 404 of a signed-in member, inside the signed-in layout (decision 0084). */
function SignedInNotFoundPage({ home }: { home: string }) {
  useDocumentTitle('Page introuvable');
  return (
    <main id="contenu" className="container page not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Page introuvable</h1>
      <p>La page demandée n’existe pas ou a été déplacée.</p>
      <div className="actions">
        <Link to={home} className="btn">
          Retour au tableau de bord
        </Link>
      </div>
    </main>
  );
}

/** Shows `publicPage` until the session is known, then the signed-in 404 when there is a member. */
function Switch({ publicPage }: { publicPage: ReactNode }) {
  const { data: member } = useCurrentMember();
  if (!member) return <>{publicPage}</>;
  return (
    <SignedInLayout>
      <SignedInNotFoundPage home={homePath(member)} />
    </SignedInLayout>
  );
}

/**
 * An unknown URL opened in a browser that may hold a session (loaded on demand by the router's
 * catch-all route): the member's own 404 inside the signed-in layout, or the public site's 404
 * (`publicPage`) for a visitor or an ended session.
 */
export default function SignedInNotFound({ publicPage }: { publicPage: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Switch publicPage={publicPage} />
    </QueryClientProvider>
  );
}
