import { Fragment, useState, type ReactNode } from 'react';
import type { TMember } from '@club/contract';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Icon } from '../../../components/ui/icon.tsx';

/** Which rows of a members table show their details row (decision 0031): one toggle per row. */
export function useExpandedRows() {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return { isOpen: (id: number) => expanded.has(id), toggle };
}

/**
 * One member of a members table (club or team): the name opens a details row under it
 * (decision 0031).
 * `children` are the row's cells after the name; `detailId` the id of the details row.
 */
export function ExpandableMemberRow({
  member,
  name,
  detailId,
  open,
  onToggle,
  colSpan,
  details,
  children,
}: {
  member: TMember;
  name: ReactNode;
  detailId: string;
  open: boolean;
  onToggle: () => void;
  colSpan: number;
  details: ReactNode;
  children: ReactNode;
}) {
  return (
    <Fragment>
      <tr>
        <th scope="row">
          <button
            type="button"
            className="row-toggle"
            aria-expanded={open}
            aria-controls={open ? detailId : undefined}
            onClick={onToggle}
          >
            <Icon as={open ? ChevronDown : ChevronRight} className="row-toggle-mark" />
            <Avatar name={`${member.prenom} ${member.nom}`} src={member.avatarUrl} size={32} />
            <span>{name}</span>
          </button>
        </th>
        {children}
      </tr>
      {open ? (
        <tr id={detailId} className="row-detail">
          <td colSpan={colSpan}>{details}</td>
        </tr>
      ) : null}
    </Fragment>
  );
}
