import {
  MEMBER_FIELD_MESSAGES,
  MEMBER_RESTORE_MESSAGES,
  PRIVACY_MESSAGES,
  SERVER_MESSAGES,
  ageCategory,
  holdsClubRole,
  normalizeClubRole,
  principalRole,
  type TTeamHat,
  categoryBirthYears,
  editableMemberFields,
  seasonOf,
  isMinor,
  mayFilterOnPrivateFields,
  mayGoWithoutContact,
  missingContactErrors,
  visibleChildren,
  type TMember,
  type TMemberField,
  type AgeCategory,
  type TPage,
  type ZClubMemberListQuerySchema,
  type ZClubMemberSearchSchema,
  type ZMemberCreateSchema,
  type ZMemberUpdateSchema,
  type ZTeamMemberSearchSchema,
} from '@club/contract';
import type { Clock } from '../../lib/clock.ts';
import type { z } from 'zod';
import {
  assertOwnClub,
  found,
  memberReader,
  projectMember,
  type Actor,
  type MemberReader,
} from '../../authz/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { clubSeasonContext, type ClubSeasonContext } from '../../db/club-settings.ts';
import type { members } from '../../db/schema.ts';
import { audit, auditMany } from '../../lib/audit.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { matchSync } from '../matches/index.ts';
import type { MatchNotifier } from '../notifications/index.ts';
import { memberDeletion } from './members.deletion.ts';
import { resolveHats } from './members.hats.ts';
import { MEMBER_COLUMNS, SCALAR_MEMBER_FIELDS, sameMemberValue } from './members.fields.ts';
import {
  assertMayChange,
  assertMayChangeOwnBirthDate,
  assertMayDelete,
  assertMayGrant,
  assertMayReadOwnTeamsMember,
  assertMayReadOwnTeamsMembers,
  memberTarget,
  membersPolicy,
} from './members.policy.ts';
import {
  membersRepository as repo,
  type MemberFilters,
  type MemberRow,
} from './members.repository.ts';

type CreateInput = z.output<typeof ZMemberCreateSchema>;
type UpdateInput = z.output<typeof ZMemberUpdateSchema>;
type ClubSearch = z.output<typeof ZClubMemberSearchSchema>;
type ClubListQuery = z.output<typeof ZClubMemberListQuerySchema>;
type TeamSearch = z.output<typeof ZTeamMemberSearchSchema>;
type Paging = { page?: number; size?: number };
type MemberValues = Partial<typeof members.$inferInsert>;

const DEFAULT_PAGE_SIZE = 20;

/** Sends a member's invitation (the auth feature's invitation service); false when the mail failed. */
export type Inviter = (member: { id: number; clubId: number }) => Promise<boolean>;

export interface MembersDeps {
  db: DbOrTx;
  invite: Inviter;
  /** A player convoked by joining a team gets the convocation mail. */
  notifier: MatchNotifier;
  clock: Clock;
  /** Queues, in the deletion's transaction, the erasure of its snapshot (decision 0087). */
  queueDeletionPurge?: (tx: DbOrTx, deletionId: number) => Promise<void>;
}

/**
 * The member JSON of spec §3 through the field map, as `reader` may see it (the privacy projection,
 * authz/member-privacy.ts). idEquipe / nomEquipe are the primary team, `equipes` every team with
 * the role held in it, `roleClub` the club role, `enfants` the member's children and `parentsIds`
 * their guardians (hats, docs/architecture.md §7); leaders also learn whether the account still
 * waits for activation.
 */
