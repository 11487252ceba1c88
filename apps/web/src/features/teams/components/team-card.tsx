import type { TTeam } from '@club/contract';
import { Menu } from '../../../components/ui/menu.tsx';
import './teams.css';

/** A team card of spec §2: name, category and division; edit and delete in the card's menu. */
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
      </dl>
    </li>
  );
}
