import { z } from 'zod';
import { normalizeRole, type PresenceStatus } from './enums.ts';
import { MEMBER_PERMISSIONS } from './member-rules.ts';
import type { TSelection } from './display.ts';
import {
  holdsClubRole,
  permits,
  teamsWithRole,
  type PermissionSubject,
  type TTeamHat,
} from './permissions.ts';
import { safeString } from './schemas/common.ts';
import { SERVER_MESSAGES } from './messages.ts';
import { ZNotificationPreferencesSchema } from './notifications.ts';

/**
 * Who sees which field of a member (privacy by design, GDPR; docs/privacy.md). Declared once here
 * as pure functions; the server applies them through its one projection module
 * (apps/server/src/authz/member-privacy.ts) to every answer that carries a member, and the screens
 * read the same rule to offer only what they will receive.
 *
 * | reader ↓ · group →                              | identity | health | contact | personal |
 * |-------------------------------------------------|----------|--------|---------|----------|
 * | the member, a guardian of the member            | ✓        | ✓      | ✓       | ✓        |
 * | leaders; a coach of one of the member's teams   | ✓        | ✓      | ✓       | ✓        |
 * | players and parents of a shared team            | ✓        | ✗      | see below | ✗      |
 *
 * Contact details of a member, for players and parents of a shared team: a minor's never (minors'
 * data never reach other families, whatever their role or choice); a coach's always (to the
 * players and parents of a team they coach); any other adult's only when that adult chose to share
 * them (`partageCoordonnees`, default off). A member whose birth date is unknown counts as a minor
 * (the rule fails closed).
 *
 * Hats (permissions.ts): "leader" is the club role, "coach" an ENTRAINEUR membership in one of the
 * member's teams — a coach of U11 who plays with the veterans reads his teammates of the veterans
 * as a teammate does.
 */

/** The groups of member fields the rule decides on, with the answer fields of each. */
export const MEMBER_FIELD_GROUPS = {
  /** Always visible to whoever may read the member at all. */
  identity: [
    'id',
    'nom',
    'prenom',
    'role',
    'roleClub',
    'equipes',
    'numero',
    'poste',
    'nomEquipe',
    'idEquipe',
    'idClub',
    'avatarUrl',
    'enfants',
    'parentsIds',
  ],
  /** Health (Blessé, Malade…) is a special category of data: never for other families. */
  health: ['statut'],
  contact: ['email', 'numeroTelephone'],
  /** `categorie` (U13, Senior…) tells the birth year: it goes with the birth date. */
  personal: ['dateDeNaissance', 'categorie', 'genre', 'numeroLicence', 'taille', 'poids'],
  /** The member's own settings: the member and their guardians only. */
  own: ['partageCoordonnees'],
} as const;
export type MemberFieldGroup = keyof typeof MEMBER_FIELD_GROUPS;
export type MemberPrivateField = (typeof MEMBER_FIELD_GROUPS)[Exclude<
  MemberFieldGroup,
  'identity'
>][number];
/** Every field some reader may not see: hidden fields are left out of the answer. */
export const MEMBER_PRIVATE_FIELDS: readonly MemberPrivateField[] = [
  ...MEMBER_FIELD_GROUPS.health,
  ...MEMBER_FIELD_GROUPS.contact,
  ...MEMBER_FIELD_GROUPS.personal,
  ...MEMBER_FIELD_GROUPS.own,
];

/**
 * The reader's relation to a member, the strongest that applies:
 * - self        the reader is the member
 * - guardian    the reader is a guardian (parent) of the member
 * - leader      DIRIGEANT or RESPONSABLE of the club
 * - coach       an ENTRAINEUR of one of the member's teams
 * - teammate    anyone else allowed to read the member (players and parents of a shared team, a
 *               coach of another team): the most restricted row
 */
export type MemberReaderRelation = 'self' | 'guardian' | 'leader' | 'coach' | 'teammate';

/** The member as the rule needs it. */
export interface MemberPrivacySubject {
  id: number;
  role: string;
  /** Every team of the member (a missing team can only lower the relation, never raise it). */
  teamIds: readonly number[];
  /** The member's role in each team; absent: `role` in every team. */
  teamRoles?: readonly TTeamHat[];
  /** 'YYYY-MM-DD' or null when unknown. */
  dateDeNaissance: string | null;
  partageCoordonnees: boolean;
}

