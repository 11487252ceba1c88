import {
  MATCH_MESSAGES,
  MATCH_SERVER_MESSAGES,
  NOTIFICATION_MESSAGES,
  SERVER_MESSAGES,
  isActiveStatus,
  isStaffFor,
  trainingPresenceSeenByOthers,
  type TEventPresence,
  type ZEventPresenceUpdateSchema,
  type ZEventRollCallSchema,
} from '@club/contract';
import type { Clock } from '../../lib/clock.ts';
import type { z } from 'zod';
import { found, memberRef, type Actor } from '../../authz/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { clubLocalDateTime } from '../../lib/club-time.ts';
import { HttpError, badRequest, forbidden } from '../../lib/http-error.ts';
import { assertMayReadOwnTeamsTrainingPresences, presencePolicy } from './presences.policy.ts';
import {
  presencesRepository as repo,
  type TrainingPlayer,
  type TrainingRow,
} from './presences.repository.ts';

type PresenceInput = z.output<typeof ZEventPresenceUpdateSchema>;
type RollCallInput = z.output<typeof ZEventRollCallSchema>;

/**
 * Leaders and the coaches of the player's teams answer whatever the player's status; the player
 * and guardians only when ACTIF.
 */
const answersAsStaff = (actor: Actor, player: TrainingPlayer) => isStaffFor(actor, player.teamIds);

const rowTarget = (p: TrainingPlayer) => ({ memberId: p.id, teamIds: p.teamIds });

/**
 * Training attendance (decision 0025): players of an ENTRAINEMENT's teams answer Présent / Absent;
 * with a team 'présent par défaut', an unanswered player counts DISPONIBLE (parDefaut: true).
 * Answers close at the start for players and guardians; the staff of the player's team take the
 * roll call pitch-side and correct it afterwards (decision 0101).
 */
export function createPresencesService({ db, clock }: { db: DbOrTx; clock: Clock }) {
  async function load(actor: Actor, eventId: number, lock = false, tx: DbOrTx = db) {
    const training = found(await repo.training(tx, actor.clubId, eventId, lock));
    if (training.type !== 'ENTRAINEMENT') throw badRequest(NOTIFICATION_MESSAGES.notTraining);
    assertMayReadOwnTeamsTrainingPresences(actor, training);
    return training;
  }
  const started = (t: TrainingRow) => clubLocalDateTime(t.timezone, clock.now()) >= t.dateDebut;

  /**
   * The list as this actor sees it: another family's row says only whether the player comes
   * (EVENT_PRESENCE_PERMISSIONS.readRow, privacy.ts `trainingPresenceSeenByOthers`, decision 0106).
   */
  function json(actor: Actor, training: TrainingRow, players: TrainingPlayer[]): TEventPresence[] {
    const closed = started(training);
    return players.map((p) => {
      const byDefault = p.statutPresence === null && p.parDefaut;
      const statutPresence = p.statutPresence ?? (byDefault ? 'DISPONIBLE' : null);
      const joueur = memberRef({ id: p.id, nom: p.nom, prenom: p.prenom });
      if (!presencePolicy.can(actor, 'readRow', rowTarget(p)))
        return { joueur, ...trainingPresenceSeenByOthers({ statutPresence }), modifiable: false };
      return {
        joueur,
        statutPresence,
        justification: presencePolicy.can(actor, 'readJustification', rowTarget(p))
          ? p.justification
          : null,
        parDefaut: byDefault,
        modifiable:
          (!closed || answersAsStaff(actor, p)) &&
          presencePolicy.can(actor, 'answer', rowTarget(p)) &&
          (answersAsStaff(actor, p) || isActiveStatus(p.statut)),
      };
    });
  }

  /**
   * Records answers in one transaction, each checked like the one-row PUT: the player belongs to
   * the training, the actor may answer the row, a player or guardian answers an ACTIF player
   * before the start; the training's staff answer any row at any time.
   */
  async function write(
    actor: Actor,
    eventId: number,
    rows: readonly PresenceInput[],
    details: (player: TrainingPlayer) => Record<string, unknown>,
  ): Promise<TEventPresence[]> {
    return db.transaction(async (tx) => {
      const training = await load(actor, eventId, true, tx);
      const players = await repo.players(tx, actor.clubId, training);
      const checked = rows.map((input) => {
        const player = players.find((p) => p.id === input.joueurId);
        if (!player) {
          if (input.joueurId === actor.id) throw forbidden(NOTIFICATION_MESSAGES.notInTraining);
          throw badRequest(NOTIFICATION_MESSAGES.notInTraining, {
            joueurId: NOTIFICATION_MESSAGES.notInTraining,
          });
        }
        if (!presencePolicy.can(actor, 'answer', rowTarget(player)))
          throw forbidden(SERVER_MESSAGES.forbidden);
        const staff = answersAsStaff(actor, player);
        if (!staff && !isActiveStatus(player.statut))
          throw forbidden(
            player.id === actor.id
              ? MATCH_MESSAGES.notActive
              : MATCH_SERVER_MESSAGES.childNotActive(player.prenom, player.nom),
          );
        if (!staff && started(training))
          throw new HttpError(409, NOTIFICATION_MESSAGES.trainingStarted);
        return { player, input };
      });
      for (const { player, input } of checked) {
        const justification =
          input.statutPresence === 'INDISPONIBLE' ? (input.justification ?? null) : null;
        await repo.answer(
          tx,
          actor.clubId,
          eventId,
          player.id,
          input.statutPresence,
          justification,
        );
      }
      await audit(tx, {
        clubId: actor.clubId,
        actorMemberId: actor.id,
        action: 'update',
        entity: 'event_presence',
        entityId: eventId,
        details: details(checked[0]!.player),
      });
      return json(actor, training, await repo.players(tx, actor.clubId, training));
    });
  }

  return {
    /** GET /api/evenements/{id}/presences */
    async list(actor: Actor, eventId: number): Promise<TEventPresence[]> {
      const training = await load(actor, eventId);
      return json(actor, training, await repo.players(db, actor.clubId, training));
    },

    /** PUT /api/evenements/{id}/presence {joueurId, statutPresence, justification?} */
    async answer(actor: Actor, eventId: number, input: PresenceInput): Promise<TEventPresence[]> {
      return write(actor, eventId, [input], (player) => ({
        joueurId: player.id,
        statutPresence: input.statutPresence,
      }));
    },

    /** PUT /api/evenements/{id}/presences {presences: [...]}: the roll call, all rows or none. */
    async rollCall(actor: Actor, eventId: number, input: RollCallInput): Promise<TEventPresence[]> {
      return write(actor, eventId, input.presences, () => ({ appel: input.presences.length }));
    },
  };
}
