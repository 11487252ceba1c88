import {
  MATCH_ACTION_LABELS,
  MATCH_SHEET_MESSAGES,
  actionTypesFor,
  isOpponentAction,
  type TMatchActionEntry,
  type TMatchLive,
  type TPublicMatchLive,
  type TSheet,
  type ZMatchActionInputSchema,
  type ZSheetUpdateSchema,
} from '@club/contract';
import type { z } from 'zod';
import { found, memberRef, type Actor } from '../../authz/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DbOrTx } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { HttpError, badRequest, notFound } from '../../lib/http-error.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { publishMatchChange, type LiveMatch } from '../live/index.ts';
import { clubNow } from './matches.clock.ts';
import type { MatchPush } from './matches.push.ts';
import {
  assertMayReadOwnTeamsSheet,
  assertMayShareOwnTeamsSheet,
  assertMayWriteOwnTeamsSheet,
  teamsOf,
} from './matches.policy.ts';
import { sides } from './matches.sides.ts';
import { matchesRepository, type MatchRow } from './matches.repository.ts';
import {
  sheetRepository as repo,
  type ActionRow,
  type SheetRow,
} from './matches.sheet.repository.ts';

type SheetInput = z.output<typeof ZSheetUpdateSchema>;
type ActionInput = z.output<typeof ZMatchActionInputSchema>;

const live = (row: MatchRow): LiveMatch => ({ id: row.id, eventId: row.eventId, ...teamsOf(row) });
const localDateTime = (v: string) => v.replace(' ', 'T').slice(0, 19);

const actionJson = (a: ActionRow): TMatchActionEntry => ({
  id: a.id,
  minute: a.minute,
  type: a.type,
  points: a.points,
  membre:
    a.memberId !== null && a.nom !== null && a.prenom !== null
      ? memberRef({ id: a.memberId, nom: a.nom, prenom: a.prenom })
      : null,
  cle: a.key,
});

const sheetJson = (rows: SheetRow[], saved: boolean): TSheet => ({
  enregistree: saved,
  joueurs: rows.map((r) => ({
    membre: memberRef({ id: r.memberId, nom: r.nom, prenom: r.prenom }),
    titulaire: r.starter,
    numero: r.number,
  })),
});

export interface SheetDeps {
  db: DbOrTx;
  clock: Clock;
  /** Told of each action created (a goal is pushed to the families, decision 0140). */
  matchPush?: MatchPush;
}

/**
 * The match sheet and its live actions (decisions 0125–0127): the sheet defaults to the published
 * selection; the live score is computed from the actions (never stored), the typed final score
 * stays what was typed and a mismatch is shown; every change goes out as a `match` event of the
 * live stream (decision 0120).
 */
