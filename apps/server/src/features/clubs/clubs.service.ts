import { api, urlOf, CLUB_MESSAGES, type TClub, type ZClubUpdateSchema } from '@club/contract';
import type { z } from 'zod';
import { assertOwnClub, found, type Actor } from '../../authz/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { reencodeLogo } from './clubs.logo.ts';
import { clubsRepository as repo, type ClubRow } from './clubs.repository.ts';

type ClubInput = z.output<typeof ZClubUpdateSchema>;

/** The logo's version: its upload time. It names the cached copy (logoUrl) and is its ETag. */
export const logoVersion = (updatedAt: Date) => updatedAt.getTime().toString(36);

function toClubJson(row: ClubRow): TClub {
  return {
    id: row.id,
    nom: row.nom,
    description: row.description,
    pays: row.pays,
    ville: row.ville,
    adresse: row.adresse,
    numeroTelephone: row.telephone,
    sportNom: row.sportNom,
    logoUrl: row.logoUpdatedAt
      ? urlOf(api.clubs.logo, {
          params: { id: row.id },
          query: { v: logoVersion(row.logoUpdatedAt) },
        })
      : null,
    moisDebutSaison: row.seasonStartMonth,
    ageMinimumMessagerie: row.messagingMinimumAge,
    conservationMessagesSaisons: row.messagesRetentionSeasons,
  };
}

const nameConflict = () => conflict(CLUB_MESSAGES.nameTaken, { nom: CLUB_MESSAGES.nameTaken });

export interface ClubsDeps {
  db: DbOrTx;
  /** Re-authentication of the club's deletion: the DIRIGEANT's password (auth feature). */
  confirmPassword: (actor: Actor, password: string) => Promise<void>;
}

/**
 * The club settings (spec §2, §6, §7; docs/security.md, docs/architecture.md §7): every member of
 * the club reads the information and the logo; only the DIRIGEANT changes them or deletes the club.
 * Another club's id answers 404. CLUB_PERMISSIONS has only 'club' and 'none' cells: the route
 * applies them with the declaration's message (docs/decisions/0144-ownership-checks-in-one-place-per-feature.md).
 */
export function createClubsService({ db, confirmPassword }: ClubsDeps) {
  return {
    async get(actor: Actor, id: number) {
      assertOwnClub(actor, id);
      return toClubJson(found(await repo.findById(db, actor.clubId)));
    },

    async update(actor: Actor, id: number, input: ClubInput) {
      assertOwnClub(actor, id);
      if (input.id !== undefined && input.id !== id)
        throw badRequest(undefined, { id: 'Identifiant incohérent avec l’adresse.' });
      try {
        return await db.transaction(async (tx) => {
          const before = found(await repo.findById(tx, actor.clubId));
          const info = {
            nom: input.nom,
            description: input.description,
            pays: input.pays,
            ville: input.ville,
            adresse: input.adresse,
            telephone: input.numeroTelephone,
            // Omitted by the spec's form: unchanged.
            ...(input.moisDebutSaison !== undefined
              ? { seasonStartMonth: input.moisDebutSaison }
              : {}),
            ...(input.ageMinimumMessagerie !== undefined
              ? { messagingMinimumAge: input.ageMinimumMessagerie }
              : {}),
            ...(input.conservationMessagesSaisons !== undefined
              ? { messagesRetentionSeasons: input.conservationMessagesSaisons }
              : {}),
          };
          await repo.update(tx, actor.clubId, info);
          const fields = (Object.keys(info) as (keyof typeof info)[]).filter(
            (f) => before[f] !== info[f],
          );
          await audit(tx, {
            clubId: actor.clubId,
            actorMemberId: actor.id,
            action: 'update',
            entity: 'club',
            entityId: actor.clubId,
            details: { fields },
          });
          return toClubJson(found(await repo.findById(tx, actor.clubId)));
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw nameConflict();
        throw err;
      }
    },

    /** The stored logo, or 404 when the club has none. */
    async logo(actor: Actor, id: number) {
      assertOwnClub(actor, id);
      const row = await repo.findLogo(db, actor.clubId);
      if (!row?.logo || !row.mime || !row.updatedAt) throw notFound();
      return { data: row.logo, mime: row.mime, version: logoVersion(row.updatedAt) };
    },

    /**
     * Checks the club before a byte of the upload is read (the route has already refused a member
     * who may not change the logo, with CLUB_MESSAGES.onlyManagerEdit's wording).
     */
    assertMayChangeLogo(actor: Actor, id: number) {
      assertOwnClub(actor, id);
    },

    async setLogo(actor: Actor, id: number, upload: Buffer) {
      this.assertMayChangeLogo(actor, id);
      const { data, mime } = await reencodeLogo(upload);
      return db.transaction(async (tx) => {
        await repo.setLogo(tx, actor.clubId, data, mime);
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'update',
          entity: 'club',
          entityId: actor.clubId,
          details: { fields: ['logo'], bytes: data.length },
        });
        return toClubJson(found(await repo.findById(tx, actor.clubId)));
      });
    },

    /** Deletes the club and everything in it in one transaction; its members' sessions end. */
    /** DELETE /api/clubs/{id} {motDePasse}: the DIRIGEANT, who types the password again. */
    async remove(actor: Actor, id: number, password: string) {
      assertOwnClub(actor, id);
      await confirmPassword(actor, password);
      await db.transaction(async (tx) => {
        found((await repo.deleteClub(tx, actor.clubId)) ? true : null);
      });
    },
  };
}
export type ClubsService = ReturnType<typeof createClubsService>;
