import { CONVOCATION_PERMISSIONS, MATCH_PERMISSIONS } from './match-rules.ts';
import {
  permits,
  type PermissionSubject,
  type PermissionTable,
  type PermissionTarget,
} from './permissions.ts';

/**
 * The live stream (`GET /api/flux`, Server-Sent Events, docs/decisions/0120-live-stream.md): one
 * stream per signed-in tab carries what changed in the reader's club, each event only to the
 * readers who may read what it names — by the same rule as the GET that shows it. Events carry ids
 * and hints, never a member's private field: the screen refetches what the event names, and that
 * GET applies its own rules again.
 *
 * Without zod, so that the signed-in shell that opens the stream does not ship schemas.
 */

/** Event names (the SSE `event:` field). */
export const LIVE_EVENT_TYPES = ['message', 'lecture', 'convocation', 'match'] as const;
export type TLiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/**
 * Control events of the stream itself:
 * - `connecte`: the stream is open (its `id` is where a reconnection resumes from);
 * - `resynchroniser`: the events since the reader's Last-Event-ID are no longer all kept (or too
 *   many): the screen must reload what it shows.
 */
export const LIVE_CONTROL_EVENTS = ['connecte', 'resynchroniser'] as const;
export type TLiveControlEvent = (typeof LIVE_CONTROL_EVENTS)[number];

/** What each event carries (`data:`, JSON): ids only. */
export interface TLiveEventData {
  /** A new, changed, masked or deleted message of a conversation. */
  message: { conversationId: number; messageId: number };
  /** A participant read a conversation up to a message. */
  lecture: { conversationId: number; membreId: number; jusquA: number };
  /** Answers (or the reply deadline) of a match's convocations changed. */
  convocation: { matchId: number; evenementId: number };
  /** A match changed: score, cancellation, published selection, or (later) a live action. */
  match: { matchId: number; evenementId: number; changement: TLiveMatchChange };
}
export type TLiveMatchChange = 'score' | 'annulation' | 'selection' | 'feuille' | 'action';

/**
 * The rules an event can be filtered by: the (table, action) of the GET that shows what it names.
 * A new kind of event adds its GET's rule here (the server's stream evaluates it per reader).
 */
export const LIVE_RULES = {
  /** GET /api/matches/{id}: the match's teams. */
  'matches.read': { table: MATCH_PERMISSIONS, action: 'read' },
  /** GET /api/matches/{id}/convocations: the match's teams. */
  'convocations.read': { table: CONVOCATION_PERMISSIONS, action: 'read' },
} as const satisfies Record<string, { table: PermissionTable; action: string }>;
export type TLiveRule = keyof typeof LIVE_RULES;

/**
 * Who receives an event:
 * - `{ regle, cible }`: every reader the rule of that GET lets read the target (a match's teams);
 * - `{ membres }`: these members only (a conversation's participants and their guardians, computed
 *   when the event is published).
 */
export type TLiveAudience =
  { regle: TLiveRule; cible: PermissionTarget } | { membres: readonly number[] };

/** Whether `reader` receives an event meant for `audience`. */
export function liveAudienceIncludes(audience: TLiveAudience, reader: PermissionSubject): boolean {
  if ('membres' in audience) return audience.membres.includes(reader.id);
  const rule = LIVE_RULES[audience.regle] as { table: PermissionTable; action: string } | undefined;
  return !!rule && permits(rule.table, reader, rule.action, audience.cible);
}

export const LIVE_LIMITS = {
  /** A keep-alive comment at least this often, so that proxies keep the stream open. */
  keepAliveMs: 25_000,
  /** The browser waits this long before reconnecting a dropped stream (SSE `retry:`). */
  retryMs: 3_000,
  /** At most this many missed events are replayed on a reconnection; past it: resynchroniser. */
  replayMax: 500,
} as const;

export const LIVE_MESSAGES = {
  /** GET /api/flux without Accept: text/event-stream (a plain HTTP call rather than EventSource). */
  streamOnly: 'Ce flux se lit avec EventSource (Accept: text/event-stream).',
  tooManyStreams: 'Trop de flux ouverts pour cette session : fermez un onglet.',
} as const;
