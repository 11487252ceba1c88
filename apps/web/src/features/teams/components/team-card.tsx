import {
  TEAM_RESULT_LABELS,
  eventTitle,
  frenchTime,
  matchName,
  type TTeam,
  type TTeamResult,
  type TTeamSummary,
} from '@club/contract';
import { Link } from 'react-router';
import { Menu } from '../../../components/ui/menu.tsx';
import { teamPath } from '../../../lib/session.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { eventTypeIcon, eventTypeLabel } from '../../../lib/event-type.ts';
import './teams.css';

const RESULT_TONES: Record<TTeamResult, BadgeTone> = {
  V: 'success',
  N: 'neutral',
  D: 'danger',
};

/** '15/03 à 15:00' for '2026-03-15T15:00:00' (the club's wall clock, read as text). */
export function shortDateTime(value: string): string {
  return `${value.slice(8, 10)}/${value.slice(5, 7)} à ${frenchTime(value)}`;
}

function Facts({ summary, teamName }: { summary: TTeamSummary; teamName: string }) {
  const next = summary.prochainEvenement;
  const last = summary.dernierResultat;
  return (
    <>
      {summary.joueurs !== null ? (
        <>
          <dt>Joueurs</dt>
          <dd>{summary.joueurs}</dd>
        </>
      ) : null}
      {summary.entraineurs !== null ? (
        <>
          <dt>Entraîneurs</dt>
          <dd>{summary.entraineurs.length ? summary.entraineurs.join(', ') : 'Aucun'}</dd>
        </>
      ) : null}
      <dt>Prochain</dt>
      <dd>
        {next ? (
          <>
            <span aria-hidden="true">{eventTypeIcon(next.type)} </span>
            {next.adversaire
              ? `${eventTypeLabel(next.type)} : ${matchName({ ...next, equipe: teamName, domicile: next.domicile ?? null })}`
              : eventTitle(next)}
            , le {shortDateTime(next.dateDebut)}
          </>
        ) : (
          'Aucun événement prévu'
        )}
      </dd>
      <dt>Dernier résultat</dt>
      <dd>
        {last ? (
          <>
            <Badge tone={RESULT_TONES[last.resultat]}>{TEAM_RESULT_LABELS[last.resultat]}</Badge>{' '}
            {last.scoreEquipe} – {last.scoreAdversaire}
            {last.adversaire ? ` contre ${last.adversaire}` : ''}
          </>
        ) : (
          'Aucun match joué'
        )}
      </dd>
    </>
  );
}

/**
 * A team card (spec §2, decision 0035): name, category and division, then what a leader looks for —
 * players, coaches, next event, last result (summary: undefined while it loads, null if it
 * failed); edit and delete in the card's menu; with the club's name, links to the team's matches,
 * members and dashboard (a leader reaches every team's scores and convocations from here).
 */
export function TeamCard({
  team,
  summary,
  clubName,
  onEdit,
  onDelete,
}: {
  team: TTeam;
  summary?: TTeamSummary | null;
  clubName?: string;
  onEdit: (team: TTeam) => void;
  onDelete: (team: TTeam) => void;
}) {
  return (
    <li className="card team-card">
      <div className="team-card-head">
        <h2>{team.nom}</h2>
        <Menu
          label={`Actions pour l'équipe ${team.nom}`}
          items={[
            { label: 'Modifier', onSelect: () => onEdit(team) },
            { label: 'Supprimer', onSelect: () => onDelete(team), danger: true },
          ]}
        />
      </div>
      <dl>
        <dt>Catégorie</dt>
        <dd>{team.category ?? team.categorie}</dd>
        <dt>Division</dt>
        <dd>{team.division}</dd>
        {summary ? <Facts summary={summary} teamName={team.nom} /> : null}
      </dl>
      {summary === undefined ? (
        <Skeleton rows={2} label={`Chargement du résumé de l'équipe ${team.nom}...`} />
      ) : null}
      {clubName ? (
        <nav className="team-card-links" aria-label={`Pages de l'équipe ${team.nom}`}>
          <Link className="btn btn-secondary" to={teamPath(clubName, team.nom, 'matche')}>
            Matches
          </Link>
          <Link className="btn btn-secondary" to={teamPath(clubName, team.nom, 'membres')}>
            Membres équipe
          </Link>
          <Link className="btn btn-secondary" to={teamPath(clubName, team.nom, 'dashboard')}>
            Dashboard équipe
          </Link>
          <Link className="btn btn-secondary" to={teamPath(clubName, team.nom, 'statistiques')}>
            Statistiques
          </Link>
        </nav>
      ) : null}
    </li>
  );
}
