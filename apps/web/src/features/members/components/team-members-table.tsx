import { editableMemberFields, type TMember, type TMemberEditParty } from '@club/contract';
import { StatusPill } from '../../../components/ui/status-pill.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { CardList } from '../../../components/ui/card-list.tsx';
import { Menu } from '../../../components/ui/menu.tsx';
import { Table } from '../../../components/ui/table.tsx';
import { useNarrow } from '../../../components/ui/use-media-query.ts';
import { editParty } from '../../../lib/member-teams.ts';
import { dash } from './format.ts';
import { DetailList, DetailsDisclosure, teamMemberDetails } from './member-details.tsx';
import { roleLabel } from './members-table.tsx';
import { ExpandableMemberRow, useExpandedRows } from './expandable-row.tsx';
import './members.css';

const fullName = (m: TMember) => `${m.prenom} ${m.nom}`;
const shirt = (m: TMember) =>
  [m.numero ? `n° ${m.numero}` : null, m.poste].filter(Boolean).join(' · ');

/**
 * The team members list of spec §2 ('-' for an empty value), issue 15: from 640 px a table of
 * name, role, status, phone, number and position, the rest behind the name; below, cards.
 */
export function TeamMembersTable({
  members,
  actor,
  onEdit,
}: {
  members: TMember[];
  actor: TMemberEditParty;
  onEdit: (member: TMember) => void;
}) {
  const narrow = useNarrow();
  const rows = useExpandedRows();
  // A coach edits the players of any of their teams (issue 8): every team counts.
  const menuOf = (m: TMember) =>
    editableMemberFields(actor, editParty(m)).size > 0 ? (
      <Menu
        label={`Actions pour ${fullName(m)}`}
        items={[{ label: 'Modifier', onSelect: () => onEdit(m) }]}
      />
    ) : null;

  if (narrow)
    return (
      <CardList
        label="Membres de l'équipe"
        headingLevel={2}
        items={members.map((m) => ({
          key: m.id,
          leading: <Avatar name={fullName(m)} src={m.avatarUrl} />,
          title: `${dash(m.prenom)} ${dash(m.nom)}`,
          subtitle: [m.role ? roleLabel(m.role) : '-', shirt(m)].filter(Boolean).join(' · '),
          badges: <StatusPill statut={m.statut} />,
          facts: [{ label: 'Téléphone', value: dash(m.numeroTelephone) }],
          actions: menuOf(m),
          more: <DetailsDisclosure items={teamMemberDetails(m)} />,
        }))}
      />
    );

  return (
    <Table
      label="Membres de l'équipe"
      headers={[
        'Nom',
        'Rôle',
        'Statut',
        'Téléphone',
        'Numéro',
        'Poste',
        { label: 'Actions', hidden: true },
      ]}
    >
      {members.map((m) => (
        <ExpandableMemberRow
          key={m.id}
          member={m}
          name={`${dash(m.nom)} ${dash(m.prenom)}`}
          detailId={`equipier-${m.id}-detail`}
          open={rows.isOpen(m.id)}
          onToggle={() => rows.toggle(m.id)}
          colSpan={7}
          details={<DetailList items={teamMemberDetails(m)} />}
        >
          <td>{m.role ? roleLabel(m.role) : '-'}</td>
          <td>
            <StatusPill statut={m.statut} />
          </td>
          <td>{dash(m.numeroTelephone)}</td>
          <td>{dash(m.numero)}</td>
          <td>{dash(m.poste)}</td>
          <td>{menuOf(m) ?? '-'}</td>
        </ExpandableMemberRow>
      ))}
    </Table>
  );
}