/** The reader as the rule needs it: the permission subject (hats when it carries them). */
export type MemberPrivacyReader = PermissionSubject;

export function memberReaderRelation(
  reader: MemberPrivacyReader,
  member: Pick<MemberPrivacySubject, 'id' | 'teamIds'>,
): MemberReaderRelation {
  if (reader.id === member.id) return 'self';
  if (reader.childIds?.includes(member.id)) return 'guardian';
  if (holdsClubRole(reader)) return 'leader';
  const coached = teamsWithRole(reader, 'ENTRAINEUR');
  if (member.teamIds.some((t) => coached.includes(t))) return 'coach';
  return 'teammate';
}

/** The teams the member coaches (an ENTRAINEUR membership; without hats, an ENTRAINEUR's teams). */
function coachedTeams(member: Pick<MemberPrivacySubject, 'role' | 'teamIds' | 'teamRoles'>) {
  if (member.teamRoles)
    return member.teamRoles.filter((t) => t.role === 'ENTRAINEUR').map((t) => t.id);
  return normalizeRole(member.role) === 'ENTRAINEUR' ? member.teamIds : [];
}

/** Age of majority in France. */
export const ADULT_AGE = 18;

/**
 * True when the member is under 18 on `today` ('YYYY-MM-DD', the club's today), or when the birth
 * date is unknown (fails closed). Someone born on 29 February comes of age on 1 March.
 */
export function isMinor(dateDeNaissance: string | null | undefined, today: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(dateDeNaissance ?? '');
  if (!m) return true;
  const comingOfAge = `${String(Number(m[1]) + ADULT_AGE).padStart(4, '0')}-${m[2]}-${m[3]}`;
  return comingOfAge > today.slice(0, 10);
}

/**
 * Whether the member's e-mail and phone reach players and parents of a shared team: never a
 * minor's; always a coach's (with `reader`: to the players and parents of a team the member
 * coaches, through their own team or a child's); an adult's when they chose to share them.
 */
export function contactSharedWithTeam(
  member: Pick<
    MemberPrivacySubject,
    'role' | 'teamIds' | 'teamRoles' | 'dateDeNaissance' | 'partageCoordonnees'
  >,
  today: string,
  reader?: Pick<PermissionSubject, 'teamIds' | 'childTeamIds'>,
): boolean {
  if (isMinor(member.dateDeNaissance, today)) return false;
  const coached = coachedTeams(member);
  if (
    coached.length > 0 &&
    (!reader ||
      coached.some((t) => reader.teamIds.includes(t) || !!reader.childTeamIds?.includes(t)))
  )
    return true;
  return member.partageCoordonnees === true;
}

/** The field groups a reader with that relation sees of the member, on the club's `today`. */
export function visibleMemberGroups(
  relation: MemberReaderRelation,
  member: Pick<
    MemberPrivacySubject,
    'role' | 'teamIds' | 'teamRoles' | 'dateDeNaissance' | 'partageCoordonnees'
  >,
  today: string,
  reader?: Pick<PermissionSubject, 'teamIds' | 'childTeamIds'>,
): ReadonlySet<MemberFieldGroup> {
  switch (relation) {
    case 'self':
    case 'guardian':
      return new Set<MemberFieldGroup>(['identity', 'health', 'contact', 'personal', 'own']);
    case 'leader':
    case 'coach':
      return new Set<MemberFieldGroup>(['identity', 'health', 'contact', 'personal']);
    case 'teammate':
      return new Set<MemberFieldGroup>(
        contactSharedWithTeam(member, today, reader) ? ['identity', 'contact'] : ['identity'],
      );
  }
}

