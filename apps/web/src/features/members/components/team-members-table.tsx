import { editableMemberFields, type TMember, type TMemberEditParty } from '@club/contract';
import { StatusPill } from '../../../components/ui/status-pill.tsx';
import { editParty } from '../../../lib/member-teams.ts';
import { dash, frenchDate } from './format.ts';
import { roleLabel } from './members-table.tsx';
import './members.css';

/** The team members table of spec §2: every column, '-' for an empty value, 'Modifier' where allowed. */
export function TeamMembersTable({
  members,
  actor,
  onEdit,
}: {
  members: TMember[];
  actor: TMemberEditParty;
  onEdit: (member: TMember) => void;
}) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Membres de l'équipe">
      <table className="table table-sticky">
        <thead>
          <tr>
            {[
              'Nom',
              'Prénom',
              'Date de naissance',
              'Genre',
              'Email',
              'Téléphone',
              'N° Licence',
              'Rôle',
              'Statut',
              'Taille',
              'Poids',
              'Numéro',
              'Poste',
              'Actions',
            ].map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {members.map((m) => {
            // A coach edits the players of any of their teams (issue 8): every team counts.
            const canEdit = editableMemberFields(actor, editParty(m)).size > 0;
            return (
              <tr key={m.id}>
                <th scope="row">{dash(m.nom)}</th>
                <td>{dash(m.prenom)}</td>
                <td>{frenchDate(m.dateDeNaissance)}</td>
                <td>{dash(m.genre)}</td>
                <td>{dash(m.email)}</td>
                <td>{dash(m.numeroTelephone)}</td>
                <td>{dash(m.numeroLicence)}</td>
                <td>{m.role ? roleLabel(m.role) : '-'}</td>
                <td>
                  <StatusPill statut={m.statut} />
                </td>
                <td>{dash(m.taille)}</td>
                <td>{dash(m.poids)}</td>
                <td>{dash(m.numero)}</td>
                <td>{dash(m.poste)}</td>
                <td>
                  {canEdit ? (
                    <button
                      type="button"
                      className="btn btn-sm btn-secondary"
                      onClick={() => onEdit(m)}
                      aria-label={`Modifier ${m.prenom} ${m.nom}`}
                    >
                      Modifier
                    </button>
                  ) : (
                    '-'
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
