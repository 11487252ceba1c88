import { useEffect, useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DASHBOARD_MESSAGES, TEAMS_MESSAGES, teamLabel } from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDashboardHome, useDashboardMembers, useTeamTodayEvents } from '../api/dashboard.ts';
import { clubPath } from '../../../lib/session.ts';
import { EventList } from './event-list.tsx';
import { HomeSections } from './home-sections.tsx';
import { MemberList } from './member-list.tsx';

export interface DashboardTeam {
  id: number;
  nom: string;
  division?: string | null;
  categorie?: string | null;
}

interface LeaderDashboardProps {
  nomClub: string;
  /** Who is signed in, to remember their last chosen team per club and member. */
  idClub: number | null;
  idMembre: number;
  teams: { data?: DashboardTeam[]; isPending: boolean; isError: boolean };
  /** Sections the app layer adds under the title (the announcements). */
  children?: ReactNode;
  /** At the end of the page (a part that arrives late shifts nothing below it). */
  after?: ReactNode;
}

/** The local-storage key of a leader's last chosen team (per club and member). */
export function lastTeamKey(idClub: number | null, idMembre: number): string {
  return `dashboardEquipe:${idClub ?? 'aucun'}:${idMembre}`;
}

function readLastTeam(key: string): number | null {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function writeLastTeam(key: string, id: number | null): void {
  try {
    if (id === null) localStorage.removeItem(key);
    else localStorage.setItem(key, String(id));
  } catch {
    /* storage unavailable: the choice is only not remembered */
  }
}

/** The first team by name, French collation ('Équipe B' between 'Equipe A' and 'Equipe C'). */
export function firstTeamByName<T extends { nom: string }>(list: readonly T[]): T | null {
  return (
    [...list].sort((a, b) => a.nom.localeCompare(b.nom, 'fr', { sensitivity: 'base' }))[0] ?? null
  );
}

/**
 * The club dashboard of DIRIGEANT and RESPONSABLE (spec §2): a team selector, that team's events
 * of today and its members. A chosen team lives in the URL (?equipe=id) so that a reload or a
 * shared link keeps it; without one the dashboard opens on the leader's last chosen team (local
 * storage, per club and member) or else the first team by name — the only team when there is one
 * (spec §2). Choosing '— Choisir une équipe —' (?equipe= empty) shows 'Sélectionnez une équipe.'.
 */
export function LeaderDashboard({
  nomClub,
  idClub,
  idMembre,
  teams,
  children,
  after,
}: LeaderDashboardProps) {
  const home = useDashboardHome();
  const [params, setParams] = useSearchParams();
  const selectId = useId();
  const list = teams.data ?? [];
  const storageKey = lastTeamKey(idClub, idMembre);
  const raw = params.get('equipe');
  const byId = (id: number | null) => (id === null ? undefined : list.find((t) => t.id === id));
  const selected =
    raw === ''
      ? null
      : raw !== null
        ? (byId(Number(raw)) ?? null)
        : (byId(readLastTeam(storageKey)) ?? firstTeamByName(list));
  const teamId = selected?.id ?? null;
  const events = useTeamTodayEvents(teamId);
  const members = useDashboardMembers(teamId);

  // A stale ?equipe= (a deleted team) is dropped rather than kept in the address bar.
  useEffect(() => {
    if (teams.data && params.get('equipe') && !selected) {
      const next = new URLSearchParams(params);
      next.delete('equipe');
      setParams(next, { replace: true });
    }
  }, [teams.data, params, selected, setParams]);

  const choose = (value: string) => {
    const next = new URLSearchParams(params);
    next.set('equipe', value);
    writeLastTeam(storageKey, value ? Number(value) : null);
    setParams(next, { replace: true });
  };

  return (
    <main id="contenu" className="container page dashboard">
      <h1>Tableau de bord</h1>
      <p className="muted dashboard-club">{nomClub}</p>
      {children}
      <HomeSections nomClub={nomClub} calendarPath={clubPath(nomClub, 'calendrier')} leader />
      {/* The team part waits for the sections above (the same request as theirs): drawn under
          their placeholder, it was pushed down when they arrived (a layout shift, bench/README.md). */}
      {home.isPending ? null : (
        <>
          {teams.isPending ? (
            <div className="dashboard-team-select" aria-busy="true">
              <Skeleton rows={1} label="Chargement des équipes..." />
            </div>
          ) : teams.isError ? (
            <Alert tone="error">Impossible de charger les équipes.</Alert>
          ) : (
            <div className="field dashboard-team-select">
              <label htmlFor={selectId}>Équipe</label>
              <select id={selectId} value={teamId ?? ''} onChange={(e) => choose(e.target.value)}>
                {list.length !== 1 ? <option value="">— Choisir une équipe —</option> : null}
                {list.map((t) => (
                  <option key={t.id} value={t.id}>
                    {teamLabel(t, t.id)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {selected ? (
            <div className="dashboard-grid">
              <EventList
                title={`Événements du jour · ${selected.nom}`}
                query={events}
                emptyText={DASHBOARD_MESSAGES.noEventToday}
                loadingRows={1}
              />
              <MemberList key={selected.id} title={`Membres · ${selected.nom}`} query={members} />
            </div>
          ) : teams.data ? (
            <p className="empty dashboard-select-team">
              {list.length === 0 ? TEAMS_MESSAGES.empty : DASHBOARD_MESSAGES.selectTeam}
            </p>
          ) : null}
        </>
      )}
      {after}
    </main>
  );
}
