import {
  MEMBER_FIELD_MESSAGES,
  editableMemberFields,
  isLeader,
  normalizeRole,
  type Role,
  type TMember,
  type TMemberField,
  type TPage,
  type ZClubMemberSearchSchema,
  type ZMemberCreateSchema,
  type ZMemberUpdateSchema,
  type ZTeamMemberSearchSchema,
} from '@club/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { members } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import {
  assertCan,
  assertMayChange,
  assertMayDelete,
  assertMayGrant,
  can,
  type Actor,
} from './members.policy.ts';
import {
  membersRepository as repo,
  type MemberFilters,
  type MemberRow,
} from './members.repository.ts';

/** Sends a member's invitation (the accounts feature's sendInvitation); false when the mail failed. */
export type Inviter = (
  member: { id: number; clubId: number; email: string; prenom: string },
  ctx: { clubNom: string; inviter: string },
) => Promise<boolean>;

type CreateInput = z.output<typeof ZMemberCreateSchema>;
type UpdateInput = z.output<typeof ZMemberUpdateSchema>;
type ClubSearch = z.output<typeof ZClubMemberSearchSchema>;
type TeamSearch = z.output<typeof ZTeamMemberSearchSchema>;
type Paging = { page?: number; size?: number };

const DEFAULT_PAGE_SIZE = 20;

export interface MembersDeps {
  db: Db;
  /**
   * Sends a member's invitation (single-use activation link). Injected so that the accounts
   * feature's own sender can replace features/members/invitation.ts in one line.
   */
  invite: Inviter;
}

export interface SignedInMember extends Actor {
  nom: string;
  prenom: string;
  clubNom: string;
}

/** The member JSON of spec §3; leaders also learn whether the account is still waiting for activation. */
export function toMemberJson(row: MemberRow, actor: Actor): TMember {
  return {
    id: row.id,
    nom: row.nom,
    prenom: row.prenom,
    dateDeNaissance: row.dateNaissance,
    genre: row.genre,
    email: row.email,
    numeroTelephone: row.telephone,
    numeroLicence: row.numeroLicence,
    role: row.role,
    statut: row.statut,
    nomEquipe: row.teamNom,
    avatarUrl: row.avatarUrl,
    taille: row.taille,
    poids: row.poids,
    numero: row.numero,
    poste: row.poste,
    idClub: row.clubId,
    idEquipe: row.teamId,
    equipes:
      row.teamId !== null && row.teamNom !== null ? [{ id: row.teamId, nom: row.teamNom }] : [],
    ...(isLeader(actor.role) ? { invitationEnAttente: !row.activated } : {}),
  };
}

/** A club id in a path, query or body must be the signed-in member's: otherwise 404 (ARCHITECTURE §6). */
function assertOwnClub(actor: Actor, clubId: number | undefined) {
  if (clubId !== undefined && clubId !== actor.clubId) throw notFound();
}

function pagingOf(q: Paging) {
  if (q.page === undefined && q.size === undefined) return undefined;
  return { page: q.page ?? 0, size: q.size ?? DEFAULT_PAGE_SIZE };
}

async function resolveTeam(
  db: DbOrTx,
  clubId: number,
  input: { idEquipe?: number | null; nomEquipe?: string | null },
): Promise<{ field: 'idEquipe' | 'nomEquipe'; teamId: number | null } | undefined> {
  if (input.idEquipe !== undefined) {
    if (input.idEquipe === null) return { field: 'idEquipe', teamId: null };
    const team = await repo.findTeamById(db, clubId, input.idEquipe);
    if (!team) throw badRequest(undefined, { idEquipe: MEMBER_FIELD_MESSAGES.teamUnknown });
    return { field: 'idEquipe', teamId: team.id };
  }
  if (input.nomEquipe !== undefined) {
    if (input.nomEquipe === null) return { field: 'nomEquipe', teamId: null };
    const team = await repo.findTeamByName(db, clubId, input.nomEquipe);
    if (!team) throw badRequest(undefined, { nomEquipe: MEMBER_FIELD_MESSAGES.teamUnknown });
    return { field: 'nomEquipe', teamId: team.id };
  }
  return undefined;
}

const emailConflict = () =>
  conflict(MEMBER_FIELD_MESSAGES.emailTaken, { email: MEMBER_FIELD_MESSAGES.emailTaken });

