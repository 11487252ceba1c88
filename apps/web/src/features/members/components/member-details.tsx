import type { TMember } from '@club/contract';
import { dash, frenchDate } from './format.ts';

export interface DetailItem {
  label: string;
  value: string;
}

/** Everything a list does not show first (issue 15: the rest one click away). */
export function clubMemberDetails(m: TMember): DetailItem[] {
  const items: DetailItem[] = [
    { label: 'Email', value: dash(m.email) },
    { label: 'Date de naissance', value: frenchDate(m.dateDeNaissance) },
    { label: 'Genre', value: dash(m.genre) },
    { label: 'N° Licence', value: dash(m.numeroLicence) },
  ];
  if (m.enfants && m.enfants.length > 0)
    items.push({
      label: 'Enfants',
      value: m.enfants.map((c) => `${c.prenom} ${c.nom}`).join(', '),
    });
  return items;
}

export function teamMemberDetails(m: TMember): DetailItem[] {
  return [
    { label: 'Email', value: dash(m.email) },
    { label: 'Date de naissance', value: frenchDate(m.dateDeNaissance) },
    { label: 'Genre', value: dash(m.genre) },
    { label: 'N° Licence', value: dash(m.numeroLicence) },
    { label: 'Taille', value: dash(m.taille) },
    { label: 'Poids', value: dash(m.poids) },
  ];
}

export function DetailList({ items }: { items: readonly DetailItem[] }) {
  return (
    <dl className="member-details">
      {items.map((i) => (
        <div key={i.label}>
          <dt>{i.label}</dt>
          <dd>{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A native disclosure ('Plus d'informations') holding the details, for cards. */
export function DetailsDisclosure({ items }: { items: readonly DetailItem[] }) {
  return (
    <details className="member-more">
      <summary>Plus d’informations</summary>
      <DetailList items={items} />
    </details>
  );
}
