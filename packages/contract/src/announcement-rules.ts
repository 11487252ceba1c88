import { definePermissions, leadersRow } from './permissions.ts';
import { ANNOUNCEMENT_LIMITS } from './announcement-text.ts';

/**
 * The messages and permissions of announcements: without zod, so that a screen applying them does
 * not ship the schemas of announcements.ts, which re-exports them
 * (docs/decisions/0091-signed-in-javascript-budget.md).
 */

export const ANNOUNCEMENT_MESSAGES = {
  titreRequired: 'Le titre est obligatoire.',
  titreTooLong: `Le titre ne doit pas dépasser ${ANNOUNCEMENT_LIMITS.titreMax} caractères.`,
  contenuRequired: 'Le message est obligatoire.',
  contenuTooLong: `Le message ne doit pas dépasser ${ANNOUNCEMENT_LIMITS.contenuMax} caractères.`,
  tooManyTeams: `Une annonce vise ${ANNOUNCEMENT_LIMITS.equipesMax} équipes au plus.`,
  teamUnknown: 'Équipe introuvable dans ce club.',
  /** A coach writing to the whole club or to a team they do not coach. */
  coachOwnTeams: 'Un entraîneur écrit uniquement aux équipes qu’il entraîne.',
  published: 'Annonce publiée.',
  deleted: 'Annonce supprimée.',
  reminderTooSoon: 'Un rappel a déjà été envoyé il y a moins d’une heure.',
  everyoneRead: 'Tous les destinataires ont lu cette annonce.',
  reminderSent: (n: number) =>
    n > 1 ? `Rappel envoyé à ${n} membres.` : `Rappel envoyé à ${n} membre.`,
} as const;

/* ------------------------------------------------------------------ permissions */

/**
 * Who may do what with announcements. Targets: {teamIds: the announcement's teams ([] = the whole
 * club), memberId: its author}. `create`: a coach's target teams must all be teams of theirs (and
 * at least one: `ownTeams` refuses []); `read`: its audience (club-wide, a team of theirs, a team
 * of a child) and its author; read receipts, reminders and deletion: its author and the leaders.
 */
export const ANNOUNCEMENT_PERMISSIONS = definePermissions({
  /** GET /api/annonces: every member (the list is filtered to what they receive or wrote). */
  list: leadersRow('club', 'club'),
  create: {
    DIRIGEANT: 'club',
    RESPONSABLE: 'club',
    ENTRAINEUR: ['ownTeams'],
    JOUEUR: 'none',
    PARENT: 'none',
  },
  /** One announcement: reading it, marking it read. */
  read: leadersRow('club', ['self', 'clubWide', 'sharedTeam', 'childrensTeams']),
  /** GET …/lectures and the "lu par N/M" line. */
  receipts: leadersRow('club', ['self']),
  /** POST …/rappel */
  remind: leadersRow('club', ['self']),
  delete: leadersRow('club', ['self']),
});
export type TAnnouncementAction = keyof typeof ANNOUNCEMENT_PERMISSIONS;
