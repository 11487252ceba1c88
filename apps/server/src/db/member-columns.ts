import { members } from './schema.ts';

/**
 * A member's own fields, as the members feature answers them (the list, a member's card) and as
 * the data-rights export writes them (features/auth/account-data.repository.ts): one list, so a
 * field added here reaches both. Every column of `members` is accounted for in the export
 * (`MEMBER_COLUMNS_IN_EXPORT`, `MEMBER_COLUMNS_NOT_EXPORTED` there, and its test).
 */
export const memberFieldColumns = {
  id: members.id,
  nom: members.nom,
  prenom: members.prenom,
  dateNaissance: members.dateNaissance,
  genre: members.genre,
  email: members.email,
  telephone: members.telephone,
  numeroLicence: members.numeroLicence,
  role: members.role,
  roleClub: members.clubRole,
  statut: members.statut,
  taille: members.taille,
  poids: members.poids,
  numero: members.numero,
  poste: members.poste,
  avatarUrl: members.avatarUrl,
  partageCoordonnees: members.partageCoordonnees,
};