export function toMemberJson(
  row: MemberRow,
  reader: MemberReader,
  season: ClubSeasonContext,
): TMember {
  const fields = Object.fromEntries(
    SCALAR_MEMBER_FIELDS.map((f) => [f, row[repoKey(f)] ?? null]),
  ) as Pick<TMember, (typeof SCALAR_MEMBER_FIELDS)[number]>;
  const json: TMember = {
    id: row.id,
    ...fields,
    nomEquipe: row.teamNom,
    avatarUrl: row.avatarUrl,
    idClub: row.clubId,
    idEquipe: row.teamId,
    roleClub: normalizeClubRole(row.roleClub),
    equipes: row.teams,
    // Another family reads only the children it may read anyway (decision 0106).
    enfants: visibleChildren(reader.subject, row.id, row.children),
    parentsIds: row.parentIds,
    ...(holdsClubRole(reader.subject) ? { invitationEnAttente: !row.activated } : {}),
    categorie: ageCategory(row.dateNaissance, season.today, season.startMonth),
  };
  return projectMember(reader, privacySubjectOf(row), json);
}

/** The season filters of a club list (`?categorie=`, `?sansEquipe=true`) as repository filters. */
export function seasonFilters(
  q: { categorie?: AgeCategory; sansEquipe?: true },
  season: ClubSeasonContext,
): MemberFilters {
  return {
    ...(q.categorie
      ? {
          birthYears: categoryBirthYears(
            q.categorie,
            seasonOf(season.today, season.startMonth).anneeReference,
          ),
        }
      : {}),
    ...(q.sansEquipe ? { noTeam: true } : {}),
  };
}

/** The member as the privacy rule reads it. */
export const privacySubjectOf = (row: MemberRow) => ({
  id: row.id,
  role: row.role,
  teamIds: row.teams.map((t) => t.id),
  teamRoles: teamHatsOf(row),
  dateDeNaissance: row.dateNaissance,
  partageCoordonnees: row.partageCoordonnees,
});
const teamHatsOf = (row: MemberRow): TTeamHat[] =>
  row.teams.map((t) => ({ id: t.id, role: t.role }));
/** The row key of a column (the select uses the column's property names). */
const repoKey = (f: (typeof SCALAR_MEMBER_FIELDS)[number]) =>
  MEMBER_COLUMNS[f] as keyof MemberRow & (typeof MEMBER_COLUMNS)[typeof f];

const targetOf = (row: MemberRow) => ({
  id: row.id,
  role: row.role,
  teamIds: row.teams.map((t) => t.id),
  roleClub: normalizeClubRole(row.roleClub),
  teamRoles: teamHatsOf(row),
});

function pagingOf(q: Paging) {
  if (q.page === undefined && q.size === undefined) return undefined;
  return { page: q.page ?? 0, size: q.size ?? DEFAULT_PAGE_SIZE };
}

const emailConflict = () =>
  conflict(MEMBER_FIELD_MESSAGES.emailTaken, { email: MEMBER_FIELD_MESSAGES.emailTaken });

/**
 * The teams an input asks for, or undefined when it does not touch them. `equipesIds` (first
 * primary) wins; the spec's single idEquipe / nomEquipe replaces the primary team only, keeping
 * the others. Returns the field the input used, for the edit rules and the audit.
 */
async function requestedTeams(
  db: DbOrTx,
  clubId: number,
  input: {
    equipes?: readonly { id: number }[];
    equipesIds?: number[];
    idEquipe?: number | null;
    nomEquipe?: string | null;
  },
  current: readonly number[],
): Promise<{ field: TMemberField; teamIds: number[] } | undefined> {
  if (input.equipes !== undefined) {
    const ids = input.equipes.map((t) => t.id);
    const known = await repo.existingTeamIds(db, clubId, ids);
    if (known.length !== ids.length)
      throw badRequest(undefined, { equipes: MEMBER_FIELD_MESSAGES.teamUnknown });
    return { field: 'equipes', teamIds: ids };
  }
  if (input.equipesIds !== undefined) {
    const known = await repo.existingTeamIds(db, clubId, input.equipesIds);
    if (known.length !== input.equipesIds.length)
      throw badRequest(undefined, { equipesIds: MEMBER_FIELD_MESSAGES.teamUnknown });
    return { field: 'equipesIds', teamIds: input.equipesIds };
  }
  let field: TMemberField;
  let team: { id: number } | undefined | null;
  if (input.idEquipe !== undefined) {
    field = 'idEquipe';
    team = input.idEquipe === null ? null : await repo.findTeamById(db, clubId, input.idEquipe);
  } else if (input.nomEquipe !== undefined) {
    field = 'nomEquipe';
    team = input.nomEquipe === null ? null : await repo.findTeamByName(db, clubId, input.nomEquipe);
  } else return undefined;
  if (team === undefined)
    throw badRequest(undefined, { [field]: MEMBER_FIELD_MESSAGES.teamUnknown });
  const primary = team?.id ?? null;
  const others = current.slice(1).filter((t) => t !== primary);
  return { field, teamIds: primary === null ? others : [primary, ...others] };
}