/** The private fields `reader` may not see of `member` on `today` (to leave out of the answer). */
export function hiddenMemberFields(
  reader: MemberPrivacyReader,
  member: MemberPrivacySubject,
  today: string,
): ReadonlySet<MemberPrivateField> {
  const groups = visibleMemberGroups(memberReaderRelation(reader, member), member, today, reader);
  const hidden = new Set<MemberPrivateField>();
  for (const group of ['health', 'contact', 'personal', 'own'] as const)
    if (!groups.has(group)) for (const f of MEMBER_FIELD_GROUPS[group]) hidden.add(f);
  return hidden;
}

/**
 * Search filters on private fields (birth date, e-mail) would turn a list into a lookup ("who was
 * born on 16/03/2010?"): they are for readers who see that field of every member of the list,
 * i.e. leaders and the coaches of that team.
 */
export function mayFilterOnPrivateFields(reader: PermissionSubject, teamId: number): boolean {
  return holdsClubRole(reader) || teamsWithRole(reader, 'ENTRAINEUR').includes(teamId);
}

/* ------------------------------------------------------------------ other families' rows */

/**
 * The answer another family reads of a player's row, match or training (decision 0106): whether
 * the player comes — DISPONIBLE —, else null: an absence reads as no answer.
 */
export function presenceSeenByOthers(status: PresenceStatus | null): 'DISPONIBLE' | null {
  return status === 'DISPONIBLE' ? 'DISPONIBLE' : null;
}

/**
 * Another family's row of a training's attendance (decision 0106, amended for trainings): the
 * same rule as a convocation row — who is coming (DISPONIBLE, answered or by the team's « présent
 * par défaut »), nothing else; no justification, no `parDefaut` (whether the family answered).
 * Whole rows: EVENT_PRESENCE_PERMISSIONS.readRow, the same readers as CONVOCATION_PERMISSIONS.readRow.
 */
export function trainingPresenceSeenByOthers(row: { statutPresence: PresenceStatus | null }): {
  statutPresence: 'DISPONIBLE' | null;
} {
  return { statutPresence: presenceSeenByOthers(row.statutPresence) };
}

/**
 * What a player or parent reads of another family's convocation row (decision 0106): who is
 * coming, nothing else — DISPONIBLE stays, an absence reads as no answer; of the published
 * selection, the team sheet the home shows the team (SELECTIONNE, REMPLACANT: decision 0083)
 * stays, NON_RETENU reads as no selection. The answer time and the justification are left out of
 * the row. Their own row and their children's rows are whole, and so is every row for the team's
 * coaches and the leaders (CONVOCATION_PERMISSIONS.readRow).
 */
export function convocationSeenByOthers(row: {
  statutPresence: PresenceStatus | null;
  selectionPublished: TSelection | null;
}): { statutPresence: 'DISPONIBLE' | null; selection: 'SELECTIONNE' | 'REMPLACANT' | null } {
  return {
    statutPresence: presenceSeenByOthers(row.statutPresence),
    selection:
      row.selectionPublished === 'SELECTIONNE' || row.selectionPublished === 'REMPLACANT'
        ? row.selectionPublished
        : null,
  };
}

/**
 * The children a reader sees in a member's `enfants` (decision 0106): all of them for the member
 * themself; otherwise only the children the reader may read anyway (MEMBER_PERMISSIONS.read on
 * the child: leaders, the coaches and teammates of a team of the child, a parent in one of the
 * child's teams, the child and their guardians). A parent's child in another team is left out
 * for the families of this one, so that a list of one team does not reveal a minor of another.
 */
export function visibleChildren<C extends { id: number }>(
  reader: PermissionSubject,
  memberId: number,
  children: readonly (C & { teamIds: readonly number[] })[],
): C[] {
  const out: C[] = [];
  for (const { teamIds, ...child } of children) {
    if (
      reader.id === memberId ||
      permits(MEMBER_PERMISSIONS, reader, 'read', { memberId: child.id, teamIds })
    )
      out.push(child as unknown as C);
  }
  return out;
}

/* ------------------------------------------------------------------ texts */

