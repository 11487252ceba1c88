import {
  EVENT_TYPE_LABELS,
  GENDERS,
  MEMBER_STATUSES,
  ROLE_LABELS,
  normalizeRole,
  type EventType,
} from './enums.ts';
import { displayMemberStatus } from './member-status.ts';

/**
 * The French words the screens share (docs/decisions/0086-glossary-and-field-messages.md): one
 * label per thing, so that a role, a status, an action or a page reads the same everywhere.
 *
 * Rules:
 * - A string the spec writes on a screen stays as the spec writes it on that screen, even where
 *   it drifts from the glossary word (the team member navigation's 'Dashboard équipe' and
 *   'Matches', the team page edit modal's 'Sauvegarder', the matches page's 'Matches de
 *   l'équipe'); those are listed in SPEC_WORDING with the glossary word they drift from.
 * - Stored codes (JOUEUR, ENTRAINEMENT, ...) never reach the screen: roleLabel, eventTypeLabel,
 *   statusLabel give their words.
 */

/** Action verbs. 'Enregistrer' saves (spec §4 score editing, convocation). */
export const ACTION_LABELS = {
  save: 'Enregistrer',
  saving: 'Enregistrement...',
  cancel: 'Annuler',
  create: 'Créer',
  edit: 'Modifier',
  delete: 'Supprimer',
  close: 'Fermer',
  search: 'Rechercher',
  retry: 'Réessayer',
  add: 'Ajouter',
} as const;

/** Page and navigation words (spec §2). */
export const PAGE_LABELS = {
  dashboard: 'Tableau de bord',
  calendar: 'Calendrier',
  clubCalendar: 'Calendrier du club',
  /** A team's calendar: 'Calendrier — U17'. */
  teamCalendar: (team: string) => `Calendrier — ${team}`,
  members: 'Membres',
  clubMembers: 'Membres du Club',
  teamMembers: "Membres de l'équipe",
  teams: 'Équipes',
  clubTeams: 'Équipes du Club',
  matches: 'Matchs',
  settings: 'Paramètres',
  profile: 'Mon Profil',
  logout: 'Déconnexion',
  /** The header's club switcher of an account in several clubs (docs/decisions/0112). */
  switchClub: 'Changer de club',
} as const;

/**
 * Spec strings that differ from the glossary word, kept on their screen as the spec writes them
 * (spec §2): `text` is the spec's, `glossary` the word used elsewhere.
 */
export const SPEC_WORDING = {
  teamNavDashboard: { text: 'Dashboard équipe', glossary: PAGE_LABELS.dashboard },
  teamNavMatches: { text: 'Matches', glossary: PAGE_LABELS.matches },
  matchesTitle: { text: "Matches de l'équipe", glossary: "Matchs de l'équipe" },
  teamEditSave: { text: 'Sauvegarder', glossary: ACTION_LABELS.save },
} as const;

/** Field labels of the member forms and tables (spec §2, §3). */
export const FIELD_LABELS = {
  nom: 'Nom',
  prenom: 'Prénom',
  dateDeNaissance: 'Date de naissance',
  genre: 'Genre',
  email: 'Email',
  numeroTelephone: 'Téléphone',
  numeroLicence: 'N° Licence',
  role: 'Rôle',
  statut: 'Statut',
  equipe: 'Équipe',
  /** The event's place: one place, whatever the stored field's name (lieux). */
  lieu: 'Lieu',
  type: 'Type',
} as const;

/**
 * Gender options: the same three in registration, profile and the member form (decision 0086: the
 * member form's two of spec §5 could not show a member's 'Autre').
 */
export const GENRE_OPTIONS = GENDERS;

/** Member statuses (spec §3). */
export const STATUS_OPTIONS = MEMBER_STATUSES;

/** 'Joueur' for JOUEUR (any case); an unknown role is shown as written. */
export function roleLabel(role: string | null | undefined): string {
  const r = normalizeRole(role);
  return r ? ROLE_LABELS[r] : (role ?? '');
}

/** 'Entraînement' for ENTRAINEMENT; an unknown type as written. */
export function eventTypeLabel(type: string | null | undefined): string {
  return EVENT_TYPE_LABELS[(type ?? '').trim().toUpperCase() as EventType] ?? type ?? '';
}

/** The display rule of spec §3 (Actif, Blessé, Suspendu, raw text or Inconnu). */
export const statusLabel = displayMemberStatus;

/** A person's name, first name first, everywhere (tables sort by last name but show 'Prénom Nom'). */
export function personName(p: { prenom?: string | null; nom?: string | null }): string {
  return [p.prenom, p.nom]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * An event's title: its name, with its type in front only when the name does not already say it
 * ('Entraînement Féminines', not 'Entraînement : Entraînement Féminines').
 */
export function eventTitle(e: { nom: string; type?: string | null }): string {
  const type = eventTypeLabel(e.type);
  if (!type) return e.nom;
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .trim();
  return fold(e.nom).startsWith(fold(type)) ? e.nom : `${type} : ${e.nom}`;
}

/** Field errors as the user reads them (the API's own messages stay for API clients). */
export const FIELD_MESSAGES = {
  required: 'Ce champ est obligatoire.',
  dateInvalid: 'Date invalide : jj/mm/aaaa.',
  timeInvalid: 'Heure invalide : hh:mm sur 24 h (par exemple 15:00).',
  dateTimeInvalid: 'Date ou heure invalide : jj/mm/aaaa et hh:mm sur 24 h.',
} as const;

/** Screen states and page-landing messages. */
export const STATE_MESSAGES = {
  loading: 'Chargement...',
  loadFailed: 'Impossible de charger ces informations. Vérifiez votre connexion puis réessayez.',
  loggedOut: 'Vous êtes déconnecté.',
  activated: 'Votre compte est activé. Bienvenue !',
  registered: 'Votre club est inscrit. Connectez-vous pour commencer.',
} as const;

/**
 * A phone number grouped as written in France: '06 12 34 56 78', '+33 6 12 34 56 78'. A number
 * that is neither (another country, too short or long) keeps its digits (and leading +) grouped
 * by two from the end. Punctuation typed around the digits is dropped; '' stays ''.
 */
export function formatPhone(value: string | null | undefined): string {
  const raw = (value ?? '').trim();
  if (raw === '') return '';
  const plus = raw.startsWith('+');
  const digits = raw.replace(/\D/g, '');
  if (digits === '') return raw;
  const pairs = (s: string) => s.match(/\d{1,2}(?=(\d{2})*$)/g)!.join(' ');
  if (!plus) return pairs(digits);
  if (digits.startsWith('33') && digits.length === 11)
    return `+33 ${digits.slice(2, 3)} ${pairs(digits.slice(3))}`;
  return `+${pairs(digits)}`;
}
