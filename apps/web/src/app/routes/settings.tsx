import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCurrentMember } from '../../lib/session.ts';
import { SettingsPage as Settings } from '../../features/settings/components/settings-page.tsx';

/** /{nomClub}/parametre and /{nomClub}/{nomEquipe}/parametre — Paramètres (spec §2). */
export default function SettingsPage() {
  useDocumentTitle('Paramètres');
  const { data: member } = useCurrentMember();
  return (
    <main id="contenu" className="container page">
      <h1>Paramètres</h1>
      {member ? <Settings member={member} /> : null}
    </main>
  );
}
