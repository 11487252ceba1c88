import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical from 'ical-generator';
import {
  CALENDAR_FEED_FILE,
  CALENDAR_FEED_MESSAGES,
  EVENT_TYPE_LABELS,
  matchTitle,
  type EventType,
  type TCalendarSubscription,
  type TCalendarSubscriptionState,
  type TEvent,
} from '@club/contract';
import { found, type Actor } from '../../authz/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { notFound } from '../../lib/http-error.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { findMemberActor } from '../auth/index.ts';
import { dutiesRepository } from '../duties/index.ts';
import { assertMayReadOwnTeamEvents, listVisibleEvents } from '../events/index.ts';
import { calendarFeedsRepository as repo } from './calendar-feeds.repository.ts';

/**
 * A Date whose local fields are the club's wall clock: with the event's `timezone` set,
 * ical-generator writes those fields after `TZID=<club zone>` (no conversion).
 */
function wallClockDate(value: string): Date {
  const [d, t = '00:00:00'] = value.split('T');
  const [y, mo, day] = d!.split('-').map(Number);
  const [h, mi, s] = t.split(':').map(Number);
  return new Date(y!, mo! - 1, day!, h!, mi!, s ?? 0);
}

const typeLabel = (type: string) => EVENT_TYPE_LABELS[type as EventType] ?? type;

export interface CalendarFeedsDeps {
  db: DbOrTx;
}

