import { normalizeRole, type Role } from './enums.ts';
import {
  definePermissions,
  hatsOf,
  leadersRow,
  scopeAllows,
  teamsWithRole,
  type PermissionSubject,
  type TTeamHat,
} from './permissions.ts';

/**
 * The rules of members that validate nothing: field messages, writable fields, limits, roles
 * offered, permissions and who edits which field. Without zod, so that a screen applying them does
 * not ship the schemas of members.ts, which re-exports them
 * (docs/decisions/0091-signed-in-javascript-budget.md).
 */

/** Field messages of the member forms that the spec leaves to the server (French, shown under fields). */
export const MEMBER_FIELD_MESSAGES = {
  emailInvalid: "L'email est incorrect.",
  phoneInvalid: 'Numéro de téléphone invalide.',
  genreInvalid: 'Genre invalide.',
  roleInvalid: 'Rôle invalide.',
  statutInvalid: 'Statut invalide (Actif, Blessé, Malade ou Suspendu).',
  intRange: (min: number, max: number) => `Entrez un nombre entier entre ${min} et ${max}.`,
  emailTaken: 'Un compte existe déjà avec cette adresse e-mail.',
  teamUnknown: 'Équipe introuvable dans ce club.',
  fieldForbidden: 'Vous ne pouvez pas modifier ce champ.',
  roleForbidden:
    'Seul un dirigeant peut attribuer ou retirer le rôle de dirigeant ou de responsable.',
  ownRoleForbidden: 'Vous ne pouvez pas modifier votre propre rôle.',
  lastManager: 'Le club doit garder au moins un dirigeant.',
  leaderProtected: 'Seul un dirigeant peut modifier ou supprimer un dirigeant ou un responsable.',
  /** Whether a member is a minor is the club's to decide (docs/decisions/0103-rules-found-by-probing.md). */
  ownBirthDateMinor:
    'Un membre mineur ne modifie pas lui-même sa date de naissance : demandez à un dirigeant ou à un responsable du club.',
  ownBirthDateToMinor:
    'Cette date de naissance ferait de vous un mineur : seul un dirigeant ou un responsable du club peut l’indiquer.',
  alreadyActivated: 'Ce membre a déjà activé son compte.',
  childUnknown: 'Enfant introuvable dans ce club.',
  childSelf: 'Un membre ne peut pas être son propre enfant.',
  /** A guardian is an adult of the club (hats: any adult may have children). */
  guardianMinor: 'Un membre mineur ne peut pas être parent d’un autre membre.',
  parentUnknown: 'Parent introuvable dans ce club.',
  parentSelf: 'Un membre ne peut pas être son propre parent.',
  /**
   * A minor without e-mail (or phone) is reached through their guardians (docs/decisions/0111):
   * without one, the club could not reach them at all.
   */
  childNeedsGuardian:
    'Sans e-mail, un enfant doit avoir au moins un parent dans le club : indiquez son e-mail ou choisissez un parent.',
  /** A guardian leaving the last one of a child without e-mail. */
  lastGuardianOfChildWithoutEmail:
    'Cet enfant n’a pas d’e-mail : il doit garder au moins un parent dans le club.',
  /** No invitation for a member without e-mail (a child: the guardians get the mails). */
  noEmail: 'Ce membre n’a pas d’adresse e-mail : ses messages vont à ses parents.',
  tooManyParents: 'Un membre a 20 parents liés au plus.',
  roleClubInvalid: 'Rôle club invalide (DIRIGEANT, RESPONSABLE ou aucun).',
  teamRoleInvalid: 'Rôle d’équipe invalide (ENTRAINEUR, JOUEUR ou PARENT).',
  teamTwice: 'Une équipe ne peut figurer qu’une fois.',
  tooManyTeams: 'Un membre appartient à 20 équipes au plus.',
  tooManyChildren: 'Un parent a 20 enfants liés au plus.',
  invitationSent: 'Invitation envoyée.',
  memberDeleted: 'Membre supprimé.',
} as const;

/** The fields of a member that a form may write (spec §3, §4, §5). */
export const MEMBER_WRITABLE_FIELDS = [
  'nom',
  'prenom',
  'dateDeNaissance',
  'genre',
  'email',
  'numeroTelephone',
  'numeroLicence',
  'role',
  'statut',
  'nomEquipe',
  'idEquipe',
  'taille',
  'poids',
  'numero',
  'poste',
  'equipesIds',
  'enfantsIds',
  'partageCoordonnees',
  'roleClub',
  'equipes',
  'parentsIds',
] as const;
export type TMemberField = (typeof MEMBER_WRITABLE_FIELDS)[number];

