import { useId, useState } from 'react';
import {
  DASHBOARD_MESSAGES,
  ROLE_LABELS,
  memberMatchesSearch,
  normalizeRole,
  type TDashboardMember,
} from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { StatusPill } from '../../../components/ui/status-pill.tsx';

/** The image shown when a member has no avatar (spec §2), served from apps/web/public. */
export const DEFAULT_AVATAR = '/avatar-default.svg';

/**
 * Only a same-origin path can load under the CSP (img-src falls back to 'self'); anything else
 * would be refused by the browser with a console error, so it gets the default image.
 */
export function avatarSrc(avatarUrl: string | null | undefined): string {
  return avatarUrl && avatarUrl.startsWith('/') && !avatarUrl.startsWith('//')
    ? avatarUrl
    : DEFAULT_AVATAR;
}

export function roleLabel(role: string): string {
  const r = normalizeRole(role);
  return r ? ROLE_LABELS[r] : role;
}

/**
 * One member: avatar, name, role and status pill (spec §2). The status (health) is only in the
 * answer for those who may see it (privacy.ts): other families get no pill at all.
 */
export function MemberRow({ member }: { member: TDashboardMember }) {
  return (
    <li className="member-row">
      <img
        className="member-avatar"
        src={avatarSrc(member.avatarUrl)}
        alt=""
        width={40}
        height={40}
        onError={(e) => {
          const img = e.currentTarget;
          if (!img.src.endsWith(DEFAULT_AVATAR)) img.src = DEFAULT_AVATAR;
        }}
      />
      <span className="member-row-name">
        {member.prenom} {member.nom}
      </span>
      <span className="member-row-role">{roleLabel(member.role)}</span>
      {member.statut !== undefined ? <StatusPill statut={member.statut} /> : null}
    </li>
  );
}

interface MemberListProps {
  title: string;
  query: { data?: TDashboardMember[]; isPending: boolean; isError: boolean };
}

/** The team's members with a search box on first or last name (spec §2). */
export function MemberList({ title, query }: MemberListProps) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const shown = (query.data ?? []).filter((m) => memberMatchesSearch(m, search));
  return (
    <section className="dashboard-section" aria-labelledby="dashboard-membres">
      <h2 id="dashboard-membres">{title}</h2>
      <div className="field dashboard-search" role="search">
        <label htmlFor={searchId}>Rechercher un membre (prénom ou nom)</label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
        />
      </div>
      {query.isPending ? (
        <Skeleton rows={4} label="Chargement des membres..." />
      ) : query.isError ? (
        <Alert tone="error">Impossible de charger les membres.</Alert>
      ) : (
        <>
          <p className="visually-hidden" role="status" aria-live="polite">
            {`${shown.length} membre${shown.length > 1 ? 's' : ''}`}
          </p>
          {shown.length > 0 ? (
            <ul className="member-list" aria-label={title}>
              {shown.map((m) => (
                <MemberRow key={m.id} member={m} />
              ))}
            </ul>
          ) : (
            <p className="empty">{DASHBOARD_MESSAGES.noMember}</p>
          )}
        </>
      )}
    </section>
  );
}
