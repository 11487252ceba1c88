import type { TMember } from '@club/contract';
import { dash, frenchDate, phone } from './format.ts';

export interface DetailItem {
  label: string;
  value: string;
}

/** Everything a list does not show first (the rest one click away). */
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

/**
 * The details of a team member, as far as the answer carries them: a field the reader may not see
 * is absent from it (packages/contract/src/privacy.ts) and has no line here — not an empty one.
 * `also` adds fields the list shows elsewhere for others but not for this reader (its phone,
 * its status when the list has no such column).
 */
export function teamMemberDetails(
  m: TMember,
  also: readonly ('numeroTelephone' | 'statut')[] = [],
): DetailItem[] {
  const items: [keyof TMember, string, string][] = [
    ['statut', 'Statut', dash(m.statut)],
    ['numeroTelephone', 'Téléphone', phone(m.numeroTelephone)],
    ['email', 'Email', dash(m.email)],
    ['dateDeNaissance', 'Date de naissance', frenchDate(m.dateDeNaissance)],
    ['categorie', 'Catégorie', dash(m.categorie)],
    ['genre', 'Genre', dash(m.genre)],
    ['numeroLicence', 'N° Licence', dash(m.numeroLicence)],
    ['taille', 'Taille', dash(m.taille)],
    ['poids', 'Poids', dash(m.poids)],
  ];
  return items
    .filter(
      ([key]) =>
        m[key] !== undefined &&
        (key === 'statut' || key === 'numeroTelephone'
          ? (also as readonly string[]).includes(key)
          : true),
    )
    .map(([, label, value]) => ({ label, value }));
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
