import { definePermissions, leadersRow, row } from './permissions.ts';

/**
 * Conversations and messages (docs/decisions/0121-conversations-and-safeguarding.md): limits,
 * French texts and who may do what. Without zod, so that the screens applying them do not ship
 * the schemas of conversations.ts, which re-exports them
 * (docs/decisions/0091-signed-in-javascript-budget.md).
 */

export const CONVERSATION_LIMITS = {
  /** A message is plain text of at most this many characters. */
  contenuMax: 2_000,
  titreMax: 80,
  /** Members named when a group is created (guardians of minors are added on top). */
  membresMax: 30,
  /** A page of messages (`limite`), by default and at most. */
  pageDefaut: 30,
  pageMax: 100,
  /** An author deletes their own message within this many minutes; a leader masks it any time. */
  suppressionMinutes: 15,
  motifMax: 500,
  cleMax: 64,
  /** Characters of a message in a push notification. */
  extraitMax: 140,
  /** Messages are kept this many seasons by default (the club's setting). */
  conservationSaisonsDefaut: 2,
  conservationSaisonsMax: 10,
  ageMinimumMax: 18,
} as const;

export const CONVERSATION_TYPES = ['EQUIPE', 'EVENEMENT', 'GROUPE'] as const;
export type TConversationType = (typeof CONVERSATION_TYPES)[number];

export const CONVERSATION_MESSAGES = {
  /** Decision 0121: the safeguarding rule. */
  guardianRequired: 'Un parent du mineur doit faire partie de la conversation.',
  /** Decision 0121: what a leader's masking leaves in place of the text. */
  masked: 'Message masqué par un responsable du club.',
  deleted: 'Message supprimé par son auteur.',
  /** The author of a message whose account was erased or who left the club. */
  formerMember: 'Ancien membre',
  contenuRequired: 'Le message est vide.',
  contenuTooLong: `Un message ne doit pas dépasser ${CONVERSATION_LIMITS.contenuMax} caractères.`,
  titreTooLong: `Le titre ne doit pas dépasser ${CONVERSATION_LIMITS.titreMax} caractères.`,
  oneTarget: 'Choisissez une équipe, un événement ou des membres.',
  membresRequired: 'Ajoutez au moins un membre.',
  tooManyMembers: `Un groupe compte ${CONVERSATION_LIMITS.membresMax} membres au plus.`,
  memberUnknown: 'Membre introuvable dans ce club.',
  /** A group member who shares no team with the author (and the author is no leader). */
  memberNotShared: 'Vous ne pouvez écrire qu’aux membres de vos équipes.',
  teamUnknown: 'Équipe introuvable dans ce club.',
  eventUnknown: 'Événement introuvable dans ce club.',
  /** Team and event conversations: their coaches and the leaders. */
  staffOnly:
    'Seuls les entraîneurs de l’équipe et les responsables du club ouvrent cette conversation.',
  /** Below the club's `ageMinimumMessagerie`. */
  tooYoung:
    'La messagerie est réservée aux membres plus âgés : vos parents reçoivent les messages.',
  readOnly: 'Vous ne faites plus partie de cette conversation : elle est en lecture seule.',
  deleteTooLate: `Un message ne peut être supprimé que dans les ${CONVERSATION_LIMITS.suppressionMinutes} minutes qui suivent son envoi.`,
  notAuthor: 'Seul l’auteur d’un message ou un responsable du club peut le retirer.',
  reported: 'Message signalé aux responsables du club.',
  motifRequired: 'Indiquez le motif du signalement.',
  motifTooLong: `Le motif ne doit pas dépasser ${CONVERSATION_LIMITS.motifMax} caractères.`,
  deletedDone: 'Message supprimé.',
  maskedDone: 'Message masqué.',
  alreadyRemoved: 'Ce message a déjà été retiré.',
} as const;

/**
 * Who may do what with conversations (docs/architecture.md §7, decision 0121). Targets: a team's (or an
 * event's) conversation → {teamIds: its teams}; a member added to a group → {memberId, teamIds:
 * the member's teams}; a message → {memberId: its author}.
 * - create: a group of members who share a team with the author (a parent: a team of their
 *   children); leaders may add any member (the staff's conversations);
 * - createForTeam: a team's or an event's conversation: the team's coaches and the leaders;
 * - read, write: a team's conversation: its members, and (a value rule: `features/conversations`)
 *   the guardians of its minors; a group's: its participants; someone who left a team keeps
 *   reading, read-only, what they saw; leaders are no readers unless they take part;
 * - delete: the author (within 15 minutes: deleted), leaders (any time: masked).
 */