/** Personal calendar feeds (decision 0023): a secret URL per member, only its hash stored. */
export function createCalendarFeedsService({ db }: CalendarFeedsDeps) {
  return {
    /**
     * GET /api/calendrier/abonnement — whether the member has a live feed, since when, with which
     * filters; never its address (only the token's hash is stored).
     */
    async state(actor: Actor): Promise<TCalendarSubscriptionState> {
      const feed = await repo.findLiveOfMember(db, actor.clubId, actor.id);
      if (!feed) return { abonnement: null };
      return {
        abonnement: {
          creeLe: feed.createdAt.toISOString(),
          equipe: feed.teamId !== null ? { id: feed.teamId, nom: feed.teamNom! } : null,
          matchesSeulement: feed.matchesOnly,
        },
      };
    },

    /**
     * POST /api/calendrier/abonnement — revokes the member's previous feed and answers the new
     * token (the caller builds the URL). A team of another club → 404; one whose events the
     * member may not read → 403.
     */
    async subscribe(actor: Actor, input: TCalendarSubscription): Promise<string> {
      const teamId = input.equipeId ?? null;
      if (teamId !== null) {
        const team = found(await repo.findTeam(db, actor.clubId, teamId));
        assertMayReadOwnTeamEvents(actor, team.id);
      }
      const token = randomToken(32);
      await db.transaction(async (tx) => {
        await repo.revokeAll(tx, actor.clubId, actor.id);
        await repo.insert(tx, {
          clubId: actor.clubId,
          memberId: actor.id,
          teamId,
          matchesOnly: input.matchesSeulement ?? false,
          tokenHash: sha256(token),
        });
        await audit(tx, {
          clubId: actor.clubId,
          actorMemberId: actor.id,
          action: 'create',
          entity: 'calendar_feed',
          entityId: actor.id,
          details: { teamId, matchesOnly: input.matchesSeulement ?? false },
        });
      });
      return token;
    },

    /** DELETE /api/calendrier/abonnement — the member's feed answers 404 from now on. */
    async revoke(actor: Actor) {
      await db.transaction(async (tx) => {
        const revoked = await repo.revokeAll(tx, actor.clubId, actor.id);
        if (revoked > 0)
          await audit(tx, {
            clubId: actor.clubId,
            actorMemberId: actor.id,
            action: 'delete',
            entity: 'calendar_feed',
            entityId: actor.id,
            details: { revoked },
          });
      });
      return { message: CALENDAR_FEED_MESSAGES.revoked };
    },

    /**
     * GET /api/calendrier/{token}.ics — the events the feed's owner may read now (the calendar's
     * rule, evaluated at each poll), narrowed to its team (plus events for every team) and to
     * matches when asked. Unknown, malformed or revoked token → 404. The text is the same from one
     * poll to the next while nothing changed (DTSTAMP is the feed's creation), so that its hash
     * serves as ETag.
     */
    async feed(fileName: string): Promise<{ body: string; etag: string }> {
      const token = CALENDAR_FEED_FILE.exec(fileName)?.[1];
      if (!token) throw notFound();
      const feed = await repo.findLive(db, sha256(token));
      if (!feed) throw notFound();
      const actor = await findMemberActor(db, feed.clubId, feed.memberId);
      if (!actor) throw notFound();
      let events: TEvent[] = await listVisibleEvents(
        db,
        actor,
        feed.teamId === null ? {} : { teamId: feed.teamId, withoutTeam: true },
      );
      if (feed.matchesOnly) events = events.filter((e) => e.type === 'MATCH');

      const calendar = ical({
        name: `${feed.clubNom} — ${CALENDAR_FEED_MESSAGES.feedName}`,
        prodId: { company: 'club', product: 'calendrier', language: 'FR' },
        // VTIMEZONE of the club's zone (RFC 5545 §3.6.5), from the IANA data of ical-timezones.
        timezone: { name: feed.timezone, generator: getVtimezoneComponent },
      });
      for (const e of events) {
        const opponent = e.adversaire;
        const teams = e.equipes.map((t) => t.nom).join(', ');
        // A match is named by both sides, the home side first ('Seniors A – FC Voisin').
        const summary =
          e.match && opponent
            ? matchTitle({
                equipe: e.equipes[0]?.nom ?? null,
                adversaire: opponent,
                domicile: e.domicile,
              })
            : e.nom;
        const rendezVous = e.rendezVous
          ? `Rendez-vous : ${e.rendezVous.slice(11, 13)}h${e.rendezVous.slice(14, 16)}${
              e.rendezVous.slice(0, 10) !== e.dateDebut.slice(0, 10)
                ? ` le ${e.rendezVous.slice(8, 10)}/${e.rendezVous.slice(5, 7)}`
                : ''
            }${e.lieuRendezVous ? `, ${e.lieuRendezVous}` : ''}`
          : null;
        calendar.createEvent({
          id: `evenement-${e.id}@club-${e.clubId}`,
          start: wallClockDate(e.dateDebut),
          end: wallClockDate(e.dateFin),
          timezone: feed.timezone,
          stamp: feed.createdAt,
          summary,
          location: e.lieux || null,
          categories: [{ name: typeLabel(e.type) }],
          description: [
            summary !== e.nom ? `${typeLabel(e.type)} : ${e.nom}` : typeLabel(e.type),
            teams ? `Équipes : ${teams}` : null,
            opponent ? `Adversaire : ${opponent}` : null,
            e.match ? (e.domicile === false ? 'À l’extérieur' : 'À domicile') : null,
            rendezVous,
          ]
            .filter(Boolean)
            .join('\n'),
        });
      }
      // The family's volunteer duties, each at its event's time (docs/decisions/0133).
      const family = await dutiesRepository.familyMemberIds(db, feed.clubId, feed.memberId);
      const duties = await dutiesRepository.upcomingFor(
        db,
        feed.clubId,
        family,
        '2000-01-01T00:00:00',
        500,
      );
      for (const d of duties) {
        if (feed.matchesOnly && d.eventType !== 'MATCH') continue;
        calendar.createEvent({
          id: `tache-${d.dutyId}-${d.memberId}@club-${feed.clubId}`,
          start: wallClockDate(d.dateDebut),
          end: wallClockDate(d.dateFin),
          timezone: feed.timezone,
          stamp: feed.createdAt,
          summary: `Tâche : ${d.libelle} — ${d.eventNom}`,
          location: d.lieux || null,
          categories: [{ name: 'Tâche bénévole' }],
          description: `Bénévole : ${d.memberPrenom} ${d.memberNom}\nUn empêchement ? Ouvrez l’événement et choisissez « Je ne peux plus ».`,
        });
      }
      const body = calendar.toString();
      return { body, etag: `"${sha256(body).slice(0, 32)}"` };
    },
  };
}
