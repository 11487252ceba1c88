import { useState } from 'react';
import { PAGE_LABELS } from '@club/contract';
import { homePath } from '../../../lib/member-teams.ts';
import { storedAccountClubs } from '../account-clubs.ts';
import { switchClub } from '../api/auth-api.ts';

/**
 * The header's club switcher of an account in several clubs (docs/decisions/0112): POST
 * /auth/club, then the chosen club's home (the login's landing for that member: the club
 * dashboard, or their team's) is loaded afresh (every cache is the club's). Nothing for an
 * account in one club.
 */
export function ClubSwitcher({ idClub }: { idClub: number }) {
  const [clubs] = useState(storedAccountClubs);
  const [busy, setBusy] = useState(false);
  if (clubs.length < 2) return null;
  return (
    <select
      className="app-nav-club-switcher"
      aria-label={PAGE_LABELS.switchClub}
      title={PAGE_LABELS.switchClub}
      value={idClub}
      disabled={busy}
      onChange={(e) => {
        const target = Number(e.target.value);
        if (target === idClub) return;
        setBusy(true);
        switchClub(target)
          .then((info) => window.location.assign(homePath(info)))
          .catch(() => setBusy(false));
      }}
    >
      {clubs.map((c) => (
        <option key={c.idClub} value={c.idClub}>
          {c.nomClub}
        </option>
      ))}
    </select>
  );
}
