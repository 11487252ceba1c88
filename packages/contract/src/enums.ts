/** Closed lists of spec §3 and §9. Identifiers are the stored values. */
export const ROLES = ['DIRIGEANT', 'RESPONSABLE', 'ENTRAINEUR', 'JOUEUR', 'PARENT'] as const;
export type Role = (typeof ROLES)[number];
export const LEADER_ROLES = ['DIRIGEANT', 'RESPONSABLE'] as const satisfies readonly Role[];
export const TEAM_ROLES = ['ENTRAINEUR', 'JOUEUR', 'PARENT'] as const satisfies readonly Role[];
/** A club role (docs/architecture.md §7 "hats"): a leader of the whole club, or none. */
export type ClubRole = (typeof LEADER_ROLES)[number];
/**
 * A role in one team: coach or player; PARENT is a member who follows the team as a family member
 * without a linked child there (the spec's PARENT with a team, kept for existing data).
 */
export type TeamRole = (typeof TEAM_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  DIRIGEANT: 'Dirigeant',
  RESPONSABLE: 'Responsable',
  ENTRAINEUR: 'Entraîneur',
  JOUEUR: 'Joueur',
  PARENT: 'Parent',
};

/** Roles are compared in upper case (spec §6). */
export function normalizeRole(role: string | null | undefined): Role | null {
  const upper = (role ?? '').trim().toUpperCase();
  return (ROLES as readonly string[]).includes(upper) ? (upper as Role) : null;
}
export function isLeader(role: string | null | undefined): boolean {
  const r = normalizeRole(role);
  return r === 'DIRIGEANT' || r === 'RESPONSABLE';
}
/** DIRIGEANT or RESPONSABLE in upper case, else null. */
export function normalizeClubRole(role: string | null | undefined): ClubRole | null {
  const r = normalizeRole(role);
  return r === 'DIRIGEANT' || r === 'RESPONSABLE' ? r : null;
}
/** ENTRAINEUR, JOUEUR or PARENT in upper case, else null. */
export function normalizeTeamRole(role: string | null | undefined): TeamRole | null {
  const r = normalizeRole(role);
  return r === 'ENTRAINEUR' || r === 'JOUEUR' || r === 'PARENT' ? r : null;
}
export function isTeamRole(role: string | null | undefined): boolean {
  const r = normalizeRole(role);
  return r === 'ENTRAINEUR' || r === 'JOUEUR' || r === 'PARENT';
}

/**
 * Spec §3: Actif, Blessé, Suspendu; Malade added so that the coach records an illness
 * (docs/architecture.md §11, docs/decisions/0108-injured-and-suspended-players-on-match-day.md).
 */
export const MEMBER_STATUSES = ['Actif', 'Blessé', 'Malade', 'Suspendu'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const DEFAULT_MEMBER_STATUS: MemberStatus = 'Actif';

export const SPORTS = ['Football', 'Basketball', 'Handball', 'Rugby'] as const;
export type Sport = (typeof SPORTS)[number];

/**
 * Genders of registration, profile and the member form: one list everywhere (spec §9 lists these
 * three; its member form's Homme/Femme could not show a member's Autre, decision 0086).
 */
export const GENDERS = ['Homme', 'Femme', 'Autre'] as const;
export type Gender = (typeof GENDERS)[number];

export const EVENT_TYPES = ['MATCH', 'ENTRAINEMENT', 'TOURNOI', 'REUNION', 'AUTRE'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  MATCH: 'Match',
  ENTRAINEMENT: 'Entraînement',
  TOURNOI: 'Tournoi',
  REUNION: 'Réunion',
  AUTRE: 'Autre',
};

export const MATCH_STATUSES = ['A_VENIR', 'EN_COURS', 'TERMINE', 'ANNULE'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export const MATCH_STATUS_LABELS: Record<MatchStatus, string> = {
  A_VENIR: 'À venir',
  EN_COURS: 'En cours',
  TERMINE: 'Terminé',
  ANNULE: 'Annulé',
};
/** Badge colours of spec §4 (token names of the theme). */
export const MATCH_STATUS_COLORS: Record<MatchStatus, 'blue' | 'amber' | 'gray' | 'red'> = {
  A_VENIR: 'blue',
  EN_COURS: 'amber',
  TERMINE: 'gray',
  ANNULE: 'red',
};
export function canEditScore(status: MatchStatus): boolean {
  return status === 'EN_COURS' || status === 'TERMINE';
}

export const PRESENCE_STATUSES = ['DISPONIBLE', 'INDISPONIBLE'] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];
export const PRESENCE_LABELS: Record<PresenceStatus, string> = {
  DISPONIBLE: 'Présent',
  INDISPONIBLE: 'Absent',
};

export const THEMES = ['light', 'dark', 'daltonien'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';
