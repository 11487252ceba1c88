import { definePermissions, leadersRow } from './permissions.ts';

/**
 * Volunteer duties of events (docs/decisions/0130-volunteer-duties.md), the zod-free half: the
 * texts, the limits, the permission table and the fair proposal (docs/decisions/0131).
 */

export const DUTY_LIMITS = {
  libelleMax: 80,
  placesMin: 1,
  placesMax: 20,
  /** Duties of one event; templates of one team. */
  perEvent: 20,
} as const;

export const DUTY_MESSAGES = {
  full: 'Cette tâche est complète.',
  alreadySignedUp: 'Cette personne est déjà inscrite pour cette tâche.',
  familyAlreadyOnDuty: 'Votre famille est déjà inscrite pour cette tâche.',
  placesRange: `Indiquez entre ${DUTY_LIMITS.placesMin} et ${DUTY_LIMITS.placesMax} places.`,
  placesInteger: 'Le nombre de places doit être un nombre entier.',
  tooMany: `${DUTY_LIMITS.perEvent} tâches au plus.`,
  libelleTwice: 'Deux tâches portent le même libellé.',
  placesBelowVolunteers: (n: number) =>
    `Cette tâche compte déjà ${n} bénévole(s) : gardez au moins ${n} place(s).`,
  typesRequired: 'Choisissez au moins un type d’événement.',
  eventOver: 'Cet événement est passé : les inscriptions sont fermées.',
  notInEvent:
    'Cette personne ne participe pas à cet événement (pas dans l’équipe) : elle ne peut pas y être inscrite.',
  withdrawn: 'Désinscription enregistrée : l’entraîneur est prévenu.',
} as const;

/**
 * Targets: read → {teamIds: the event's teams} (the events' read rule); edit, propose →
 * {teamIds: the event's teams}; signUp and withdraw → {memberId: the volunteer (or the child it is
 * for), teamIds: that member's teams among the event's}; templates → {teamIds: [the team]};
 * tally → {teamIds: [the team]} (no team: the whole club, leaders only).
 */
export const DUTY_PERMISSIONS = definePermissions({
  read: {
    ...leadersRow('club', ['sharedTeam', 'clubWide']),
    PARENT: ['sharedTeam', 'clubWide', 'childrensTeams'],
  },
  /** The list of an event's duties, and the fair proposal: the team's coach and the leaders. */
  edit: { ...leadersRow('club'), ENTRAINEUR: ['sharedTeam'] },
  /** Oneself or one's child (it counts for the family); a coach: anyone of the team. */
  signUp: {
    ...leadersRow('club', ['self', 'children']),
    ENTRAINEUR: ['self', 'children', 'sharedTeam'],
  },
  /** « Je ne peux plus »: the same people. */
  withdraw: {
    ...leadersRow('club', ['self', 'children']),
    ENTRAINEUR: ['self', 'children', 'sharedTeam'],
  },
  /** A team's duty templates: its coach and the leaders. */
  templates: { ...leadersRow('club'), ENTRAINEUR: ['ownTeams'] },
  /** The season's tally per family: the team's coach and the leaders. */
  tally: { ...leadersRow('club'), ENTRAINEUR: ['sharedTeam'] },
});
export type TDutyAction = keyof typeof DUTY_PERMISSIONS;

/** « Camille D. »: another family reads a volunteer's first name and initial (§6b). */
export function initialOf(nom: string): string {
  const first = [...nom.trim()][0];
  return first ? `${first.toUpperCase()}.` : '';
}

/** A family as the proposal sees it. */
export interface DutyFamilyInput {
  /** The family's id (its smallest member id). */
  id: number;
  /** Duties the family carried this season (of the event's teams). */
  taches: number;
  /** A child of the family is unavailable for the event. */
  indisponible: boolean;
  /** A member of the family is already on duty on the event's day. */
  dejaDeService: boolean;
}

/**
 * The fair proposal (docs/decisions/0131): `places` families, the fewest duties this season first,
 * skipping those unavailable for the event or already on duty that day; ties keep a stable order
 * (the family's id, so that proposing twice proposes the same families).
 */
export function proposeFamilies(families: readonly DutyFamilyInput[], places: number): number[] {
  return families
    .filter((f) => !f.indisponible && !f.dejaDeService)
    .slice()
    .sort((a, b) => a.taches - b.taches || a.id - b.id)
    .slice(0, Math.max(0, places))
    .map((f) => f.id);
}