/**
 * Validates a guardian's children: members of the club, not the guardian; any adult may have
 * children (hats), a minor (known birth date) may not.
 */
async function requestedChildren(
  db: DbOrTx,
  clubId: number,
  memberId: number | null,
  guardianBirth: string | null,
  today: string,
  childIds: number[],
): Promise<number[]> {
  if (!childIds.length) return [];
  if (memberId !== null && childIds.includes(memberId))
    throw badRequest(undefined, { enfantsIds: MEMBER_FIELD_MESSAGES.childSelf });
  if (guardianBirth !== null && isMinor(guardianBirth, today))
    throw badRequest(undefined, { enfantsIds: MEMBER_FIELD_MESSAGES.guardianMinor });
  const known = await repo.existingMemberIds(db, clubId, childIds);
  if (known.length !== childIds.length)
    throw badRequest(undefined, { enfantsIds: MEMBER_FIELD_MESSAGES.childUnknown });
  return childIds;
}

/** Validates a member's guardians: adults (known birth date not a minor's) of the club, not the member. */
async function requestedParents(
  db: DbOrTx,
  clubId: number,
  memberId: number | null,
  today: string,
  parentIds: number[],
): Promise<number[]> {
  if (!parentIds.length) return [];
  if (memberId !== null && parentIds.includes(memberId))
    throw badRequest(undefined, { parentsIds: MEMBER_FIELD_MESSAGES.parentSelf });
  const rows = await repo.birthDates(db, clubId, parentIds);
  if (rows.length !== parentIds.length)
    throw badRequest(undefined, { parentsIds: MEMBER_FIELD_MESSAGES.parentUnknown });
  if (rows.some((r) => r.dateNaissance !== null && isMinor(r.dateNaissance, today)))
    throw badRequest(undefined, { parentsIds: MEMBER_FIELD_MESSAGES.guardianMinor });
  return parentIds;
}

const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);
const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

