import { normalizeRole, type TMemberField } from '@club/contract';
import type { members } from '../../db/schema.ts';

type MemberInsert = typeof members.$inferInsert;

/**
 * The one map between the contract's member fields and the table's columns, read by the JSON
 * answer, the insert and the update. Adding a member field: the contract, the schema and its
 * migration, one line here, the form.
 */
export const MEMBER_COLUMNS = {
  nom: 'nom',
  prenom: 'prenom',
  dateDeNaissance: 'dateNaissance',
  genre: 'genre',
  email: 'email',
  numeroTelephone: 'telephone',
  numeroLicence: 'numeroLicence',
  role: 'role',
  statut: 'statut',
  taille: 'taille',
  poids: 'poids',
  numero: 'numero',
  poste: 'poste',
  partageCoordonnees: 'partageCoordonnees',
} as const satisfies Partial<Record<TMemberField, keyof MemberInsert>>;

export type ScalarMemberField = keyof typeof MEMBER_COLUMNS;
export const SCALAR_MEMBER_FIELDS = Object.keys(MEMBER_COLUMNS) as ScalarMemberField[];

/** How a field's stored value compares with a new one (unchanged values are not edits). */
export const sameMemberValue: Partial<
  Record<ScalarMemberField, (current: unknown, next: unknown) => boolean>
> = {
  email: (a, b) => String(a ?? '').toLowerCase() === String(b ?? '').toLowerCase(),
  role: (a, b) => (normalizeRole(String(a ?? '')) ?? a) === (normalizeRole(String(b ?? '')) ?? b),
};
