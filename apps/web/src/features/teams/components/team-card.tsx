import type { TTeam } from '@club/contract';
import './teams.css';

/** A team card of spec §2: name, category and division, with edit and delete. */
export function TeamCard({
  team,
  onEdit,
  onDelete,
}: {
  team: TTeam;
  onEdit: (team: TTeam) => void;
  onDelete: (team: TTeam) => void;
}) {
  return (
    <li className="card team-card">
      <h2>{team.nom}</h2>
      <dl>
        <dt>Catégorie</dt>
        <dd>{team.category ?? team.categorie}</dd>
        <dt>Division</dt>
        <dd>{team.division}</dd>
      </dl>
      <div className="actions">
        <button
          type="button"
          className="btn btn-sm btn-secondary"
          onClick={() => onEdit(team)}
          aria-label={`Modifier l'équipe ${team.nom}`}
        >
          Modifier
        </button>
        <button
          type="button"
          className="btn btn-sm btn-danger"
          onClick={() => onDelete(team)}
          aria-label={`Supprimer l'équipe ${team.nom}`}
        >
          Supprimer
        </button>
      </div>
    </li>
  );
}