export const PRIVACY_MESSAGES = {
  shareContactLabel: 'Partager mon e-mail et mon téléphone avec mon équipe',
  shareContactHint:
    'Les joueurs et parents de vos équipes verront votre e-mail et votre téléphone. Les dirigeants et vos entraîneurs les voient toujours.',
  shareContactMinor:
    'Vous avez moins de 18 ans : vos coordonnées ne sont jamais montrées aux autres familles.',
  shareContactNoBirthDate:
    'Un dirigeant ou un responsable du club doit indiquer votre date de naissance pour que vous puissiez partager vos coordonnées.',
  shareContactForbidden: 'Un membre mineur ne peut pas partager ses coordonnées avec son équipe.',
  /** The profile of a minor without a club role (docs/decisions/0103-rules-found-by-probing.md). */
  birthDateClubOnly:
    'Seul un dirigeant ou un responsable du club peut modifier votre date de naissance.',
  shareContactSelfOnly: 'Seul le membre lui-même choisit de partager ses coordonnées.',
  privateFilterForbidden: 'Ce filtre est réservé aux dirigeants et aux entraîneurs de l’équipe.',
  dataRightsTitle: 'Mes données',
  downloadLabel: 'Télécharger mes données',
  downloadHint:
    'Un fichier JSON avec tout ce que l’application conserve sur vous et vos enfants : profil, équipes, convocations, présences, paiements de cotisation, sessions, abonnements au calendrier, préférences et journal.',
  downloadFailed: 'Impossible de télécharger vos données.',
  deleteAccountLabel: 'Supprimer mon compte',
  deleteAccountHint:
    'Vos données personnelles sont effacées, vos sessions fermées et votre adresse e-mail libérée. Les résultats et les présences passées restent, sans votre nom.',
  deleteAccountConfirm: 'Supprimer définitivement mon compte',
  passwordLabel: 'Mot de passe',
  passwordRequired: 'Saisissez votre mot de passe pour confirmer.',
  passwordWrong: 'Mot de passe incorrect.',
  accountDeleted: 'Votre compte a été supprimé.',
  lastManager:
    'Vous êtes le dernier dirigeant du club : nommez un autre dirigeant (ou supprimez le club) avant de supprimer votre compte.',
  ownRowDelete:
    'Pour supprimer votre propre compte, utilisez « Supprimer mon compte » sur la page Mon Profil.',
  deleteFailed: 'La suppression du compte a échoué.',
} as const;

/** The re-authentication of destructive actions (account and club deletion): the password again. */
export const ZPasswordConfirmationSchema = z
  .object({
    motDePasse: safeString({ error: PRIVACY_MESSAGES.passwordRequired, trim: false })
      .min(1, PRIVACY_MESSAGES.passwordRequired)
      .max(256, SERVER_MESSAGES.tooLong(256)),
  })
  .strict();
export type TPasswordConfirmation = z.input<typeof ZPasswordConfirmationSchema>;

/* ------------------------------------------------------------------ data export */

const ZExportTeamSchema = z.object({
  id: z.number(),
  nom: z.string(),
  categorie: z.string(),
  division: z.string(),
  /** The role held in the team (hats; null: none). */
  role: z.string().nullable(),
});

