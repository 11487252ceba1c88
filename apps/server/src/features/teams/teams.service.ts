import {
  TEAM_FIELD_MESSAGES,
  TEAM_PERMISSIONS,
  type TTeam,
  type ZTeamWriteSchema,
} from '@club/contract';
import type { z } from 'zod';
import { assertOwnClub, found, policy, type Actor } from '../../authz/index.ts';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { teamsRepository as repo, type TeamRow } from './teams.repository.ts';

type TeamInput = z.output<typeof ZTeamWriteSchema>;

const teamsPolicy = policy(TEAM_PERMISSIONS);

/** Both spellings of the category (spec §3). */
export function toTeamJson(row: TeamRow): TTeam {
  return {
    id: row.id,
    nom: row.nom,
    division: row.division,
    category: row.categorie,
    categorie: row.categorie,
    idClub: row.clubId,
    presentParDefaut: row.presentParDefaut,
  };
}

const nameConflict = () =>
  conflict(TEAM_FIELD_MESSAGES.nameTaken, { nom: TEAM_FIELD_MESSAGES.nameTaken });

export interface TeamsDeps {
  db: Db;
}

/** Teams of spec §7 with ARCHITECTURE §6 (TEAM_PERMISSIONS): every member reads, leaders write. */
export function createTeamsService({ db }: TeamsDeps) {
  return {
    async get(actor: Actor, id: number) {
      teamsPolicy.assert(actor, 'read');
      return toTeamJson(found(await repo.findById(db, actor.clubId, id)));
    },

    async listClub(actor: Actor, clubId: number) {
      assertOwnClub(actor, clubId);
      teamsPolicy.assert(actor, 'read');
      return (await repo.listByClub(db, actor.clubId)).map(toTeamJson);
    },

    async byCategoryDivision(
      actor: Actor,
      q: { categorie: string; division: string; excludeId?: number },
    ) {
      teamsPolicy.assert(actor, 'read');
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
      teamsPolicy.assert(actor, 'create');
      try {
        return await db.transaction(async (tx) => {
          if (await repo.nameTaken(tx, actor.clubId, input.nom)) throw nameConflict();
          const row = await repo.insert(tx, {
            clubId: actor.clubId,
            nom: input.nom,
            categorie: input.categorie,
            division: input.division,
            presentParDefaut: input.presentParDefaut ?? false,
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
      teamsPolicy.assert(actor, 'update');
      try {
        return await db.transaction(async (tx) => {
          const current = found(await repo.findById(tx, actor.clubId, id, true));
          if (await repo.nameTaken(tx, actor.clubId, input.nom, id)) throw nameConflict();
          const row = found(
            await repo.update(tx, actor.clubId, id, {
              nom: input.nom,
              categorie: input.categorie,
              division: input.division,
              ...(input.presentParDefaut !== undefined
                ? { presentParDefaut: input.presentParDefaut }
                : {}),
            }),
          );
          const fields = (['nom', 'categorie', 'division', 'presentParDefaut'] as const).filter(
            (f) => current[f] !== row[f],
          );
          await audit(tx, {
            clubId: actor.clubId,
            actorMemberId: actor.id,
            action: 'update',
            entity: 'team',
            entityId: id,
            details: { fields },
          });
          return toTeamJson(row);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw nameConflict();
        throw err;
      }
    },

    async remove(actor: Actor, id: number) {
      teamsPolicy.assert(actor, 'delete');
      await db.transaction(async (tx) => {
        const current = found(await repo.findById(tx, actor.clubId, id, true));
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
