import {
  MATCH_PERMISSIONS,
  MEMBER_PERMISSIONS,
  TEAM_FIELD_MESSAGES,
  permits,
  type TTeam,
  type TTeamResult,
  type TTeamSummary,
  type ZTeamWriteSchema,
} from '@club/contract';
import type { Clock } from '../../lib/clock.ts';
import type { z } from 'zod';
import { assertOwnClub, found, type Actor } from '../../authz/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { readPrefilter } from '../events/index.ts';
import { clubNow } from '../matches/index.ts';
import { teamsRepository as repo, type TeamRow, type TeamSummaryRow } from './teams.repository.ts';

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
    presentParDefaut: row.presentParDefaut,
  };
}

/** A team card's facts, from the team's side; players and coaches only for who reads them. */
export function toTeamSummaryJson(row: TeamSummaryRow, readsMembers: boolean): TTeamSummary {
  const last = row.dernier;
  let dernierResultat: TTeamSummary['dernierResultat'] = null;
  if (last) {
    const own = last.domicile ? last.scoreDomicile : last.scoreExterieur;
    const theirs = last.domicile ? last.scoreExterieur : last.scoreDomicile;
    const resultat: TTeamResult = own > theirs ? 'V' : own < theirs ? 'D' : 'N';
    dernierResultat = {
      idMatch: last.idMatch,
      dateDebut: last.dateDebut,
      adversaire: last.adversaire,
      scoreEquipe: own,
      scoreAdversaire: theirs,
      resultat,
    };
  }
  return {
    idEquipe: row.id,
    joueurs: readsMembers ? row.joueurs : null,
    entraineurs: readsMembers ? row.entraineurs : null,
    prochainEvenement: row.prochain,
    dernierResultat,
  };
}

const nameConflict = () =>
  conflict(TEAM_FIELD_MESSAGES.nameTaken, { nom: TEAM_FIELD_MESSAGES.nameTaken });

export interface TeamsDeps {
  db: DbOrTx;
  clock: Clock;
}

/**
 * Teams of spec §7 with docs/architecture.md §7 (TEAM_PERMISSIONS): every member reads, leaders
 * write. The table's cells are only 'club' or 'none': the route applies them (`route()`,
 * docs/decisions/0144-ownership-checks-in-one-place-per-feature.md); no row here has an owner.
 */
export function createTeamsService({ db, clock }: TeamsDeps) {
  return {
    async get(actor: Actor, id: number) {
      return toTeamJson(found(await repo.findById(db, actor.clubId, id)));
    },

    async listClub(actor: Actor, clubId: number) {
      assertOwnClub(actor, clubId);
      return (await repo.listByClub(db, actor.clubId)).map(toTeamJson);
    },

    /**
     * The team cards' facts in one query, with the calendar's and the matches' read
     * rules (readPrefilter) and the team members page's (MEMBER_PERMISSIONS.readTeam).
     */
    async summaries(actor: Actor, clubId: number) {
      assertOwnClub(actor, clubId);
      const nowLocal = clubNow(await repo.clubTimeZone(db, actor.clubId), clock);
      const rows = await repo.summaries(
        db,
        actor.clubId,
        nowLocal,
        readPrefilter(actor),
        readPrefilter(actor, MATCH_PERMISSIONS),
      );
      return rows.map((row) =>
        toTeamSummaryJson(
          row,
          permits(MEMBER_PERMISSIONS, actor, 'readTeam', { teamIds: [row.id] }),
        ),
      );
    },

    async byCategoryDivision(
      actor: Actor,
      q: { categorie: string; division: string; excludeId?: number },
    ) {
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