export const MEMBER_LIMITS = {
  phoneMax: 30,
  licenceMax: 40,
  posteMax: 40,
  taille: [50, 250],
  poids: [20, 250],
  numero: [0, 999],
  /** Teams of one member, children of one parent. */
  teamsMax: 20,
  childrenMax: 20,
} as const;

/** Roles offered by the team members page filter (spec §2). */
export const TEAM_PAGE_ROLES = [
  'JOUEUR',
  'ENTRAINEUR',
  'PARENT',
] as const satisfies readonly Role[];
/** Roles of the club members form, in the spec's order (spec §5). */
export const MEMBER_FORM_ROLES = [
  'JOUEUR',
  'ENTRAINEUR',
  'PARENT',
  'RESPONSABLE',
  'DIRIGEANT',
] as const satisfies readonly Role[];

/**
 * The members row of docs/architecture.md §7 (spec §6 "Team members", profile). Targets: a member
 * (`memberId` and its `teamIds`) or a team (`teamIds: [team]`). Field by field, editableMemberFields.
 */
export const MEMBER_PERMISSIONS = definePermissions({
  /** GET /api/membres/club/{clubId} */
  listClub: leadersRow(),
  /** GET /api/membres/club/{clubId}/recherche */
  searchClub: leadersRow(),
  /** A team's members page: members of that team, and a parent of a child in it. */
  readTeam: {
    ...leadersRow('club', ['sharedTeam']),
    PARENT: ['sharedTeam', 'childrensTeams'],
  },
  /** One member: self, team mates, and a parent's children. */
  read: {
    ...leadersRow('club', ['self', 'sharedTeam']),
    PARENT: ['self', 'sharedTeam', 'children', 'childrensTeams'],
  },
  create: leadersRow(),
  /** Which fields: editableMemberFields. */
  update: {
    ...leadersRow('club', ['self']),
    ENTRAINEUR: ['self', 'sharedTeam'],
  },
  /**
   * A member's `statut` (Actif, Blessé, Malade, Suspendu): leaders, and a coach for the players
   * of the teams they coach — target `statusTarget(member)`, the teams the member plays in. A
   * deliberate difference from spec §6 (docs/architecture.md §11,
   * docs/decisions/0108-injured-and-suspended-players-on-match-day.md). Nobody sets their own
   * unless a leader (editableMemberFields).
   */
  setStatus: { ...leadersRow(), ENTRAINEUR: ['sharedTeam'] },
  delete: leadersRow(),
  resendInvitation: leadersRow(),
  /** GET /api/membres/club/{clubId}/export: every field of every member, as a CSV file. */
  export: leadersRow(),
  /** POST /api/membres/club/{clubId}/import: creates and updates members (their rules apply per row). */
  import: leadersRow(),
  /** PUT /api/equipes/{id}/membres: several members join a team (their rules apply per member). */
  assignTeam: leadersRow(),
});
export type TMemberAction = keyof typeof MEMBER_PERMISSIONS;

/** Who edits and who is edited: enough to apply spec §6 and docs/architecture.md §7. */
export interface TMemberEditParty {
  id: number;
  role: string;
  /** Every team of the member; `teamId` (the primary team alone) is read when it is absent. */
  teamIds?: readonly number[];
  teamId?: number | null;
  /** Hats (permissions.ts); absent: `role` in every team. */
  roleClub?: string | null;
  teamRoles?: readonly TTeamHat[];
  /** The member's children (guardianship is a hat too). */
  childIds?: readonly number[];
  /**
   * The target is a minor by the birth date the club holds (isMinor, privacy.ts: no birth date
   * counts as a minor). A minor's birth date is not theirs to change (below); the server always
   * sets it, a screen that does not know it leaves it out.
   */
  minor?: boolean;
}
const teamsOf = (p: TMemberEditParty): readonly number[] =>
  p.teamIds ?? (p.teamId != null ? [p.teamId] : []);
const subjectOf = (p: TMemberEditParty): PermissionSubject => ({
  id: p.id,
  role: p.role,
  teamIds: teamsOf(p),
  ...(p.childIds ? { childIds: p.childIds } : {}),
  ...(p.teamRoles ? { roleClub: p.roleClub ?? null, teamRoles: p.teamRoles } : {}),
});

