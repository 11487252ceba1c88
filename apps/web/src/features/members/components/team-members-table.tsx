import { editableMemberFields, type TMember, type TMemberEditParty } from '@club/contract';
import { StatusPill } from '../../../components/ui/status-pill.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { CardList } from '../../../components/ui/card-list.tsx';
import { Menu } from '../../../components/ui/menu.tsx';
import { Table } from '../../../components/ui/table.tsx';
import { useNarrow } from '../../../components/ui/use-media-query.ts';
import { editParty } from '../../../lib/member-teams.ts';
import { dash, phone } from './format.ts';
import { DetailList, DetailsDisclosure, teamMemberDetails } from './member-details.tsx';
import { roleLabel } from './members-table.tsx';
import { ExpandableMemberRow, useExpandedRows } from './expandable-row.tsx';
import './members.css';

const fullName = (m: TMember) => `${m.prenom} ${m.nom}`;
const shirt = (m: TMember) =>
  [m.numero ? `n° ${m.numero}` : null, m.poste].filter(Boolean).join(' · ');

/** A column whose field every listed member carries; otherwise the reader simply has no such column. */
const everyRowHas = (members: readonly TMember[], field: 'statut' | 'numeroTelephone') =>
  members.length > 0 && members.every((m) => m[field] !== undefined);

/**
 * The team members list of spec §2 ('-' for an empty value): from 640 px a table of
 * name, role, status, phone, number and position, the rest behind the name; below, cards. What
 * the reader may not see (privacy.ts: other families see no status, and only the contact details
 * of coaches and of adults who share them) is not in the answer: a column shows only when every
 * member carries its field (a player or a parent gets no status column), and the details list
 * only what is there.
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
  const statusColumn = everyRowHas(members, 'statut');
  const phoneColumn = everyRowHas(members, 'numeroTelephone');
  // A coach edits the players of any of their teams (decision 0012): every team counts.
  const menuOf = (m: TMember) =>
    editableMemberFields(actor, editParty(m)).size > 0 ? (
      <Menu
        label={`Actions pour ${fullName(m)}`}
        items={[{ label: 'Modifier', onSelect: () => onEdit(m) }]}
      />
    ) : null;
  const detailsOf = (m: TMember) =>
    teamMemberDetails(m, [
      ...(statusColumn ? [] : (['statut'] as const)),
      ...(phoneColumn ? [] : (['numeroTelephone'] as const)),
    ]);

  if (narrow)
    return (
      <CardList
        label="Membres de l'équipe"
        headingLevel={2}
        items={members.map((m) => {
          const details = teamMemberDetails(m);
          return {
            key: m.id,
            leading: <Avatar name={fullName(m)} src={m.avatarUrl} />,
            title: `${dash(m.prenom)} ${dash(m.nom)}`,
            subtitle: [m.role ? roleLabel(m.role) : '-', shirt(m)].filter(Boolean).join(' · '),
            badges: m.statut !== undefined ? <StatusPill statut={m.statut} /> : undefined,
            facts:
              m.numeroTelephone !== undefined
                ? [{ label: 'Téléphone', value: phone(m.numeroTelephone) }]
                : [],
            actions: menuOf(m),
            more: details.length > 0 ? <DetailsDisclosure items={details} /> : undefined,
          };
        })}
      />
    );

  const headers = [
    'Nom',
    'Rôle',
    ...(statusColumn ? ['Statut'] : []),
    ...(phoneColumn ? ['Téléphone'] : []),
    'Numéro',
    'Poste',
    { label: 'Actions', hidden: true },
  ];
  return (
    <Table label="Membres de l'équipe" headers={headers}>
      {members.map((m) => {
        const details = detailsOf(m);
        return (
          <ExpandableMemberRow
            key={m.id}
            member={m}
            name={`${dash(m.nom)} ${dash(m.prenom)}`}
            detailId={`equipier-${m.id}-detail`}
            open={rows.isOpen(m.id)}
            onToggle={() => rows.toggle(m.id)}
            colSpan={headers.length}
            details={
              details.length > 0 ? (
                <DetailList items={details} />
              ) : (
                <p className="muted">Aucune autre information partagée.</p>
              )
            }
          >
            <td>{m.role ? roleLabel(m.role) : '-'}</td>
            {statusColumn ? (
              <td>
                <StatusPill statut={m.statut} />
              </td>
            ) : null}
            {phoneColumn ? <td>{phone(m.numeroTelephone)}</td> : null}
            <td>{dash(m.numero)}</td>
            <td>{dash(m.poste)}</td>
            <td>{menuOf(m) ?? '-'}</td>
          </ExpandableMemberRow>
        );
      })}
    </Table>
  );
}