export function createMembersService(deps: MembersDeps) {
  const { db } = deps;

  /**
   * Convocations follow the member's teams; the newly convoked get their mail (decision 0025),
   * the withdrawn are told (decision 0107).
   */
  async function syncConvocations(tx: DbOrTx, clubId: number, memberId: number) {
    const { addedMatchIds, removedMatchIds } = await matchSync.syncMemberConvocations(
      tx,
      clubId,
      memberId,
      deps.clock,
    );
    for (const matchId of removedMatchIds)
      await deps.notifier.playersWithdrawn(tx, clubId, matchId, [memberId]);
    // One digest for all the upcoming matches, not one mail per match.
    if (addedMatchIds.length)
      await deps.notifier.memberConvoked(tx, clubId, memberId, addedMatchIds);
  }

  async function list(
    actor: Actor,
    filters: MemberFilters,
    q: Paging,
    known?: ClubSeasonContext,
  ): Promise<TMember[] | TPage<TMember>> {
    const paging = pagingOf(q);
    // One after the other: inside the request's transaction they share one connection.
    const { rows, total } = await repo.list(db, actor.clubId, filters, paging);
    const season = known ?? (await clubSeasonContext(db, actor.clubId));
    // The club's today serves both the privacy rule (minors) and the age categories.
    const reader: MemberReader = { subject: actor, today: season.today };
    const content = rows.map((r) => toMemberJson(r, reader, season));
    if (!paging) return content;
    return {
      content,
      page: paging.page,
      size: paging.size,
      totalElements: total,
      totalPages: Math.ceil(total / paging.size),
    };
  }

  async function teamOf(actor: Actor, nomEquipe: string) {
    const team = found(await repo.findTeamByName(db, actor.clubId, nomEquipe));
    assertMayReadOwnTeamsMembers(actor, team.id);
    return team;
  }

  async function loadTarget(tx: DbOrTx, actor: Actor, id: number): Promise<MemberRow> {
    await repo.lockById(tx, actor.clubId, id);
    return found(await repo.findById(tx, actor.clubId, id));
  }

  async function answer(actor: Actor, id: number) {
    const row = found(await repo.findById(db, actor.clubId, id));
    const season = await clubSeasonContext(db, actor.clubId);
    return toMemberJson(row, { subject: actor, today: season.today }, season);
  }

  return {
    /** GET /api/membres/club/{clubId} */
    async listClub(actor: Actor, clubId: number, q: ClubListQuery) {
      assertOwnClub(actor, clubId);
      const { page, size, ...filters } = q;
      const season = await clubSeasonContext(db, actor.clubId);
      return list(actor, seasonFilters(filters, season), { page, size }, season);
    },

    /** GET /api/membres/club/{clubId}/recherche */
    async searchClub(actor: Actor, clubId: number, q: ClubSearch) {
      assertOwnClub(actor, clubId);
      const { page, size, categorie, sansEquipe, ...filters } = q;
      const season = await clubSeasonContext(db, actor.clubId);
      return list(
        actor,
        { ...filters, ...seasonFilters({ categorie, sansEquipe }, season) },
        { page, size },
        season,
      );
    },

    /** GET /api/membres/{clubId}/equipe/{nomEquipe} */
    async listTeam(actor: Actor, clubId: number, nomEquipe: string, q: Paging) {
      assertOwnClub(actor, clubId);
      const team = await teamOf(actor, nomEquipe);
      return list(actor, { teamId: team.id }, q);
    },

    /**
     * GET /api/membres/recherche/equipe. The birth-date filter is for readers who see every
     * member's birth date (leaders, the team's coaches): for anyone else it would be a lookup of a
     * hidden field (403).
     */
    async searchTeam(actor: Actor, q: TeamSearch) {
      assertOwnClub(actor, q.clubId);
      const team = await teamOf(actor, q.nomEquipe);
      const { page, size, nom, prenom, role, dateNaissance } = q;
      if (dateNaissance !== undefined && !mayFilterOnPrivateFields(actor, team.id))
        throw new HttpError(403, PRIVACY_MESSAGES.privateFilterForbidden, {
          dateNaissance: PRIVACY_MESSAGES.privateFilterForbidden,
        });
      return list(actor, { teamId: team.id, nom, prenom, role, dateNaissance }, { page, size });
    },

    /** GET /api/membres/{id} */
    async get(actor: Actor, id: number) {
      const row = found(await repo.findById(db, actor.clubId, id));
      assertMayReadOwnTeamsMember(actor, targetOf(row));
      const season = await clubSeasonContext(db, actor.clubId);
      return toMemberJson(row, { subject: actor, today: season.today }, season);
    },

    /** POST /api/membres — creates the member (no password yet) and mails the invitation. */
    async create(actor: Actor, input: CreateInput) {
      assertOwnClub(actor, input.clubId);
      const id = await db.transaction(async (tx) => {
        const teams = await requestedTeams(tx, actor.clubId, input, []);
        const hats = resolveHats(
          { role: null, roleClub: null, teams: [] },
          input,
          teams?.teamIds ?? [],
        );
        assertMayGrant(actor, null, hats.roleClub, hats.clubRoleField);
        const today = (await memberReader(tx, actor)).today;
        const children = await requestedChildren(
          tx,
          actor.clubId,
          null,
          input.dateDeNaissance,
          today,
          input.enfantsIds ?? [],
        );
        const parents = await requestedParents(
          tx,
          actor.clubId,
          null,
          today,
          input.parentsIds ?? [],
        );
        // A minor with a guardian may go without e-mail and phone (decision 0111), by the club's today.
        const missing = missingContactErrors({ ...input, parentsIds: parents }, today);
        if (Object.keys(missing).length) throw badRequest(undefined, missing);
        // Unique in the club only: an e-mail of another club's account gets an invitation that
        // joins that account, accepted with its password (docs/decisions/0112).
        if (input.email !== null && (await repo.emailTaken(tx, input.email, actor.clubId)))
          throw emailConflict();
        const values: MemberValues = {};
        for (const f of SCALAR_MEMBER_FIELDS) {
          // partageCoordonnees is the member's own choice: never set by whoever creates the row.
          const v = f === 'partageCoordonnees' || f === 'role' ? undefined : input[f];
          if (v !== undefined) (values as Record<string, unknown>)[MEMBER_COLUMNS[f]] = v;
        }
        const id = await repo.insert(tx, {
          ...values,
          nom: input.nom,
          prenom: input.prenom,
          email: input.email,
          // The principal hat follows the hats (migration 0015); the declared role stands for a
          // member without any.
          role: principalRole(
            { roleClub: hats.roleClub, equipes: hats.teams, hasChildren: children.length > 0 },
            input.role,
          ),
          clubRole: hats.roleClub,
          statut: input.statut ?? 'Actif',
          clubId: actor.clubId,
          passwordHash: null,
        });
        const teamIds = hats.teams.map((t) => t.id);
        if (teamIds.length) await repo.setTeams(tx, actor.clubId, id, hats.teams);
        // Guardians first: a child's convocation digest goes to them (decision 0111).
        if (children.length) await repo.setChildren(tx, actor.clubId, id, children);
        if (parents.length) await repo.setParents(tx, actor.clubId, id, parents);
        // A player who joins a team is convoked to its upcoming matches (matches feature).
        if (teamIds.length) await syncConvocations(tx, actor.clubId, id);
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'create',
          entity: 'member',
          entityId: id,
          details: {
            role: input.role ?? null,
            roleClub: hats.roleClub,
            teams: hats.teams,
            teamIds,
            childIds: children,
            parentIds: parents,
            // Without e-mail, no invitation: the guardians get the child's mails (decision 0111).
            invitation: input.email !== null,
          },
        });
        return id;
      });
      if (input.email !== null) await deps.invite({ id, clubId: actor.clubId });
      return answer(actor, id);
    },

    /**
     * PUT /api/membres/{id} — partial update. Each field whose value changes must be one the actor
     * may edit (403 otherwise); a field sent with its current value is accepted as unchanged.
     */
    async update(actor: Actor, id: number, input: UpdateInput) {
      assertOwnClub(actor, input.clubId);
      await db.transaction(async (tx) => {
        const row = await loadTarget(tx, actor, id);
        const today = (await memberReader(tx, actor)).today;
        // The birth date the club holds decides who is a minor (decision 0103).
        const target = { ...targetOf(row), minor: isMinor(row.dateNaissance, today) };
        if (
          !membersPolicy.can(actor, 'update', memberTarget(target)) ||
          editableMemberFields(actor, target).size === 0
        ) {
          throw forbidden(holdsClubRole(actor) ? MEMBER_FIELD_MESSAGES.leaderProtected : undefined);
        }
        const values: MemberValues = {};
        const changed: TMemberField[] = [];
        for (const f of SCALAR_MEMBER_FIELDS) {
          if (f === 'role') continue; // the hats below
          const next = input[f];
          const current = row[repoKey(f)];
          const same = sameMemberValue[f] ?? ((a, b) => a === b);
          if (next === undefined || same(current, next)) continue;
          (values as Record<string, unknown>)[MEMBER_COLUMNS[f]] = next;
          changed.push(f);
        }
        const teams = await requestedTeams(tx, actor.clubId, input, target.teamIds);
        const hats = resolveHats(
          { role: row.role, roleClub: target.roleClub, teams: target.teamRoles },
          input,
          teams?.teamIds,
        );
        const newTeamIds = hats.teams.map((t) => t.id);
        const teamsMoved = !sameList(newTeamIds, target.teamIds);
        if (teamsMoved && teams && teams.field !== 'equipes') changed.push(teams.field);
        for (const f of hats.changed) if (!changed.includes(f)) changed.push(f);
        const teamsChanged =
          teamsMoved ||
          hats.teams.some(
            (t, i) => t.role !== target.teamRoles[i]?.role || t.id !== target.teamRoles[i]?.id,
          );

        const birth = values.dateNaissance !== undefined ? values.dateNaissance : row.dateNaissance;
        const currentChildren = row.children.map((c) => c.id);
        let newChildren: number[] | undefined;
        if (input.enfantsIds !== undefined) {
          const children = await requestedChildren(
            tx,
            actor.clubId,
            row.id,
            birth ?? null,
            today,
            input.enfantsIds,
          );
          if (!sameSet(children, currentChildren)) {
            newChildren = children;
            changed.push('enfantsIds');
          }
        }
        let newParents: number[] | undefined;
        if (input.parentsIds !== undefined) {
          const parents = await requestedParents(tx, actor.clubId, row.id, today, input.parentsIds);
          if (!sameSet(parents, row.parentIds)) {
            newParents = parents;
            changed.push('parentsIds');
          }
        }

        // Without e-mail, the member stays a minor with a guardian (decision 0111); an account's
        // address (it signs in with it) is never cleared.
        if (values.email === null && row.activated)
          throw badRequest(undefined, { email: SERVER_MESSAGES.required });
        const email = values.email !== undefined ? values.email : row.email;
        if (
          email === null &&
          !mayGoWithoutContact(birth, newParents ?? row.parentIds, today) &&
          (changed.includes('email') ||
            changed.includes('parentsIds') ||
            changed.includes('dateDeNaissance'))
        ) {
          const field = changed.includes('email')
            ? 'email'
            : changed.includes('parentsIds')
              ? 'parentsIds'
              : 'dateDeNaissance';
          const message =
            field === 'parentsIds'
              ? MEMBER_FIELD_MESSAGES.lastGuardianOfChildWithoutEmail
              : (missingContactErrors({ email: null, dateDeNaissance: birth }, today).email ??
                MEMBER_FIELD_MESSAGES.childNeedsGuardian);
          throw badRequest(undefined, { [field]: message });
        }
        if (changed.includes('dateDeNaissance'))
          assertMayChangeOwnBirthDate(actor, target, birth ?? null, today);
        assertMayChange(
          actor,
          target,
          changed,
          hats.roleClub !== target.roleClub
            ? { from: target.roleClub, to: hats.roleClub, field: hats.clubRoleField }
            : undefined,
        );
        // A minor's contact details are never shared with other families (privacy.ts): a minor by
        // the birth date the club held before this request, or by the one it holds after.
        const sharing = values.partageCoordonnees ?? row.partageCoordonnees;
        if (sharing && (target.minor || isMinor(birth, today))) {
          if (values.partageCoordonnees)
            throw badRequest(PRIVACY_MESSAGES.shareContactForbidden, {
              partageCoordonnees: PRIVACY_MESSAGES.shareContactForbidden,
            });
          values.partageCoordonnees = false;
        }
        if (!changed.length) return;

        if (target.roleClub === 'DIRIGEANT' && hats.roleClub !== 'DIRIGEANT') {
          if ((await repo.lockManagers(tx, actor.clubId)) <= 1)
            throw conflict(MEMBER_FIELD_MESSAGES.lastManager, {
              [hats.clubRoleField]: MEMBER_FIELD_MESSAGES.lastManager,
            });
        }
        if (
          changed.includes('email') &&
          values.email != null &&
          // Any club: a changed address never joins another account (docs/decisions/0112).
          (await repo.emailsInUse(tx, [values.email])).size > 0
        )
          throw emailConflict();
        if (hats.roleClub !== target.roleClub) {
          values.clubRole = hats.roleClub;
          // The declared role of a member left without any hat (the principal is recomputed).
          values.role = input.role ?? hats.roleClub ?? 'JOUEUR';
        } else if (changed.includes('role') && input.role) values.role = input.role;
        if (Object.keys(values).length) await repo.update(tx, actor.clubId, row.id, values);
        if (teamsChanged) await repo.setTeams(tx, actor.clubId, row.id, hats.teams);
        if (newChildren) await repo.setChildren(tx, actor.clubId, row.id, newChildren);
        if (newParents) await repo.setParents(tx, actor.clubId, row.id, newParents);
        // Joining or leaving a team, or a JOUEUR hat, follows on upcoming convocations (the
        // guardians as they now are are told).
        if (teamsChanged) await syncConvocations(tx, actor.clubId, row.id);
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'update',
          entity: 'member',
          entityId: row.id,
          details: {
            fields: changed,
            ...(changed.includes('role') ? { role: { from: row.role, to: input.role } } : {}),
            ...(hats.roleClub !== target.roleClub
              ? { roleClub: { from: target.roleClub, to: hats.roleClub } }
              : {}),
            ...(teamsChanged ? { teams: { from: target.teamRoles, to: hats.teams } } : {}),
            ...(teamsMoved ? { teamIds: { from: target.teamIds, to: newTeamIds } } : {}),
          },
        });
      });
      return answer(actor, id);
    },

    /** DELETE /api/membres/{id} */
    async remove(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const row = await loadTarget(tx, actor, id);
        // One's own account goes through DELETE /api/compte (password, anonymised row).
        if (row.id === actor.id) throw forbidden(PRIVACY_MESSAGES.ownRowDelete);
        assertMayDelete(actor, targetOf(row));
        if (normalizeClubRole(row.roleClub) === 'DIRIGEANT') {
          if ((await repo.lockManagers(tx, actor.clubId)) <= 1)
            throw conflict(MEMBER_FIELD_MESSAGES.lastManager);
        }
        // Deleted now; its rows are kept for the undo window only (decision 0087).
        const deletionId = await memberDeletion.keepSnapshot(
          tx,
          actor.clubId,
          row.id,
          actor.id,
          deps.clock.now(),
        );
        await repo.delete(tx, actor.clubId, row.id);
        if (deletionId !== null && deps.queueDeletionPurge)
          await deps.queueDeletionPurge(tx, deletionId);
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'delete',
          entity: 'member',
          entityId: row.id,
          details: {
            role: row.role,
            roleClub: row.roleClub,
            teams: teamHatsOf(row),
            teamIds: row.teams.map((t) => t.id),
          },
        });
      });
      return { message: MEMBER_FIELD_MESSAGES.memberDeleted };
    },

    /**
     * POST /api/membres/{id}/restaurer — undoes a deletion within its window (decision 0087): the
     * member, their teams, guardian links and answers come back. Who may delete the member may
     * restore them. No live snapshot (never deleted, another club's, window over) → 404; the
     * e-mail address taken by another account meanwhile → 409.
     */
    async restore(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const live = await memberDeletion.findLive(tx, actor.clubId, id, deps.clock.now());
        if (!live) throw notFound(MEMBER_RESTORE_MESSAGES.expired);
        const { member, rows } = live.snapshot;
        const teamIds = [
          ...new Set(
            (rows.team_memberships as { team_id: number }[] | undefined)?.map((m) => m.team_id) ??
              [],
          ),
        ];
        assertMayDelete(actor, { id, role: String(member.role), teamIds });
        const email = String(member.email);
        if ((await repo.emailsInUse(tx, [email])).size > 0)
          throw conflict(MEMBER_RESTORE_MESSAGES.emailTaken);
        await memberDeletion.restore(tx, actor.clubId, live.id, live.snapshot);
        // Matches created meanwhile convoke the player as for any member joining a team.
        await syncConvocations(tx, actor.clubId, id);
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'restore',
          entity: 'member',
          entityId: id,
          details: { role: member.role, teamIds },
        });
      });
      return { message: MEMBER_RESTORE_MESSAGES.restored };
    },

    /**
     * PUT /api/equipes/{id}/membres {ajouter} — several members join a team at once (the players
     * without a team of the members page). Their other teams stay; a member without a team gets
     * it as primary. Each member's edit rules apply as on the form (a RESPONSABLE does not touch
     * a DIRIGEANT); one refusal refuses all. Another club's id answers 404.
     */
    async assignTeam(actor: Actor, teamId: number, memberIds: number[]) {
      const team = found(await repo.findTeamById(db, actor.clubId, teamId));
      const added = await db.transaction(async (tx) => {
        const joined: { id: number; from: number[]; to: number[] }[] = [];
        for (const id of memberIds) {
          const row = await loadTarget(tx, actor, id);
          const target = targetOf(row);
          if (target.teamIds.includes(team.id)) continue;
          assertMayChange(actor, target, ['equipesIds']);
          const teamIds = [...target.teamIds, team.id];
          await repo.setTeams(tx, actor.clubId, row.id, teamIds);
          joined.push({ id: row.id, from: target.teamIds as number[], to: teamIds });
        }
        const { addedByMatch } = await matchSync.syncMembersConvocations(
          tx,
          actor.clubId,
          joined.map((j) => j.id),
          deps.clock,
        );
        // One digest per member for all their new matches, not one mail per match.
        const byMember = new Map<number, number[]>();
        for (const [matchId, ids] of addedByMatch)
          for (const id of ids) byMember.set(id, [...(byMember.get(id) ?? []), matchId]);
        for (const [memberId, matchIds] of byMember)
          await deps.notifier.memberConvoked(tx, actor.clubId, memberId, matchIds);
        await auditMany(
          tx,
          joined.map((j) => ({
            clubId: actor.clubId,
            actorMemberId: actor.id,
            action: 'update',
            entity: 'member',
            entityId: j.id,
            details: { fields: ['equipesIds'], teamIds: { from: j.from, to: j.to } },
          })),
        );
        return joined.length;
      });
      return {
        ajoutes: added,
        message:
          added === 0
            ? `Ces membres font déjà partie de l’équipe ${team.nom}.`
            : `${added} membre${added > 1 ? 's' : ''} ajouté${added > 1 ? 's' : ''} à l’équipe ${team.nom}.`,
      };
    },

    /** POST /api/membres/{id}/invitation — a leader resends the activation link (the old one is voided). */
    async resendInvitation(actor: Actor, id: number) {
      const row = await db.transaction(async (tx) => {
        const row = await loadTarget(tx, actor, id);
        if (row.activated) throw conflict(MEMBER_FIELD_MESSAGES.alreadyActivated);
        if (row.email === null) throw conflict(MEMBER_FIELD_MESSAGES.noEmail);
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'invite',
          entity: 'member',
          entityId: row.id,
        });
        return row;
      });
      if (!(await deps.invite({ id: row.id, clubId: actor.clubId })))
        throw new HttpError(503, "L'e-mail n'a pas pu être envoyé. Réessayez plus tard.");
      return { message: MEMBER_FIELD_MESSAGES.invitationSent };
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;
