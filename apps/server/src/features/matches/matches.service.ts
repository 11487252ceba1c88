import {
  MATCH_MESSAGES,
  MATCH_SERVER_MESSAGES,
  NOTIFICATION_MESSAGES,
  SERVER_MESSAGES,
  canEditScore,
  convocationSeenByOthers,
  displayMemberStatus,
  isActiveStatus,
  needsJustification,
  type MatchStatus,
  type TConvocation,
  type TMatch,
  type TMatchPage,
  type ZConvocationUpdateSchema,
  type ZScoreInputSchema,
  type ZSelectionUpdateSchema,
  maySelect,
} from '@club/contract';
import type { Clock } from '../../lib/clock.ts';
import type { z } from 'zod';
import { found, memberRef, type Actor } from '../../authz/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import { publishConvocationChange, publishMatchChange, type LiveMatch } from '../live/index.ts';
import type { MatchNotifier } from '../notifications/index.ts';
import { clubNow } from './matches.clock.ts';
import type { MatchPush } from './matches.push.ts';
import {
  answersAsStaff,
  assertMayCancelOwnTeamsMatch,
  assertMayEditOwnTeamsMatchScore,
  assertMayReadOwnTeamMatches,
  assertMayReadOwnTeamsConvocations,
  assertMayReadOwnTeamsMatch,
  assertMaySelectForOwnTeamsMatch,
  assertMaySetOwnTeamsReplyDeadline,
  convocationsPolicy,
  rowTarget,
  teamsOf,
} from './matches.policy.ts';
import {
  matchesRepository as repo,
  type ConvocationRow,
  type MatchRow,
} from './matches.repository.ts';

type ScoreInput = z.output<typeof ZScoreInputSchema>;

/** A match as the live stream names it (features/live): ids and teams. */
const live = (row: MatchRow): LiveMatch => ({ id: row.id, eventId: row.eventId, ...teamsOf(row) });
type ConvocationInput = z.output<typeof ZConvocationUpdateSchema>;
type SelectionInput = z.output<typeof ZSelectionUpdateSchema>;

/** 'YYYY-MM-DD HH:mm:ss[.fff]' as stored → 'YYYY-MM-DDTHH:mm:ss' (spec §5 local date-time). */
const localDateTime = (v: string) => v.replace(' ', 'T').slice(0, 19);

/**
 * A match as answered. The stored home side is the base team; when it plays away
 * (`domicile` false) the answer's equipeDomicile is the opponent and equipeExterieur the base team,
 * so that the sides and scores read as on the pitch. `withCounts`: the answer counts (readSummary).
 */
export function toMatchJson(row: MatchRow, withCounts = false): TMatch {
  const awayNom = row.awayTeamId !== null ? row.awayTeamNom : row.opponentName;
  const base =
    row.homeTeamId !== null && row.homeTeamNom !== null
      ? { id: row.homeTeamId, nom: row.homeTeamNom }
      : null;
  const other = awayNom ? { id: row.awayTeamId, nom: awayNom } : null;
  return {
    id: row.id,
    evenementId: row.eventId,
    nom: row.nom,
    dateDebut: localDateTime(row.dateDebut),
    dateFin: localDateTime(row.dateFin),
    statut: row.statut,
    lieux: row.lieux,
    equipeDomicile: row.domicile ? base : other,
    equipeExterieur: row.domicile ? other : base,
    scoreDomicile: row.scoreDomicile,
    scoreExterieur: row.scoreExterieur,
    annule: row.cancelled,
    version: row.version,
    dateLimiteReponse: row.replyDeadline ? localDateTime(row.replyDeadline) : null,
    domicile: row.domicile,
    adversaire: awayNom ?? null,
    rendezVous: row.rendezVous ? localDateTime(row.rendezVous) : null,
    lieuRendezVous: row.lieuRendezVous,
    selectionPublieeLe: row.selectionPublishedAt ? row.selectionPublishedAt.toISOString() : null,
    reponses: withCounts
      ? {
          presents: row.presents,
          absents: row.absents,
          // Injured, ill or suspended players are not awaited (decision 0108).
          sansReponse: row.sansReponse,
        }
      : null,
  };
}

/** The 409 of a stale score: its body carries the current match (TScoreConflict). */
export class ScoreConflict extends HttpError {
  constructor(public readonly match: TMatch) {
    super(409, MATCH_SERVER_MESSAGES.scoreStale);
  }
}

/** If-Match: "123", W/"123" or 123 → '123'. */
export function versionFromIfMatch(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const v = header
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1');
  return v === '' || v === '*' ? undefined : v;
}

export interface MatchesDeps {
  db: DbOrTx;
  /** Told when a match is cancelled or restored, or its reply deadline set. */
  notifier?: MatchNotifier;
  /** Told when the typed final score changes (« Score final » to the families, decision 0140). */
  matchPush?: MatchPush;
  clock: Clock;
}

