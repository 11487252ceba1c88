import {
  MATCH_MESSAGES,
  MATCH_SERVER_MESSAGES,
  NOTIFICATION_MESSAGES,
  isActiveStatus,
  needsJustification,
  replyDeadline,
  type TAnswerLinkView,
  NOTIFICATION_KINDS,
  notificationChannels,
  storedChannels,
  type TNotificationPreferences,
  type TNotificationPreferencesUpdate,
  type ZAnswerLinkPostSchema,
} from '@club/contract';
import type { Clock } from '../../lib/clock.ts';
import type { z } from 'zod';
import { found, type Actor } from '../../authz/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { clubLocalDateTime } from '../../lib/club-time.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import { publishConvocationChange } from '../live/index.ts';
import {
  notificationsRepository as repo,
  type ConvokedPlayer,
  type MatchInfo,
} from './notifications.repository.ts';
import type { AnswerClaims, LinkTokens } from './notifications.tokens.ts';

type AnswerInput = z.output<typeof ZAnswerLinkPostSchema>;

const invalidLink = () => notFound(NOTIFICATION_MESSAGES.invalidLink);

/** What a member's preferences look like in an answer. */
const preferenceView = (stored: { emails: boolean; prefs: unknown }): TNotificationPreferences => ({
  emails: stored.emails,
  canaux: notificationChannels(stored.prefs),
});

export interface NotificationsDeps {
  db: DbOrTx;
  tokens: LinkTokens;
  clock: Clock;
}

/**
 * The answer links of the e-mails (no session: the signed token names the club, the match and the
 * player, and nothing else can be answered with it), the preferences and the unsubscribe links.
 */
export function createNotificationsService({ db, tokens, clock }: NotificationsDeps) {
  async function load(tx: DbOrTx, claims: AnswerClaims, lock = false) {
    const m = await repo.matchInfo(tx, claims.clubId, claims.matchId);
    if (!m) throw invalidLink();
    if (lock) await repo.lockConvocation(tx, claims.clubId, claims.matchId, claims.playerId);
    const players = await repo.convokedPlayers(tx, claims.clubId, claims.matchId);
    const player = players.find((p) => p.id === claims.playerId);
    if (!player) {
      // A signed token is only ever minted for a convoked player: its player, still a member but
      // no longer convoked, was withdrawn (decision 0107), and the link says so.
      if (await repo.memberExists(tx, claims.clubId, claims.playerId))
        throw new HttpError(410, NOTIFICATION_MESSAGES.noLongerConvoked);
      throw invalidLink();
    }
    return { m, player };
  }

  function view(m: MatchInfo, player: ConvokedPlayer): TAnswerLinkView {
    const nowLocal = clubLocalDateTime(m.timezone, clock.now());
    return {
      joueur: { prenom: player.prenom, nom: player.nom },
      match: {
        nom: m.nom,
        dateDebut: m.dateDebut,
        lieux: m.lieux,
        rendezVous: m.rendezVous,
        lieuRendezVous: m.lieuRendezVous,
        equipe: m.homeTeamNom ?? '-',
        adversaire: m.awayNom,
        domicile: m.domicile,
        annule: m.cancelled,
      },
      reponse: player.statutPresence
        ? {
            statutPresence: player.statutPresence,
            justification: player.justification,
            answeredAt: player.answeredAt ? player.answeredAt.toISOString() : null,
          }
        : null,
      commence: nowLocal >= m.dateDebut,
      dateLimiteReponse: replyDeadline({
        dateDebut: m.dateDebut,
        dateLimiteReponse: m.replyDeadline,
        creeLe: m.creeLe,
      }),
    };
  }

  const claimsOf = (jeton: string) => tokens.verifyAnswer(jeton) ?? invalid();
  const invalid = (): never => {
    throw invalidLink();
  };

  return {
    /** GET /api/convocations/reponse?jeton= */
    async show(jeton: string): Promise<TAnswerLinkView> {
      const { m, player } = await load(db, claimsOf(jeton));
      return view(m, player);
    },

    /** POST /api/convocations/reponse: the player's answer, until the match starts. */
    async answer(input: AnswerInput): Promise<TAnswerLinkView> {
      const claims = claimsOf(input.jeton);
      return db.transaction(async (tx) => {
        const { m, player } = await load(tx, claims, true);
        if (m.cancelled) throw new HttpError(409, NOTIFICATION_MESSAGES.matchCancelled);
        if (view(m, player).commence) throw new HttpError(409, NOTIFICATION_MESSAGES.matchStarted);
        if (!isActiveStatus(player.statut))
          throw forbidden(MATCH_SERVER_MESSAGES.childNotActive(player.prenom, player.nom));
        if (needsJustification(input.statutPresence, input.justification)) {
          const message = MATCH_MESSAGES.justificationRequired(player.prenom, player.nom);
          throw badRequest(message, { justification: message });
        }
        const justification =
          input.statutPresence === 'INDISPONIBLE' ? (input.justification?.trim() ?? null) : null;
        await repo.answer(tx, m.clubId, m.id, player.id, input.statutPresence, justification);
        await audit(tx, {
          clubId: m.clubId,
          actorMemberId: null,
          action: 'update',
          entity: 'convocation',
          entityId: m.id,
          details: {
            via: 'lien e-mail',
            rows: [{ joueurId: player.id, statutPresence: input.statutPresence }],
          },
        });
        // The coach's convocation list updates as the answer arrives (features/live).
        await publishConvocationChange(tx, m.clubId, {
          id: m.id,
          eventId: m.eventId,
          teamIds: [m.homeTeamId, m.awayTeamId].filter((t): t is number => t !== null),
        });
        const again = await load(tx, claims);
        return view(again.m, again.player);
      });
    },

    /** GET /api/notifications/preferences */
    async preferences(actor: Actor): Promise<TNotificationPreferences> {
      return preferenceView(found(await repo.preference(db, actor.clubId, actor.id)));
    },

    /** PUT /api/notifications/preferences: what is given changes, the rest stays. */
    async setPreferences(
      actor: Actor,
      update: TNotificationPreferencesUpdate,
    ): Promise<TNotificationPreferences> {
      const current = found(await repo.preference(db, actor.clubId, actor.id));
      const canaux = notificationChannels(current.prefs);
      for (const kind of NOTIFICATION_KINDS) {
        const change = update.canaux?.[kind];
        if (change?.email !== undefined) canaux[kind].email = change.email;
        if (change?.push !== undefined) canaux[kind].push = change.push;
      }
      const prefs = storedChannels(canaux);
      if (!(await repo.setPreference(db, actor.clubId, actor.id, { emails: update.emails, prefs })))
        throw notFound();
      return preferenceView({ emails: update.emails ?? current.emails, prefs });
    },

    /** GET /api/notifications/desabonnement?jeton= : the current state; changes nothing. */
    async unsubscribeState(jeton: string): Promise<TNotificationPreferences> {
      const claims = tokens.verifyUnsubscribe(jeton) ?? invalid();
      const current = await repo.preference(db, claims.clubId, claims.memberId);
      if (current === undefined) throw invalidLink();
      return preferenceView(current);
    },

    /** POST /api/notifications/desabonnement?jeton= (one click, RFC 8058). */
    async unsubscribe(jeton: string): Promise<TNotificationPreferences> {
      const claims = tokens.verifyUnsubscribe(jeton) ?? invalid();
      const current = await repo.preference(db, claims.clubId, claims.memberId);
      if (current === undefined) throw invalidLink();
      await repo.setPreference(db, claims.clubId, claims.memberId, { emails: false });
      return preferenceView({ ...current, emails: false });
    },
  };
}