export const CONVERSATION_PERMISSIONS = definePermissions({
  /** GET /api/conversations: every member (their own conversations). */
  list: row('club'),
  /** POST /api/conversations, each member of a group. */
  create: {
    DIRIGEANT: 'club',
    RESPONSABLE: 'club',
    ENTRAINEUR: ['sharedTeam', 'childrensTeams'],
    JOUEUR: ['sharedTeam', 'childrensTeams'],
    PARENT: ['sharedTeam', 'childrensTeams'],
  },
  /** POST /api/conversations {equipeId | evenementId}. */
  createForTeam: { ...leadersRow(), ENTRAINEUR: ['sharedTeam'] },
  /**
   * GET …/messages, POST …/lecture, POST /api/messages/{id}/signalement: a team's members (the
   * guardians of its minors, and a group's participants, by the value rule).
   */
  read: row(['sharedTeam']),
  /** POST …/messages */
  write: row(['sharedTeam']),
  /** DELETE /api/messages/{id} */
  delete: leadersRow('club', ['self']),
});
export type TConversationAction = keyof typeof CONVERSATION_PERMISSIONS;

/* ------------------------------------------------------------------ safeguarding */

/** Age in whole years on `today` ('YYYY-MM-DD'), or null for an unknown birth date. */
export function ageOn(dateDeNaissance: string | null | undefined, today: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(dateDeNaissance ?? '');
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), m[2]!, m[3]!];
  const [ty, tmd] = [Number(today.slice(0, 4)), today.slice(5, 10)];
  return ty - y - (tmd < `${mo}-${d}` ? 1 : 0);
}

/** A person as the safeguarding rule reads them. */
export interface SafeguardPerson {
  id: number;
  dateNaissance: string | null;
  /** A guardian of someone: an adult whatever their recorded birth date. */
  estParent?: boolean;
}

export interface SafeguardResult {
  /** Who takes part, and as what: a member in their own right, or a minor's guardian. */
  participants: Map<number, { guardian: boolean }>;
  /** Minors left out: no guardian of theirs can join a conversation that has an adult. */
  unguarded: number[];
  /** Members under the club's messaging age: their guardians take part instead. */
  tooYoung: number[];
}

/**
 * Decision 0121's safeguarding, applied to who would take part (`wanted`): a member under the club's
 * `ageMinimumMessagerie` (0: off) is replaced by their guardians; a minor (under 18, or of unknown
 * birth date: it fails closed) brings their guardians (who read what their child reads); a minor
 * none of whose guardians
 * can join is left out when an adult who is none of their guardians takes part (`unguarded`: the
 * caller refuses a group with 422, or leaves them out of a team's conversation).
 */
export function safeguard(
  wanted: readonly SafeguardPerson[],
  guardiansOf: ReadonlyMap<number, readonly SafeguardPerson[]>,
  today: string,
  minimumAge: number,
): SafeguardResult {
  const participants = new Map<number, { guardian: boolean }>();
  const tooYoung: number[] = [];
  const minors: SafeguardPerson[] = [];
  const people = new Map<number, SafeguardPerson>();
  const add = (p: SafeguardPerson, guardian: boolean) => {
    people.set(p.id, p);
    const had = participants.get(p.id);
    // A member in their own right stays so when they are also someone's guardian.
    participants.set(p.id, { guardian: had ? had.guardian && guardian : guardian });
  };
  const isParentOfSomeone = (p: SafeguardPerson) =>
    !!p.estParent || [...guardiansOf.values()].some((list) => list.some((g) => g.id === p.id));
  const isMinor = (p: SafeguardPerson) => {
    if (isParentOfSomeone(p)) return false;
    const age = ageOn(p.dateNaissance, today);
    return age === null || age < 18;
  };
  for (const p of wanted) {
    const age = ageOn(p.dateNaissance, today);
    if (minimumAge > 0 && !isParentOfSomeone(p) && (age === null || age < minimumAge)) {
      tooYoung.push(p.id);
      for (const g of guardiansOf.get(p.id) ?? []) add(g, true);
      continue;
    }
    add(p, false);
    // A minor's guardians read every conversation their child is in.
    if (isMinor(p)) {
      minors.push(p);
      for (const g of guardiansOf.get(p.id) ?? []) add(g, true);
    }
  }
  const unguarded: number[] = [];
  for (const minor of minors) {
    const own = new Set((guardiansOf.get(minor.id) ?? []).map((g) => g.id));
    if ([...own].some((g) => participants.has(g))) continue;
    const adultStranger = [...participants.keys()].some(
      (id) => id !== minor.id && !own.has(id) && !isMinor(people.get(id)!),
    );
    if (adultStranger) {
      unguarded.push(minor.id);
      participants.delete(minor.id);
    }
  }
  return { participants, unguarded, tooYoung };
}

/** The page of the messages (a conversation open when `id` is given). */
export const conversationsPagePath = (nomClub: string, id?: number) =>
  `/${encodeURIComponent(nomClub)}/messages${id ? `/${id}` : ''}`;