/** One member's data as the export holds it (the reader, or one of their children). */
export const ZExportedMemberSchema = z.object({
  profil: z.object({
    id: z.number(),
    nom: z.string(),
    prenom: z.string(),
    dateDeNaissance: z.string().nullable(),
    genre: z.string().nullable(),
    email: z.string(),
    numeroTelephone: z.string().nullable(),
    numeroLicence: z.string().nullable(),
    role: z.string(),
    /** The club role (hats; null: none). */
    roleClub: z.string().nullable(),
    statut: z.string(),
    taille: z.number().nullable(),
    poids: z.number().nullable(),
    numero: z.number().nullable(),
    poste: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    partageCoordonnees: z.boolean(),
    creeLe: z.string(),
    modifieLe: z.string(),
    activeLe: z.string().nullable(),
    motDePasseChangeLe: z.string().nullable(),
  }),
  club: z.object({ id: z.number(), nom: z.string() }),
  equipes: z.array(ZExportTeamSchema),
  /** Guardianships: the member's parents and children (names only). */
  parents: z.array(z.object({ id: z.number(), nom: z.string(), prenom: z.string() })),
  enfants: z.array(z.object({ id: z.number(), nom: z.string(), prenom: z.string() })),
  convocations: z.array(
    z.object({
      matchId: z.number(),
      match: z.string(),
      dateDebut: z.string(),
      statutPresence: z.string().nullable(),
      justification: z.string().nullable(),
      reponduLe: z.string().nullable(),
    }),
  ),
  presences: z.array(
    z.object({
      evenementId: z.number(),
      evenement: z.string(),
      dateDebut: z.string(),
      statutPresence: z.string(),
      justification: z.string().nullable(),
      reponduLe: z.string(),
    }),
  ),
  sessions: z.array(
    z.object({
      creeeLe: z.string(),
      derniereUtilisation: z.string(),
      expireLe: z.string(),
      revoqueeLe: z.string().nullable(),
      navigateur: z.string().nullable(),
      appareil: z.string().nullable(),
    }),
  ),
  abonnementsCalendrier: z.array(
    z.object({
      equipeId: z.number().nullable(),
      matchesSeulement: z.boolean(),
      creeLe: z.string(),
      revoqueLe: z.string().nullable(),
    }),
  ),
  /** Devices registered for Web Push: the push service, the browser, the date (no key). */
  appareilsNotifications: z.array(
    z.object({ service: z.string(), navigateur: z.string().nullable(), creeLe: z.string() }),
  ),
  /** Carpooling: rides offered (with the departure place) and seats booked for the member. */
  covoiturage: z.object({
    conduites: z.array(
      z.object({
        evenementId: z.number(),
        evenement: z.string(),
        places: z.number(),
        depart: z.string(),
        heureDepart: z.string(),
        creeLe: z.string(),
      }),
    ),
    places: z.array(
      z.object({
        evenementId: z.number(),
        evenement: z.string(),
        depart: z.string(),
        heureDepart: z.string(),
        reserveeLe: z.string(),
      }),
    ),
  }),
  /**
   * Volunteer duties (docs/decisions/0130): those the member comes for, and those done for them
   * (a guardian signed up for the child); optional for answers built before them.
   */
  taches: z
    .array(
      z.object({
        evenementId: z.number(),
        evenement: z.string(),
        dateDebut: z.string(),
        tache: z.string(),
        pourMembreId: z.number().nullable(),
        inscritLe: z.string(),
      }),
    )
    .optional(),
  /** Payments of the member's fee (accounting records, kept 10 years), cancelled ones marked. */
  paiements: z.array(
    z.object({
      saison: z.string(),
      date: z.string(),
      montant: z.number(),
      moyen: z.string(),
      reference: z.string().nullable(),
      annuleLe: z.string().nullable(),
    }),
  ),
  /**
   * Messages: the conversations the member takes or took part in (title, read mark) and the
   * messages they wrote (text as sent, unless they deleted it).
   */
  messages: z.object({
    conversations: z.array(
      z.object({
        id: z.number(),
        titre: z.string().nullable(),
        type: z.string(),
        depuis: z.string(),
        jusquA: z.string().nullable(),
        parent: z.boolean(),
      }),
    ),
    ecrits: z.array(
      z.object({
        conversationId: z.number(),
        contenu: z.string(),
        envoyeLe: z.string(),
        statut: z.enum(['VISIBLE', 'MASQUE', 'SUPPRIME']),
      }),
    ),
  }),
  preferencesNotifications: ZNotificationPreferencesSchema,
  /** Audit entries made by the member or about the member. */
  journal: z.array(
    z.object({
      date: z.string(),
      action: z.string(),
      objet: z.string(),
      objetId: z.number().nullable(),
      parCeMembre: z.boolean(),
      details: z.unknown(),
    }),
  ),
});
export type TExportedMember = z.infer<typeof ZExportedMemberSchema>;

/** GET /api/compte/donnees: everything the app holds about the reader and their children. */
export const ZAccountDataSchema = z.object({
  application: z.string(),
  exporteLe: z.string(),
  moi: ZExportedMemberSchema,
  enfants: z.array(ZExportedMemberSchema),
});
export type TAccountData = z.infer<typeof ZAccountDataSchema>;

/** The export's file name for that day ('YYYY-MM-DD'). */
export const accountDataFileName = (day: string) => `mes-donnees-club-manager-${day}.json`;