export function createSheetService({ db, clock, matchPush }: SheetDeps) {
  async function loadMatch(tx: DbOrTx, actor: Actor, id: number, forUpdate = false) {
    const nowLocal = clubNow(await matchesRepository.clubTimezone(tx, actor.clubId), clock);
    const row = found(await matchesRepository.findById(tx, actor.clubId, id, nowLocal, forUpdate));
    // Another club's match: 404 (found); another team's of the club: 403, as GET /api/matches/{id}.
    assertMayReadOwnTeamsSheet(actor, row);
    return row;
  }

  async function effectiveSheet(tx: DbOrTx, clubId: number, matchId: number) {
    const saved = await repo.savedSheet(tx, clubId, matchId);
    if (saved.length) return { rows: saved, saved: true };
    return { rows: await repo.sheetFromSelection(tx, clubId, matchId), saved: false };
  }

  async function liveJson(tx: DbOrTx, clubId: number, row: MatchRow): Promise<TMatchLive> {
    const actions = await repo.actions(tx, clubId, row.id);
    const sport = (await repo.clubSport(tx, clubId)) ?? 'Football';
    const { home, away, score } = sides(row, actions);
    const typed =
      row.scoreDomicile !== null && row.scoreExterieur !== null
        ? { domicile: row.scoreDomicile, exterieur: row.scoreExterieur }
        : null;
    const mismatch =
      typed && (typed.domicile !== score.domicile || typed.exterieur !== score.exterieur);
    return {
      matchId: row.id,
      statut: row.statut,
      sport,
      typesActions: [...actionTypesFor(sport)],
      dateDebut: localDateTime(row.dateDebut),
      dateFin: localDateTime(row.dateFin),
      equipeDomicile: home,
      equipeExterieur: away,
      score,
      scoreSaisi: typed,
      ecartScore: mismatch
        ? MATCH_SHEET_MESSAGES.scoreMismatch(
            `${typed.domicile} – ${typed.exterieur}`,
            `${score.domicile} – ${score.exterieur}`,
          )
        : null,
      actions: actions.map(actionJson),
    };
  }

  return {
    /** GET /api/matches/{id}/feuille */
    async sheet(actor: Actor, id: number): Promise<TSheet> {
      const row = await loadMatch(db, actor, id);
      const { rows, saved } = await effectiveSheet(db, actor.clubId, row.id);
      return sheetJson(rows, saved);
    },

    /** PUT /api/matches/{id}/feuille: convoked players only, each once, distinct numbers. */
    async updateSheet(actor: Actor, id: number, input: SheetInput): Promise<TSheet> {
      return db.transaction(async (tx) => {
        const row = await loadMatch(tx, actor, id, true);
        assertMayWriteOwnTeamsSheet(actor, row);
        if (row.cancelled) throw new HttpError(409, MATCH_SHEET_MESSAGES.cancelled);
        const convoked = await repo.convokedIds(tx, actor.clubId, id);
        const seen = new Set<number>();
        const numbers = new Set<number>();
        input.joueurs.forEach((j, i) => {
          if (!convoked.has(j.membreId))
            throw badRequest(MATCH_SHEET_MESSAGES.playerNotInTeam, {
              [`joueurs.${i}.membreId`]: MATCH_SHEET_MESSAGES.playerNotInTeam,
            });
          if (seen.has(j.membreId))
            throw badRequest(MATCH_SHEET_MESSAGES.duplicatePlayer, {
              [`joueurs.${i}.membreId`]: MATCH_SHEET_MESSAGES.duplicatePlayer,
            });
          seen.add(j.membreId);
          if (j.numero != null) {
            if (numbers.has(j.numero))
              throw badRequest(MATCH_SHEET_MESSAGES.duplicateNumber, {
                [`joueurs.${i}.numero`]: MATCH_SHEET_MESSAGES.duplicateNumber,
              });
            numbers.add(j.numero);
          }
        });
        await repo.replaceSheet(
          tx,
          actor.clubId,
          id,
          input.joueurs.map((j) => ({
            memberId: j.membreId,
            starter: j.titulaire,
            number: j.numero ?? null,
          })),
        );
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'update',
          entity: 'match_sheet',
          entityId: id,
          details: { joueurs: input.joueurs.length },
        });
        await publishMatchChange(tx, actor.clubId, live(row), 'feuille');
        const { rows, saved } = await effectiveSheet(tx, actor.clubId, id);
        return sheetJson(rows, saved);
      });
    },

    /**
     * POST /api/matches/{id}/actions: a type of the club's sport (else 400), a player of the sheet
     * for the team's actions, points for the opponent's; the same `cle` twice stores one action
     * (the second call answers 200 with the first).
     */
    async addAction(
      actor: Actor,
      id: number,
      input: ActionInput,
    ): Promise<{ created: boolean; action: TMatchActionEntry }> {
      return db.transaction(async (tx) => {
        const row = await loadMatch(tx, actor, id, true);
        assertMayWriteOwnTeamsSheet(actor, row);
        if (input.cle) {
          const replay = await repo.actionByKey(tx, actor.clubId, id, input.cle);
          if (replay) return { created: false, action: actionJson(replay) };
        }
        if (row.cancelled) throw new HttpError(409, MATCH_SHEET_MESSAGES.cancelled);
        if (row.statut === 'A_VENIR') throw new HttpError(409, MATCH_SHEET_MESSAGES.notLive);
        const sport = (await repo.clubSport(tx, actor.clubId)) ?? 'Football';
        if (!actionTypesFor(sport).includes(input.type))
          throw badRequest(MATCH_SHEET_MESSAGES.wrongType(sport), {
            type: MATCH_SHEET_MESSAGES.wrongType(sport),
          });
        let memberId: number | null = null;
        let points: number | null = null;
        if (isOpponentAction(input.type)) {
          if (input.type === 'POINTS_ADVERSAIRE') {
            if (input.points == null)
              throw badRequest(MATCH_SHEET_MESSAGES.pointsRequired, {
                points: MATCH_SHEET_MESSAGES.pointsRequired,
              });
            points = input.points;
          }
        } else {
          if (input.membreId == null)
            throw badRequest(MATCH_SHEET_MESSAGES.playerRequired, {
              membreId: MATCH_SHEET_MESSAGES.playerRequired,
            });
          const { rows } = await effectiveSheet(tx, actor.clubId, id);
          if (!rows.some((r) => r.memberId === input.membreId))
            throw badRequest(MATCH_SHEET_MESSAGES.playerNotOnSheet, {
              membreId: MATCH_SHEET_MESSAGES.playerNotOnSheet,
            });
          memberId = input.membreId;
        }
        const createdId = await repo.insertAction(tx, {
          clubId: actor.clubId,
          matchId: id,
          minute: input.minute,
          type: input.type,
          memberId,
          points,
          key: input.cle ?? null,
          createdBy: actor.id,
        });
        if (createdId === undefined) {
          // The same key committed meanwhile by a concurrent replay.
          const replay = found(await repo.actionByKey(tx, actor.clubId, id, input.cle!));
          return { created: false, action: actionJson(replay) };
        }
        // Not for a replay of the same `cle` (answered above): one push per action.
        await matchPush?.actionRecorded(
          tx,
          actor.clubId,
          id,
          { id: createdId, type: input.type },
          actor.id,
        );
        await publishMatchChange(tx, actor.clubId, live(row), 'action');
        return {
          created: true,
          action: actionJson(found(await repo.actionById(tx, actor.clubId, id, createdId))),
        };
      });
    },

    /** DELETE /api/matches/{id}/actions/{actionId}: undo; answers the live state (score corrected). */
    async removeAction(actor: Actor, id: number, actionId: number): Promise<TMatchLive> {
      return db.transaction(async (tx) => {
        const row = await loadMatch(tx, actor, id, true);
        assertMayWriteOwnTeamsSheet(actor, row);
        const action = await repo.actionById(tx, actor.clubId, id, actionId);
        if (!action) throw notFound(MATCH_SHEET_MESSAGES.actionNotFound);
        await repo.deleteAction(tx, actor.clubId, id, actionId);
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'delete',
          entity: 'match_action',
          entityId: actionId,
          details: { matchId: id, type: action.type, minute: action.minute },
        });
        await publishMatchChange(tx, actor.clubId, live(row), 'action');
        return liveJson(tx, actor.clubId, row);
      });
    },

    /** GET /api/matches/{id}/direct */
    async live(actor: Actor, id: number): Promise<TMatchLive> {
      const row = await loadMatch(db, actor, id);
      return liveJson(db, actor.clubId, row);
    },

    /** POST /api/matches/{id}/lien-public: a new secret link; the previous one stops working. */
    async share(actor: Actor, id: number): Promise<string> {
      return db.transaction(async (tx) => {
        const row = await loadMatch(tx, actor, id, true);
        assertMayShareOwnTeamsSheet(actor, row);
        await repo.revokeLinks(tx, actor.clubId, id);
        const token = randomToken(32);
        await repo.createLink(tx, {
          clubId: actor.clubId,
          matchId: id,
          tokenHash: sha256(token),
          createdBy: actor.id,
        });
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'create',
          entity: 'match_public_link',
          entityId: id,
        });
        return token;
      });
    },

    /** DELETE /api/matches/{id}/lien-public */
    async revokeShare(actor: Actor, id: number): Promise<{ message: string }> {
      return db.transaction(async (tx) => {
        const row = await loadMatch(tx, actor, id, true);
        assertMayShareOwnTeamsSheet(actor, row);
        await repo.revokeLinks(tx, actor.clubId, id);
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'delete',
          entity: 'match_public_link',
          entityId: id,
        });
        return { message: MATCH_SHEET_MESSAGES.linkRevoked };
      });
    },

    /**
     * GET /api/direct/{jeton} (public, the owner's handle): score and actions with first names
     * only — no id, no private field (decision 0127). Unknown or revoked → 404.
     */
    async publicLive(token: string): Promise<TPublicMatchLive> {
      const link = await repo.findLink(db, sha256(token));
      if (!link) throw notFound();
      const nowLocal = clubNow(await matchesRepository.clubTimezone(db, link.clubId), clock);
      const row = await matchesRepository.findById(db, link.clubId, link.matchId, nowLocal);
      if (!row) throw notFound();
      const actions = await repo.actions(db, link.clubId, row.id);
      const { home, away, score } = sides(row, actions);
      return {
        nom: row.nom,
        statut: row.statut,
        dateDebut: localDateTime(row.dateDebut),
        equipeDomicile: home,
        equipeExterieur: away,
        score,
        actions: actions.map((a) => ({
          minute: a.minute,
          type: a.type,
          libelle: MATCH_ACTION_LABELS[a.type],
          points: a.points,
          prenom: a.prenom,
        })),
      };
    },
  };
}
