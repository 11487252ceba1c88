import type { ReactNode } from 'react';

/** Spec §2 / §9: the legal pages are dated 5 October 2025. */
export const LEGAL_UPDATED = '5 octobre 2025';

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="contenu" className="container page prose">
      <h1>{title}</h1>
      <p className="updated">
        Dernière mise à jour : <time dateTime="2025-10-05">{LEGAL_UPDATED}</time>
      </p>
      {children}
    </main>
  );
}