export function createMembersService(deps: MembersDeps) {
  const { db } = deps;

  async function list(
    actor: Actor,
    filters: MemberFilters,
    q: Paging,
  ): Promise<TMember[] | TPage<TMember>> {
    const paging = pagingOf(q);
    const { rows, total } = await repo.list(db, actor.clubId, filters, paging);
    const content = rows.map((r) => toMemberJson(r, actor));
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
    const team = await repo.findTeamByName(db, actor.clubId, nomEquipe);
    if (!team) throw notFound();
    assertCan(actor, 'readTeamMembers', { teamId: team.id });
    return team;
  }

  async function loadTarget(tx: DbOrTx, actor: Actor, id: number): Promise<MemberRow> {
    await repo.lockById(tx, actor.clubId, id);
    const row = await repo.findById(tx, actor.clubId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    /** GET /api/membres/club/{clubId} */
    async listClub(actor: Actor, clubId: number, q: Paging) {
      assertOwnClub(actor, clubId);
      assertCan(actor, 'listClubMembers');
      return list(actor, {}, q);
    },

    /** GET /api/membres/club/{clubId}/recherche */
    async searchClub(actor: Actor, clubId: number, q: ClubSearch) {
      assertOwnClub(actor, clubId);
      assertCan(actor, 'searchClubMembers');
      const { page, size, ...filters } = q;
      return list(actor, filters, { page, size });
    },

    /** GET /api/membres/{clubId}/equipe/{nomEquipe} */
    async listTeam(actor: Actor, clubId: number, nomEquipe: string, q: Paging) {
      assertOwnClub(actor, clubId);
      const team = await teamOf(actor, nomEquipe);
      return list(actor, { teamId: team.id }, q);
    },

    /** GET /api/membres/recherche/equipe */
    async searchTeam(actor: Actor, q: TeamSearch) {
      assertOwnClub(actor, q.clubId);
      const team = await teamOf(actor, q.nomEquipe);
      const { page, size, nom, prenom, role, dateNaissance } = q;
      return list(actor, { teamId: team.id, nom, prenom, role, dateNaissance }, { page, size });
    },

    /** GET /api/membres/{id} */
    async get(actor: Actor, id: number) {
      const row = await repo.findById(db, actor.clubId, id);
      if (!row) throw notFound();
      assertCan(actor, 'readMember', { memberId: row.id, teamId: row.teamId });
      return toMemberJson(row, actor);
    },

    /** POST /api/membres — creates the member (no password yet) and mails the invitation. */
    async create(actor: SignedInMember, input: CreateInput) {
      assertOwnClub(actor, input.clubId);
      assertCan(actor, 'createMember');
      assertMayGrant(actor, input.role);
      const id = await db.transaction(async (tx) => {
        const team = await resolveTeam(tx, actor.clubId, input);
        if (await repo.emailTaken(tx, input.email)) throw emailConflict();
        const id = await repo.insert(tx, {
          clubId: actor.clubId,
          teamId: team?.teamId ?? null,
          nom: input.nom,
          prenom: input.prenom,
          dateNaissance: input.dateDeNaissance,
          genre: input.genre,
          email: input.email,
          telephone: input.numeroTelephone,
          numeroLicence: input.numeroLicence ?? null,
          role: input.role,
          statut: input.statut ?? 'Actif',
          taille: input.taille ?? null,
          poids: input.poids ?? null,
          numero: input.numero ?? null,
          poste: input.poste ?? null,
          passwordHash: null,
        });
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'create',
          entity: 'member',
          entityId: id,
          details: { role: input.role, teamId: team?.teamId ?? null, invitation: true },
        });
        return id;
      });
      await deps.invite(
        { id, clubId: actor.clubId, email: input.email, prenom: input.prenom },
        { clubNom: actor.clubNom, inviter: `${actor.prenom} ${actor.nom}` },
      );
      const row = await repo.findById(db, actor.clubId, id);
      return toMemberJson(row!, actor);
    },

    /**
     * PUT /api/membres/{id} — partial update. Each field whose value changes must be one the actor
     * may edit (403 otherwise); a field sent with its current value is accepted as unchanged.
     */
    async update(actor: Actor, id: number, input: UpdateInput) {
      assertOwnClub(actor, input.clubId);
      await db.transaction(async (tx) => {
        const target = await loadTarget(tx, actor, id);
        if (
          !can(actor, 'updateMember', { memberId: target.id, teamId: target.teamId }) ||
          editableMemberFields(actor, target).size === 0
        ) {
          throw forbidden(isLeader(actor.role) ? MEMBER_FIELD_MESSAGES.leaderProtected : undefined);
        }
        const values: Partial<typeof members.$inferInsert> = {};
        const changed: TMemberField[] = [];
        const set = <K extends keyof typeof values>(
          field: TMemberField,
          column: K,
          next: (typeof values)[K] | undefined,
          current: unknown,
          same: (a: unknown, b: unknown) => boolean = (a, b) => a === b,
        ) => {
          if (next === undefined || same(next, current)) return;
          values[column] = next;
          changed.push(field);
        };
        const ci = (a: unknown, b: unknown) =>
          String(a ?? '').toLowerCase() === String(b ?? '').toLowerCase();
        set('nom', 'nom', input.nom, target.nom);
        set('prenom', 'prenom', input.prenom, target.prenom);
        set('dateDeNaissance', 'dateNaissance', input.dateDeNaissance, target.dateNaissance);
        set('genre', 'genre', input.genre, target.genre);
        set('email', 'email', input.email, target.email, ci);
        set('numeroTelephone', 'telephone', input.numeroTelephone, target.telephone);
        set('numeroLicence', 'numeroLicence', input.numeroLicence, target.numeroLicence);
        set('statut', 'statut', input.statut, target.statut);
        set('taille', 'taille', input.taille, target.taille);
        set('poids', 'poids', input.poids, target.poids);
        set('numero', 'numero', input.numero, target.numero);
        set('poste', 'poste', input.poste, target.poste);
        set('role', 'role', input.role, normalizeRole(target.role) ?? target.role);
        const team = await resolveTeam(tx, actor.clubId, input);
        if (team) set(team.field, 'teamId', team.teamId, target.teamId);

        assertMayChange(actor, target, changed, input.role as Role | undefined);
        if (!changed.length) return;

        if (changed.includes('role') && normalizeRole(target.role) === 'DIRIGEANT') {
          if ((await repo.lockManagers(tx, actor.clubId)) <= 1)
            throw conflict(MEMBER_FIELD_MESSAGES.lastManager, {
              role: MEMBER_FIELD_MESSAGES.lastManager,
            });
        }
        if (changed.includes('email') && (await repo.emailTaken(tx, values.email!, target.id)))
          throw emailConflict();
        await repo.update(tx, actor.clubId, target.id, values);
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'update',
          entity: 'member',
          entityId: target.id,
          details: {
            fields: changed,
            ...(changed.includes('role') ? { role: { from: target.role, to: values.role } } : {}),
          },
        });
      });
      const row = await repo.findById(db, actor.clubId, id);
      return toMemberJson(row!, actor);
    },

    /** DELETE /api/membres/{id} */
    async remove(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const target = await loadTarget(tx, actor, id);
        assertMayDelete(actor, target);
        if (normalizeRole(target.role) === 'DIRIGEANT') {
          if ((await repo.lockManagers(tx, actor.clubId)) <= 1)
            throw conflict(MEMBER_FIELD_MESSAGES.lastManager);
        }
        await repo.delete(tx, actor.clubId, target.id);
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: target.id === actor.id ? null : actor.id,
          action: 'delete',
          entity: 'member',
          entityId: target.id,
          details: { role: target.role, teamId: target.teamId },
        });
      });
      return { message: MEMBER_FIELD_MESSAGES.memberDeleted };
    },

    /** POST /api/membres/{id}/invitation — a leader resends the activation link (the old one is voided). */
    async resendInvitation(actor: SignedInMember, id: number) {
      const row = await db.transaction(async (tx) => {
        const row = await loadTarget(tx, actor, id);
        assertCan(actor, 'resendInvitation', { memberId: row.id, teamId: row.teamId });
        if (row.activated) throw conflict(MEMBER_FIELD_MESSAGES.alreadyActivated);
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'invite',
          entity: 'member',
          entityId: row.id,
        });
        return row;
      });
      const sent = await deps.invite(
        { id: row.id, clubId: actor.clubId, email: row.email, prenom: row.prenom },
        { clubNom: actor.clubNom, inviter: `${actor.prenom} ${actor.nom}` },
      );
      if (!sent) throw new HttpError(503, "L'e-mail n'a pas pu être envoyé. Réessayez plus tard.");
      return { message: MEMBER_FIELD_MESSAGES.invitationSent };
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;