/** The target of MEMBER_PERMISSIONS.setStatus: the member and the teams they play in (JOUEUR). */
export function statusTarget(target: TMemberEditParty) {
  return { memberId: target.id, teamIds: teamsWithRole(subjectOf(target), 'JOUEUR') };
}

/** What a leader may change on another member: everything but the member's own choices. */
const ALL_FIELDS: readonly TMemberField[] = MEMBER_WRITABLE_FIELDS.filter(
  (f) => f !== 'partageCoordonnees',
);
/** What a team member may change about themselves, before the role's exceptions. */
const TEAM_SELF_FIELDS: readonly TMemberField[] = [
  'nom',
  'prenom',
  'dateDeNaissance',
  'genre',
  'email',
  'numeroTelephone',
  'numeroLicence',
  'taille',
  'poids',
  'numero',
  'poste',
  'partageCoordonnees',
];

/** A member without a club role keeps their own birth date only while the club holds them as an adult. */
const ownBirthDate = (f: TMemberField, target: TMemberEditParty) =>
  f !== 'dateDeNaissance' || target.minor !== true;

/**
 * The fields `actor` may change on `target` (spec §6 "Team members", docs/architecture.md §7). The
 * server's policy applies it (a changed field outside this set answers 403) and the screens disable
 * the others.
 * - leaders: every field of every club member, except their own role; a RESPONSABLE may not edit a
 *   DIRIGEANT. Granting or removing a leader role is further limited to a DIRIGEANT (value rule).
 * - coach: self, all but numero, poste, numeroLicence; players of one of their teams, numero,
 *   poste and statut (MEMBER_PERMISSIONS.setStatus) only.
 * - player, parent: self, all but numero and poste.
 * With several hats, the union of each hat's fields: a coach of U11 edits the numero and poste of
 * U11's players (a JOUEUR membership in U11), not of his teammates of the veterans.
 * Nobody changes their own role, statut, teams or children unless they are a leader (nor their
 * own club role even then); only the member changes `partageCoordonnees` (their own choice,
 * privacy.ts). Whether a member is a minor decides what other families see of them: a member
 * without a club role changes their own birth date only while the club holds them as an adult
 * (`target.minor` not true), and never to a minor's date (a value rule, members.policy.ts on the
 * server) — docs/decisions/0103-rules-found-by-probing.md.
 */
export function editableMemberFields(
  actor: TMemberEditParty,
  target: TMemberEditParty,
): ReadonlySet<TMemberField> {
  const targetSubject = subjectOf(target);
  const targetRole = normalizeRole(target.role);
  const self = actor.id === target.id;
  const fields = new Set<TMemberField>();
  for (const hat of hatsOf(subjectOf(actor))) {
    if (hat.role === 'DIRIGEANT' || hat.role === 'RESPONSABLE') {
      if (self)
        [
          ...ALL_FIELDS.filter((f) => f !== 'role' && f !== 'roleClub'),
          'partageCoordonnees' as const,
        ].forEach((f) => fields.add(f));
      else if (!(hat.role === 'RESPONSABLE' && targetRole === 'DIRIGEANT'))
        ALL_FIELDS.forEach((f) => fields.add(f));
    } else if (hat.role === 'ENTRAINEUR') {
      if (self)
        TEAM_SELF_FIELDS.filter(
          (f) =>
            f !== 'numero' && f !== 'poste' && f !== 'numeroLicence' && ownBirthDate(f, target),
        ).forEach((f) => fields.add(f));
      else if (teamsWithRole(targetSubject, 'JOUEUR').some((t) => hat.subject.teamIds.includes(t)))
        (['numero', 'poste'] as const).forEach((f) => fields.add(f));
      if (
        !self &&
        scopeAllows(MEMBER_PERMISSIONS.setStatus[hat.role], hat.subject, statusTarget(target))
      )
        fields.add('statut');
    } else if (self) {
      TEAM_SELF_FIELDS.filter(
        (f) => f !== 'numero' && f !== 'poste' && ownBirthDate(f, target),
      ).forEach((f) => fields.add(f));
    }
  }
  return fields;
}

/** The profile page's own fields (spec §2, §5). */
export const PROFILE_FIELDS = [
  'nom',
  'prenom',
  'dateDeNaissance',
  'email',
  'numeroTelephone',
  'genre',
  'partageCoordonnees',
] as const satisfies readonly TMemberField[];
