import { useState } from 'react';
import {
  ROLE_LABELS,
  editableMemberFields,
  isLeader,
  normalizeRole,
  type TMember,
  type TMemberEditParty,
} from '@club/contract';
import { StatusPill } from '../../../components/ui/status-pill.tsx';
import { editParty, teamsOf } from '../../../lib/member-teams.ts';
import { dash, frenchDate } from './format.ts';
import './members.css';

/** Rows drawn at first; more on request, so that a club of thousands stays fluid. */
export const ROWS_STEP = 200;

export function roleLabel(role: string) {
  const r = normalizeRole(role);
  return r ? ROLE_LABELS[r] : role;
}

interface Props {
  members: TMember[];
  actor: TMemberEditParty;
  onEdit: (member: TMember) => void;
  onDelete: (member: TMember) => void;
  onResend: (member: TMember) => void;
  resendingId?: number | null;
}

/** The club members table of spec §2, with the invitation state for leaders. */
/** A DIRIGEANT or RESPONSABLE is removed only by a DIRIGEANT (the server refuses it too). */
function mayDelete(actor: TMemberEditParty, m: TMember) {
  return normalizeRole(actor.role) === 'DIRIGEANT' || !isLeader(m.role);
}

export function MembersTable({ members, actor, onEdit, onDelete, onResend, resendingId }: Props) {
  const [shown, setShown] = useState(ROWS_STEP);
  const rows = members.slice(0, shown);
  return (
    <>
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Liste des membres du club">
        <table className="table table-sticky">
          <thead>
            <tr>
              <th scope="col">Nom</th>
              <th scope="col">Prénom</th>
              <th scope="col">Date de naissance</th>
              <th scope="col">Genre</th>
              <th scope="col">Email</th>
              <th scope="col">Téléphone</th>
              <th scope="col">N° Licence</th>
              <th scope="col">Rôle</th>
              <th scope="col">Équipe</th>
              <th scope="col">Statut</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <tr key={m.id}>
                <th scope="row">{m.nom}</th>
                <td>{m.prenom}</td>
                <td>{frenchDate(m.dateDeNaissance)}</td>
                <td>{dash(m.genre)}</td>
                <td>{m.email}</td>
                <td>{dash(m.numeroTelephone)}</td>
                <td>{dash(m.numeroLicence)}</td>
                <td>
                  {roleLabel(m.role)}
                  {m.enfants && m.enfants.length > 0 ? (
                    <span className="member-links">
                      Enfants : {m.enfants.map((c) => `${c.prenom} ${c.nom}`).join(', ')}
                    </span>
                  ) : null}
                </td>
                {/* Every team, the primary one first (issue 8). */}
                <td>
                  {dash(
                    teamsOf(m)
                      .map((t) => t.nom)
                      .join(', '),
                  )}
                </td>
                <td>
                  <StatusPill statut={m.statut} />
                  {m.invitationEnAttente ? (
                    <div className="invite-flag">
                      <span aria-hidden="true">✉</span> Compte non activé
                    </div>
                  ) : null}
                </td>
                <td>
                  <div className="row-actions">
                    {editableMemberFields(actor, editParty(m)).size > 0 ? (
                      <button
                        type="button"
                        className="btn btn-sm btn-secondary"
                        onClick={() => onEdit(m)}
                        aria-label={`Modifier ${m.prenom} ${m.nom}`}
                      >
                        Modifier
                      </button>
                    ) : null}
                    {mayDelete(actor, m) ? (
                      <button
                        type="button"
                        className="btn btn-sm btn-danger"
                        onClick={() => onDelete(m)}
                        aria-label={`Supprimer ${m.prenom} ${m.nom}`}
                      >
                        Supprimer
                      </button>
                    ) : null}
                    {m.invitationEnAttente ? (
                      <button
                        type="button"
                        className="btn btn-sm btn-ghost"
                        onClick={() => onResend(m)}
                        disabled={resendingId === m.id}
                        aria-label={`Renvoyer l'invitation à ${m.prenom} ${m.nom}`}
                      >
                        Renvoyer l'invitation
                      </button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {members.length > shown ? (
        <div className="more-rows">
          <span className="muted">
            {shown} sur {members.length} membres affichés
          </span>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => setShown((n) => n + ROWS_STEP)}
          >
            Afficher plus
          </button>
        </div>
      ) : null}
    </>
  );
}