/**
 * Matches of spec §7 with docs/architecture.md §7 (MATCH_PERMISSIONS, CONVOCATION_PERMISSIONS).
 * Another club's ids answer 404 before any table is asked; the status is the club's wall clock
 * against the event's local times.
 */
export function createMatchesService({ db, notifier, matchPush, clock }: MatchesDeps) {
  /** The counts only for those who read the summary (spec §4: the coach and leaders). */
  const json = (actor: Actor, row: MatchRow) =>
    toMatchJson(row, convocationsPolicy.can(actor, 'readSummary', teamsOf(row)));
  const now = async (tx: DbOrTx, clubId: number) =>
    clubNow(await repo.clubTimezone(tx, clubId), clock);

  async function loadMatch(tx: DbOrTx, actor: Actor, id: number, forUpdate = false) {
    const nowLocal = await now(tx, actor.clubId);
    const row = found(await repo.findById(tx, actor.clubId, id, nowLocal, forUpdate));
    return { row, nowLocal };
  }

  /**
   * The list as this actor sees it: justifications only where the table lets them read; another
   * family's row says only whether the player comes (CONVOCATION_PERMISSIONS.readRow, decision
   * 0106).
   */
  function convocationJson(actor: Actor, match: MatchRow, rows: ConvocationRow[]): TConvocation[] {
    return rows.map((r) => {
      const target = rowTarget(match, r.memberId);
      if (!convocationsPolicy.can(actor, 'readRow', target))
        return {
          joueur: memberRef({ id: r.memberId, nom: r.nom, prenom: r.prenom }),
          ...convocationSeenByOthers(r),
          modifiable: false,
        };
      const entry: TConvocation = {
        joueur: memberRef({ id: r.memberId, nom: r.nom, prenom: r.prenom }),
        statutPresence: r.statutPresence,
        modifiable:
          !match.cancelled &&
          convocationsPolicy.can(actor, 'answer', target) &&
          (answersAsStaff(actor, match) || isActiveStatus(r.statut)),
        reponduLe: r.answeredAt ? r.answeredAt.toISOString() : null,
        // The coach's working choice for those who select; the published one for everyone else.
        selection: convocationsPolicy.can(actor, 'select', teamsOf(match))
          ? r.selection
          : r.selectionPublished,
      };
      if (convocationsPolicy.can(actor, 'readJustification', target)) {
        entry.justificationAbsence = r.justification;
        // Health data: the same readers as the justification (privacy.ts; decision 0108).
        entry.statutJoueur = displayMemberStatus(r.statut);
      }
      return entry;
    });
  }

  return {
    /** GET /api/matches/equipe/{id}: the team's matches, home or away, by start date. */
    async listForTeam(
      actor: Actor,
      teamId: number,
      q: { statut?: MatchStatus; page?: number; size?: number },
    ): Promise<TMatch[] | TMatchPage> {
      if (!(await repo.teamExists(db, actor.clubId, teamId))) throw notFound();
      assertMayReadOwnTeamMatches(actor, teamId);
      const nowLocal = await now(db, actor.clubId);
      const paged = q.page !== undefined || q.size !== undefined;
      const size = q.size ?? 20;
      const page = q.page ?? 0;
      const { rows, total } = await repo.listForTeam(db, actor.clubId, teamId, nowLocal, {
        statut: q.statut,
        ...(paged ? { limit: size, offset: page * size } : {}),
      });
      const content = rows.map((r) => json(actor, r));
      if (!paged) return content;
      return { content, page, size, totalElements: total, totalPages: Math.ceil(total / size) };
    },

    /** GET /api/matches/{id} */
    async get(actor: Actor, id: number): Promise<TMatch> {
      const { row } = await loadMatch(db, actor, id);
      assertMayReadOwnTeamsMatch(actor, row);
      return json(actor, row);
    },

    /**
     * PUT /api/matches/{id}/score: the team's coach or a leader, only while EN_COURS or TERMINE.
     * With a version (body or If-Match) that is no longer the match's, 409 with the current match.
     */
    async updateScore(
      actor: Actor,
      id: number,
      input: ScoreInput,
      ifMatch?: string,
    ): Promise<TMatch> {
      const version = input.version ?? versionFromIfMatch(ifMatch);
      if (version !== undefined && !/^\d{1,16}$/.test(version))
        throw badRequest(undefined, { version: SERVER_MESSAGES.invalidValue });
      return db.transaction(async (tx) => {
        const { row, nowLocal } = await loadMatch(tx, actor, id, true);
        assertMayEditOwnTeamsMatchScore(actor, row);
        if (!canEditScore(row.statut)) throw forbidden(MATCH_SERVER_MESSAGES.scoreNotEditable);
        const scores = { scoreDomicile: input.scoreDomicile, scoreExterieur: input.scoreExterieur };
        if (!(await repo.updateScore(tx, actor.clubId, id, scores, version)))
          throw new ScoreConflict(json(actor, row));
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'update',
          entity: 'match_score',
          entityId: id,
          details: {
            from: { scoreDomicile: row.scoreDomicile, scoreExterieur: row.scoreExterieur },
            to: scores,
          },
        });
        if (
          scores.scoreDomicile !== null &&
          scores.scoreExterieur !== null &&
          (scores.scoreDomicile !== row.scoreDomicile ||
            scores.scoreExterieur !== row.scoreExterieur)
        )
          await matchPush?.finalScore(
            tx,
            actor.clubId,
            id,
            { domicile: scores.scoreDomicile, exterieur: scores.scoreExterieur },
            actor.id,
          );
        await publishMatchChange(tx, actor.clubId, live(row), 'score');
        return json(actor, found(await repo.findById(tx, actor.clubId, id, nowLocal)));
      });
    },

    /** PUT /api/matches/{id}/annulation {annule}: a leader or the team's coach (undoable). */
    async setCancelled(actor: Actor, id: number, annule: boolean): Promise<TMatch> {
      return db.transaction(async (tx) => {
        const { row, nowLocal } = await loadMatch(tx, actor, id, true);
        assertMayCancelOwnTeamsMatch(actor, row);
        if (row.cancelled === annule) return json(actor, row);
        // A match that has started or is over cannot be cancelled (restoring one stays possible).
        if (annule && row.statut !== 'A_VENIR')
          throw new HttpError(409, MATCH_SERVER_MESSAGES.playedNotCancellable);
        await repo.setCancelled(tx, actor.clubId, id, annule);
        if (notifier) {
          await notifier.matchChanged(tx, actor.clubId, id, 'CANCEL', row.cancelled);
          if (!annule) await notifier.deadlineChanged(tx, actor.clubId, id);
        }
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: annule ? 'cancel' : 'uncancel',
          entity: 'match',
          entityId: id,
        });
        await publishMatchChange(tx, actor.clubId, live(row), 'annulation');
        return json(actor, found(await repo.findById(tx, actor.clubId, id, nowLocal)));
      });
    },

    /**
     * PUT /api/matches/{id}/selection: the coach of the match's team or a leader sets who plays
     * (docs/decisions/0060-match-selection.md); an unavailable player (409) or a non-ACTIF one
     * (422, docs/decisions/0108-injured-and-suspended-players-on-match-day.md) can be neither
     * selected nor substitute. With `publier`, the players whose published selection changes
     * are told once.
     */
    async select(actor: Actor, id: number, input: SelectionInput): Promise<TConvocation[]> {
      return db.transaction(async (tx) => {
        const { row: match } = await loadMatch(tx, actor, id, true);
        assertMaySelectForOwnTeamsMatch(actor, match);
        if (match.cancelled) throw new HttpError(409, MATCH_SERVER_MESSAGES.cancelled);
        const rows = await repo.listConvocations(tx, actor.clubId, id);
        const byMember = new Map(rows.map((r) => [r.memberId, r]));
        const writes = input.joueurs.map((j, i) => {
          const convoked = byMember.get(j.membreId);
          if (!convoked)
            throw badRequest(MATCH_SERVER_MESSAGES.unknownPlayer, {
              [`joueurs.${i}.membreId`]: MATCH_SERVER_MESSAGES.unknownPlayer,
            });
          if (!maySelect(convoked, j.selection))
            // The status first: an injured player who had said yes is refused for the injury
            // (422, the body names who may not play: docs/decisions/0108-…); an unavailable
            // answer is the player's, which may change under the coach (409).
            throw isActiveStatus(convoked.statut)
              ? new HttpError(
                  409,
                  MATCH_SERVER_MESSAGES.unavailableSelected(convoked.prenom, convoked.nom),
                )
              : new HttpError(
                  422,
                  MATCH_SERVER_MESSAGES.notActiveSelected(
                    convoked.prenom,
                    convoked.nom,
                    convoked.statut,
                  ),
                  {
                    [`joueurs.${i}.membreId`]: MATCH_SERVER_MESSAGES.notActiveSelected(
                      convoked.prenom,
                      convoked.nom,
                      convoked.statut,
                    ),
                  },
                );
          return { memberId: j.membreId, selection: j.selection };
        });
        await repo.setSelection(tx, actor.clubId, id, writes);
        let published: { memberId: number; selection: string | null }[] = [];
        if (input.publier) {
          published = await repo.publishSelection(tx, actor.clubId, id);
          if (notifier) await notifier.selectionPublished(tx, actor.clubId, id, published);
        }
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'update',
          entity: 'match_selection',
          entityId: id,
          details: {
            rows: writes.map((w) => ({ joueurId: w.memberId, selection: w.selection })),
            publiee: input.publier === true,
            prevenus: published.length,
          },
        });
        // The staff's list changed; with `publier`, what the players see of the match too.
        await publishConvocationChange(tx, actor.clubId, live(match));
        if (input.publier) await publishMatchChange(tx, actor.clubId, live(match), 'selection');
        const after = found(await repo.findById(tx, actor.clubId, id, await now(tx, actor.clubId)));
        return convocationJson(actor, after, await repo.listConvocations(tx, actor.clubId, id));
      });
    },

    /** GET /api/matches/{id}/convocations */
    async listConvocations(actor: Actor, id: number): Promise<TConvocation[]> {
      const { row } = await loadMatch(db, actor, id);
      assertMayReadOwnTeamsConvocations(actor, row);
      return convocationJson(actor, row, await repo.listConvocations(db, actor.clubId, id));
    },

    /**
     * PUT /api/matches/{id}/convocations {items}: each row must be one the actor may answer (coach
     * and leaders: every row; a player: their own, when ACTIF; a parent: their children's, when
     * ACTIF); Absent needs a justification; all rows or none are written.
     */
    async answerConvocations(
      actor: Actor,
      id: number,
      input: ConvocationInput,
    ): Promise<TConvocation[]> {
      return db.transaction(async (tx) => {
        const { row: match } = await loadMatch(tx, actor, id, true);
        assertMayReadOwnTeamsConvocations(actor, match);
        const rows = await repo.listConvocations(tx, actor.clubId, id);
        const byMember = new Map(rows.map((r) => [r.memberId, r]));
        const staff = answersAsStaff(actor, match);
        const writes = input.items.map((item, i) => {
          if (!convocationsPolicy.can(actor, 'answer', rowTarget(match, item.joueurId)))
            throw forbidden(
              item.joueurId === actor.id ? MATCH_MESSAGES.notConvoked : SERVER_MESSAGES.forbidden,
            );
          const convoked = byMember.get(item.joueurId);
          if (!convoked) {
            if (item.joueurId === actor.id) throw forbidden(MATCH_MESSAGES.notConvoked);
            throw badRequest(MATCH_SERVER_MESSAGES.unknownPlayer, {
              [`items.${i}.joueurId`]: MATCH_SERVER_MESSAGES.unknownPlayer,
            });
          }
          if (!staff && !isActiveStatus(convoked.statut))
            throw forbidden(
              convoked.memberId === actor.id
                ? MATCH_MESSAGES.notActive
                : MATCH_SERVER_MESSAGES.childNotActive(convoked.prenom, convoked.nom),
            );
          if (needsJustification(item.statutPresence, item.justification)) {
            const message = MATCH_MESSAGES.justificationRequired(convoked.prenom, convoked.nom);
            throw badRequest(message, { [`items.${i}.justification`]: message });
          }
          return {
            memberId: item.joueurId,
            statutPresence: item.statutPresence,
            justification:
              item.statutPresence === 'INDISPONIBLE' ? (item.justification?.trim() ?? null) : null,
          };
        });
        const deadlineGiven = input.dateLimiteReponse !== undefined;
        if ((writes.length || deadlineGiven) && match.cancelled)
          throw new HttpError(409, MATCH_SERVER_MESSAGES.cancelled);
        if (deadlineGiven) {
          assertMaySetOwnTeamsReplyDeadline(actor, match);
          const deadline = input.dateLimiteReponse ?? null;
          if (deadline !== null && deadline >= localDateTime(match.dateDebut)) {
            const message = NOTIFICATION_MESSAGES.deadlineAfterStart;
            throw badRequest(message, { dateLimiteReponse: message });
          }
          await repo.setReplyDeadline(tx, actor.clubId, id, deadline);
          await audit(tx, {
            clubId: actor.clubId,
            actorMemberId: actor.id,
            action: 'update',
            entity: 'match_deadline',
            entityId: id,
            details: { dateLimiteReponse: deadline },
          });
          if (notifier) await notifier.deadlineChanged(tx, actor.clubId, id);
        }
        if (writes.length) {
          await repo.answerConvocations(tx, actor.clubId, id, writes);
          await audit(tx, {
            clubId: actor.clubId,
            actorMemberId: actor.id,
            action: 'update',
            entity: 'convocation',
            entityId: id,
            // Who answered what; never the justification's text (it may be about health).
            details: {
              rows: writes.map((w) => ({ joueurId: w.memberId, statutPresence: w.statutPresence })),
            },
          });
        }
        if (writes.length || deadlineGiven)
          await publishConvocationChange(tx, actor.clubId, live(match));
        return convocationJson(actor, match, await repo.listConvocations(tx, actor.clubId, id));
      });
    },
  };
}
