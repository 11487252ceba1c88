import { TEAM_FIELD_MESSAGES, type Role, type TTeam, type ZTeamWriteSchema } from '@club/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { assertTeamCan } from './teams.policy.ts';
import { teamsRepository as repo, type TeamRow } from './teams.repository.ts';

type Actor = { id: number; clubId: number; role: Role };
type TeamInput = z.output<typeof ZTeamWriteSchema>;

/** Both spellings of the category (spec §3). */
export function toTeamJson(row: TeamRow): TTeam {
  return {
    id: row.id,
    nom: row.nom,
    division: row.division,
    category: row.categorie,
    categorie: row.categorie,
    idClub: row.clubId,
  };
}

const nameConflict = () =>
  conflict(TEAM_FIELD_MESSAGES.nameTaken, { nom: TEAM_FIELD_MESSAGES.nameTaken });

function assertOwnClub(actor: Actor, clubId: number) {
  if (clubId !== actor.clubId) throw notFound();
}

/** Unique violation on (club_id, lower(nom)) raced past the pre-check. */
function isUniqueViolation(err: unknown) {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function createTeamsService(db: Db) {
  return {
    async get(actor: Actor, id: number) {
      assertTeamCan(actor, 'read');
      const row = await repo.findById(db, actor.clubId, id);
      if (!row) throw notFound();
      return toTeamJson(row);
    },

    async listClub(actor: Actor, clubId: number) {
      assertOwnClub(actor, clubId);
      assertTeamCan(actor, 'read');
      return (await repo.listByClub(db, actor.clubId)).map(toTeamJson);
    },

    async byCategoryDivision(
      actor: Actor,
      q: { categorie: string; division: string; excludeId?: number },
    ) {
      assertTeamCan(actor, 'read');
      const rows = await repo.byCategoryDivision(
        db,
        actor.clubId,
        q.categorie,
        q.division,
        q.excludeId,
      );
      return rows.map(toTeamJson);
    },

    async create(actor: Actor, input: TeamInput) {
      assertOwnClub(actor, input.idClub);
      assertTeamCan(actor, 'create');
      try {
        return await db.transaction(async (tx) => {
          if (await repo.nameTaken(tx, actor.clubId, input.nom)) throw nameConflict();
          const row = await repo.insert(tx, {
            clubId: actor.clubId,
            nom: input.nom,
            categorie: input.categorie,
            division: input.division,
          });
          await audit(tx, {
            clubId: actor.clubId,
            actorMemberId: actor.id,
            action: 'create',
            entity: 'team',
            entityId: row.id,
            details: { nom: row.nom },
          });
          return toTeamJson(row);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw nameConflict();
        throw err;
      }
    },

    async update(actor: Actor, id: number, input: TeamInput) {
      assertOwnClub(actor, input.idClub);
      if (input.id !== undefined && input.id !== id)
        throw badRequest(undefined, { id: 'Identifiant incohérent avec l’adresse.' });
      assertTeamCan(actor, 'update');
      try {
        return await db.transaction(async (tx) => {
          const current = await repo.findById(tx, actor.clubId, id, true);
          if (!current) throw notFound();
          if (await repo.nameTaken(tx, actor.clubId, input.nom, id)) throw nameConflict();
          const row = await repo.update(tx, actor.clubId, id, {
            nom: input.nom,
            categorie: input.categorie,
            division: input.division,
          });
          const fields = (['nom', 'categorie', 'division'] as const).filter(
            (f) => current[f] !== row![f],
          );
          await audit(tx, {
            clubId: actor.clubId,
            actorMemberId: actor.id,
            action: 'update',
            entity: 'team',
            entityId: id,
            details: { fields },
          });
          return toTeamJson(row!);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw nameConflict();
        throw err;
      }
    },

    async remove(actor: Actor, id: number) {
      assertTeamCan(actor, 'delete');
      await db.transaction(async (tx) => {
        const current = await repo.findById(tx, actor.clubId, id, true);
        if (!current) throw notFound();
        const detached = await repo.countMembers(tx, actor.clubId, id);
        await repo.delete(tx, actor.clubId, id);
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'delete',
          entity: 'team',
          entityId: id,
          details: { nom: current.nom, membersDetached: detached },
        });
      });
      return { message: 'Équipe supprimée.' };
    },
  };
}
