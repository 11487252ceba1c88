import { useState } from 'react';
import {
  editableMemberFields,
  isLeader,
  normalizeRole,
  personName,
  roleLabel as glossaryRoleLabel,
  type TMember,
  type TMemberEditParty,
} from '@club/contract';
import { StatusPill } from '../../../components/ui/status-pill.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { CardList } from '../../../components/ui/card-list.tsx';
import { Menu, type MenuItem } from '../../../components/ui/menu.tsx';
import { Table } from '../../../components/ui/table.tsx';
import { useNarrow } from '../../../components/ui/use-media-query.ts';
import { editParty, teamsOf } from '../../../lib/member-teams.ts';
import { dash, phone } from './format.ts';
import { DetailList, DetailsDisclosure, clubMemberDetails } from './member-details.tsx';
import { ExpandableMemberRow, useExpandedRows } from './expandable-row.tsx';
import './members.css';
import { Mail } from 'lucide-react';
import { Icon } from '../../../components/ui/icon.tsx';

/** Rows drawn at first; more on request, so that a club of thousands stays fluid. */
export const ROWS_STEP = 200;

/** The role's word ('Joueur'), from the glossary of the contract. */
export const roleLabel = (role: string) => glossaryRoleLabel(role);

interface Props {
  members: TMember[];
  actor: TMemberEditParty;
  onEdit: (member: TMember) => void;
  onDelete: (member: TMember) => void;
  onResend: (member: TMember) => void;
  resendingId?: number | null;
}

/** A DIRIGEANT or RESPONSABLE is removed only by a DIRIGEANT (the server refuses it too). */
function mayDelete(actor: TMemberEditParty, m: TMember) {
  // One's own account goes from the profile ("Supprimer mon compte"): the server refuses it here.
  if (m.id === actor.id) return false;
  return normalizeRole(actor.role) === 'DIRIGEANT' || !isLeader(m.role);
}

/** 'Prénom Nom' everywhere, the tables too (sorted by last name all the same). */
const fullName = personName;
const teamNames = (m: TMember) =>
  dash(
    teamsOf(m)
      .map((t) => t.nom)
      .join(', '),
  );

function Status({ m }: { m: TMember }) {
  return (
    <>
      <StatusPill statut={m.statut} />
      {m.invitationEnAttente ? (
        <div className="invite-flag">
          <Icon as={Mail} /> Compte non activé
        </div>
      ) : null}
    </>
  );
}

/**
 * The club members list (spec §2, decision 0031). From 640 px a table of what a leader needs first
 * — name, role, team, status, phone — with the rest one click away (the name opens the details
 * row); below, one card per member. Actions sit in a row menu; deleting is the last, in the danger
 * colour.
 */
export function MembersTable({ members, actor, onEdit, onDelete, onResend, resendingId }: Props) {
  const [shown, setShown] = useState(ROWS_STEP);
  const expandable = useExpandedRows();
  const narrow = useNarrow();
  const rows = members.slice(0, shown);

  const actionsOf = (m: TMember): MenuItem[] => {
    const items: MenuItem[] = [];
    if (editableMemberFields(actor, editParty(m)).size > 0)
      items.push({ label: 'Modifier', onSelect: () => onEdit(m) });
    if (m.invitationEnAttente)
      items.push({
        label: "Renvoyer l'invitation",
        onSelect: () => onResend(m),
        disabled: resendingId === m.id,
      });
    if (mayDelete(actor, m))
      items.push({ label: 'Supprimer', onSelect: () => onDelete(m), danger: true });
    return items;
  };
  const menuOf = (m: TMember) => {
    const items = actionsOf(m);
    return items.length > 0 ? <Menu label={`Actions pour ${fullName(m)}`} items={items} /> : null;
  };

  return (
    <>
      {narrow ? (
        <CardList
          label="Liste des membres du club"
          headingLevel={2}
          items={rows.map((m) => ({
            key: m.id,
            leading: <Avatar name={fullName(m)} src={m.avatarUrl} />,
            title: fullName(m),
            subtitle: `${roleLabel(m.role)} · ${teamNames(m)}`,
            badges: <Status m={m} />,
            facts: [
              { label: 'Catégorie', value: dash(m.categorie) },
              { label: 'Téléphone', value: phone(m.numeroTelephone) },
            ],
            actions: menuOf(m),
            more: <DetailsDisclosure items={clubMemberDetails(m)} />,
          }))}
        />
      ) : (
        <Table
          label="Liste des membres du club"
          headers={[
            'Nom',
            'Rôle',
            'Équipe',
            'Catégorie',
            'Statut',
            'Téléphone',
            { label: 'Actions', hidden: true },
          ]}
        >
          {rows.map((m) => (
            <ExpandableMemberRow
              key={m.id}
              member={m}
              name={fullName(m)}
              detailId={`membre-${m.id}-detail`}
              open={expandable.isOpen(m.id)}
              onToggle={() => expandable.toggle(m.id)}
              colSpan={7}
              details={<DetailList items={clubMemberDetails(m)} />}
            >
              <td>{roleLabel(m.role)}</td>
              {/* Every team, the primary one first (decision 0012). */}
              <td>{teamNames(m)}</td>
              {/* The age category of the club's season (contract season.ts). */}
              <td>{dash(m.categorie)}</td>
              <td>
                <Status m={m} />
              </td>
              <td>{phone(m.numeroTelephone)}</td>
              <td>{menuOf(m)}</td>
            </ExpandableMemberRow>
          ))}
        </Table>
      )}
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
