import { useEffect, useId } from 'react';
import { useSearchParams } from 'react-router';
import { DASHBOARD_MESSAGES, TEAMS_MESSAGES, teamLabel } from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useDashboardMembers, useTeamTodayEvents } from '../api/dashboard.ts';
import { EventList } from './event-list.tsx';
import { MemberList } from './member-list.tsx';

export interface DashboardTeam {
  id: number;
  nom: string;
  division?: string | null;
  categorie?: string | null;
}

interface LeaderDashboardProps {
  nomClub: string;
  teams: { data?: DashboardTeam[]; isPending: boolean; isError: boolean };
}

/**
 * The club dashboard of DIRIGEANT and RESPONSABLE (spec §2): a team selector (the only team is
 * chosen by itself), that team's events of today and its members. The choice lives in the URL
 * (?equipe=id) so that a reload or a shared link keeps it.
 */
export function LeaderDashboard({ nomClub, teams }: LeaderDashboardProps) {
  const [params, setParams] = useSearchParams();
  const selectId = useId();
  const list = teams.data ?? [];
  const wanted = Number(params.get('equipe'));
  const selected = list.find((t) => t.id === wanted) ?? (list.length === 1 ? list[0]! : null);
  const teamId = selected?.id ?? null;
  const events = useTeamTodayEvents(teamId);
  const members = useDashboardMembers(teamId);

  // A stale ?equipe= (a deleted team) is dropped rather than kept in the address bar.
  useEffect(() => {
    if (teams.data && params.has('equipe') && !selected) {
      const next = new URLSearchParams(params);
      next.delete('equipe');
      setParams(next, { replace: true });
    }
  }, [teams.data, params, selected, setParams]);

  const choose = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('equipe', value);
    else next.delete('equipe');
    setParams(next, { replace: true });
  };

  return (
    <main id="contenu" className="container page dashboard">
      <h1>Tableau de bord</h1>
      <p className="muted dashboard-club">{nomClub}</p>
      {teams.isPending ? (
        <Loading label="Chargement des équipes..." />
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
          />
          <MemberList key={selected.id} title={`Membres · ${selected.nom}`} query={members} />
        </div>
      ) : teams.data ? (
        <p className="empty dashboard-select-team">
          {list.length === 0 ? TEAMS_MESSAGES.empty : DASHBOARD_MESSAGES.selectTeam}
        </p>
      ) : null}
    </main>
  );
}
