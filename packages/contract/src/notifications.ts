import { z } from 'zod';
import { PRESENCE_STATUSES } from './enums.ts';
import { CONVOCATION_PERMISSIONS, JUSTIFICATION_MAX, MATCH_SERVER_MESSAGES } from './matches.ts';
import { SERVER_MESSAGES } from './messages.ts';
import { definePermissions } from './permissions.ts';
import { ZIdSchema, safeString, ZPersonRefSchema } from './schemas/common.ts';

/**
 * Convocation notifications (decision 0025): answer links in the e-mails, notification preferences,
 * one-click unsubscribe, the reply deadline of a match and the attendance of trainings.
 *
 * Answer links (no cookie, no CSRF token: the signed `jeton` is the proof):
 *   e-mail buttons  ${PUBLIC_URL}/convocation/reponse?jeton=…&presence=DISPONIBLE|INDISPONIBLE (web page)
 *   GET  /api/convocations/reponse?jeton=…                        → TAnswerLinkView
 *   POST /api/convocations/reponse {jeton, statutPresence, justification?} → TAnswerLinkView
 *     invalid / forged token → 404 NOTIFICATION_MESSAGES.invalidLink
 *     match started → 409 NOTIFICATION_MESSAGES.matchStarted; cancelled → 409 …matchCancelled
 *     INDISPONIBLE without justification → 400 MATCH_MESSAGES.justificationRequired(prenom, nom)
 *
 * Preferences (signed in):
 *   GET /api/notifications/preferences → TNotificationPreferences; PUT any part of it → the whole.
 *   Default {emails: true, canaux: every kind on both channels}. Invitations and password resets
 *   are always sent.
 *
 * Unsubscribe (no cookie; every notification e-mail has List-Unsubscribe + List-Unsubscribe-Post,
 * RFC 8058, and a footer link to the web page ${PUBLIC_URL}/notifications/desabonnement?jeton=…):
 *   GET  /api/notifications/desabonnement?jeton=… → 200 TNotificationPreferences (current; changes nothing)
 *   POST /api/notifications/desabonnement?jeton=… (body empty, JSON, or form 'List-Unsubscribe=One-Click')
 *        → 200 TNotificationPreferences with emails: false
 *   invalid token → 404 NOTIFICATION_MESSAGES.invalidLink
 *
 * Reply deadline: TMatch.dateLimiteReponse (club wall clock or null = 48 h before the start, see
 * `replyDeadline`); written with PUT /api/matches/{id}/convocations {items, dateLimiteReponse?}.
 *
 * Trainings (ENTRAINEMENT events):
 *   GET /api/evenements/{id}/presences → TEventPresence[] (players of the event's teams)
 *   PUT /api/evenements/{id}/presence  TEventPresenceUpdate → TEventPresence[] (the whole list again)
 *   Team field `presentParDefaut` (PUT /api/equipes/{id}): an unanswered player counts DISPONIBLE
 *   with parDefaut: true.
 */

export const NOTIFICATION_LIMITS = {
  /** A signed token is a compact JWS of a few hundred characters. */
  jetonMax: 2048,
  justificationMax: JUSTIFICATION_MAX,
} as const;

/** Hours before the start a reply deadline defaults to. */
export const DEFAULT_REPLY_DEADLINE_HOURS = 48;
/** Non-responders get one reminder this many hours before the deadline. */
export const REMINDER_BEFORE_DEADLINE_HOURS = 24;

/** Paths of the web pages the e-mails link to (built by the web app). */
export const ANSWER_LINK_PAGE_PATH = '/convocation/reponse';
export const UNSUBSCRIBE_PAGE_PATH = '/notifications/desabonnement';

export const NOTIFICATION_MESSAGES = {
  invalidLink: "Ce lien n'est pas valide.",
  /** The link of a convocation withdrawn since (410; decision 0107). */
  noLongerConvoked: "Vous n'êtes plus convoqué(e) pour ce match.",
  matchStarted: "Le match a commencé : il n'est plus possible de répondre.",
  matchCancelled: "Ce match est annulé : il n'est plus possible de répondre.",
  deadlineAfterStart: 'La date limite de réponse doit être antérieure au début du match.',
  preferencesSaved: 'Préférences enregistrées.',
  unsubscribed: 'Vous ne recevrez plus de notifications par e-mail.',
  /** The attendance routes on an event that is not a training. */
  notTraining: 'Les présences se déclarent uniquement pour les entraînements.',
  /** A row names someone who is not a player of the training's teams. */
  notInTraining: 'Ce joueur ne fait pas partie des équipes de cet entraînement.',
  trainingStarted: "L'entraînement a commencé : il n'est plus possible de répondre.",
  rollCallEmpty: 'Indiquez la présence d’au moins un joueur.',
  rollCallTwice: 'Un joueur figure deux fois dans la liste des présences.',
  answerSaved: 'Réponse enregistrée.',
} as const;

/* ------------------------------------------------------------------ answer links */

const ZJetonSchema = safeString({ error: NOTIFICATION_MESSAGES.invalidLink })
  .min(1, NOTIFICATION_MESSAGES.invalidLink)
  .max(NOTIFICATION_LIMITS.jetonMax, NOTIFICATION_MESSAGES.invalidLink);

/** GET /api/convocations/reponse?jeton= and the unsubscribe routes' query. */
export const ZJetonQuerySchema = z.object({ jeton: ZJetonSchema });
export type TJetonQuery = z.input<typeof ZJetonQuerySchema>;

const ZPresenceSchema = z.enum(PRESENCE_STATUSES, {
  error: MATCH_SERVER_MESSAGES.presenceInvalid,
});

/** The `presence` query parameter of the web page (the button pressed in the e-mail). */
export const ZAnswerLinkPresenceSchema = ZPresenceSchema;

/** POST /api/convocations/reponse. */
export const ZAnswerLinkPostSchema = z
  .object({
    jeton: ZJetonSchema,
    statutPresence: ZPresenceSchema,
    justification: safeString()
      .max(JUSTIFICATION_MAX, MATCH_SERVER_MESSAGES.justificationTooLong)
      .nullish()
      .transform((v) => (v == null || v === '' ? null : v)),
  })
  .strict();
export type TAnswerLinkPost = z.input<typeof ZAnswerLinkPostSchema>;

/**
 * What the answer page shows. `match.equipe`: the player's team (the home side's name);
 * `adversaire`: the other side's name or null. `reponse`: the answer already given, or null.
 * `rendezVous`/`lieuRendezVous`: the meeting (club wall clock), or null.
 * `commence`: the match has started (answers are refused). `dateLimiteReponse`: the effective
 * deadline (club wall clock; answers are still accepted after it, until the start).
 */
export const ZAnswerLinkViewSchema = z.object({
  joueur: z.object({ prenom: z.string(), nom: z.string() }),
  match: z.object({
    nom: z.string(),
    dateDebut: z.string(),
    lieux: z.string(),
    rendezVous: z.string().nullable(),
    lieuRendezVous: z.string().nullable(),
    equipe: z.string(),
    adversaire: z.string().nullable(),
    /** Whether the team plays at home: the page names the match home side first (`matchName`). */
    domicile: z.boolean(),
    annule: z.boolean(),
  }),
  reponse: z
    .object({
      statutPresence: z.enum(PRESENCE_STATUSES),
      justification: z.string().nullable(),
      answeredAt: z.string().nullable(),
    })
    .nullable(),
  commence: z.boolean(),
  dateLimiteReponse: z.string(),
});
export type TAnswerLinkView = z.infer<typeof ZAnswerLinkViewSchema>;

/* ------------------------------------------------------------------ preferences, unsubscribe */

/**
 * What a member is notified of, and how. Kinds: convocations (availability asked, selection
 * published, the coach's summary), reminders, announcements, cancellations, changes of date,
 * time or place, conversation messages, the goals and final score of the team's matches
 * (docs/decisions/0140-push-on-match-events.md, push only). Channels: e-mail and push (the
 * member's devices that allowed notifications).
 * `emails` is the master switch of notification e-mails (the one-click unsubscribe turns it off);
 * `canaux` turns one kind off on one channel. Invitations and password resets are always sent.
 */
export const NOTIFICATION_KINDS = [
  'convocations',
  'rappels',
  'annonces',
  'annulations',
  'changements',
  'messages',
  'matchs',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** Kinds told on the devices only (a goal by e-mail would arrive after the match). */
export const PUSH_ONLY_KINDS: readonly NotificationKind[] = ['matchs'];
export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  convocations: 'Convocations et sélections',
  rappels: 'Rappels de réponse',
  annonces: 'Annonces',
  annulations: 'Annulations',
  changements: 'Changements de date, d’heure ou de lieu',
  messages: 'Messages des conversations',
  matchs: 'Buts et score final des matchs',
};
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  email: 'E-mail',
  push: 'Notification sur l’appareil',
};

const ZBool = z.boolean({ error: SERVER_MESSAGES.invalidValue });
const ZChannelsSchema = z.object({ email: ZBool, push: ZBool });
export type TNotificationChannels = Record<NotificationKind, { email: boolean; push: boolean }>;

export const ZNotificationPreferencesSchema = z.object({
  emails: ZBool,
  canaux: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, ZChannelsSchema])) as Record<
      NotificationKind,
      typeof ZChannelsSchema
    >,
  ),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferencesSchema>;

/** PUT /api/notifications/preferences: any part; what is left out keeps its value. */
export const ZNotificationPreferencesUpdateSchema = z
  .object({
    emails: ZBool.optional(),
    canaux: z
      .object(
        Object.fromEntries(
          NOTIFICATION_KINDS.map((k) => [
            k,
            z.object({ email: ZBool.optional(), push: ZBool.optional() }).strict().optional(),
          ]),
        ) as Record<
          NotificationKind,
          z.ZodOptional<
            z.ZodObject<{ email: z.ZodOptional<typeof ZBool>; push: z.ZodOptional<typeof ZBool> }>
          >
        >,
      )
      .strict()
      .optional(),
  })
  .strict();
export type TNotificationPreferencesUpdate = z.input<typeof ZNotificationPreferencesUpdateSchema>;

/**
 * The channels turned off, as stored: {annonces: {push: false}}. Every kind and channel not
 * named is on.
 */
export type StoredChannelPreferences = Partial<
  Record<NotificationKind, Partial<Record<NotificationChannel, boolean>>>
>;

/** Every kind × channel, from what is stored (anything unknown or malformed counts as on). */
export function notificationChannels(stored: unknown): TNotificationChannels {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => {
      const entry = (s[kind] && typeof s[kind] === 'object' ? s[kind] : {}) as Record<
        string,
        unknown
      >;
      return [kind, { email: entry.email !== false, push: entry.push !== false }];
    }),
  ) as TNotificationChannels;
}

/** The stored form of a full set of channels: only what is off. */
export function storedChannels(channels: TNotificationChannels): StoredChannelPreferences {
  const out: StoredChannelPreferences = {};
  for (const kind of NOTIFICATION_KINDS) {
    const off: Partial<Record<NotificationChannel, boolean>> = {};
    for (const channel of NOTIFICATION_CHANNELS) if (!channels[kind][channel]) off[channel] = false;
    if (Object.keys(off).length) out[kind] = off;
  }
  return out;
}

/** Whether a member with these settings gets a notification of `kind` on `channel`. */
export function wantsNotification(
  member: { notificationEmails: boolean; notificationPrefs: unknown },
  kind: NotificationKind,
  channel: NotificationChannel,
): boolean {
  if (channel === 'email' && !member.notificationEmails) return false;
  return notificationChannels(member.notificationPrefs)[kind][channel];
}

/* ------------------------------------------------------------------ reply deadline */

/** Shift a club wall-clock 'YYYY-MM-DDThh:mm:ss' by whole hours (calendar arithmetic, no zone). */
export function shiftLocalDateTime(local: string, hours: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(local);
  if (!m) return local;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
  const t = new Date(Date.UTC(y!, mo! - 1, d!, h! + hours, mi!, s!));
  const p = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCFullYear()}-${p(t.getUTCMonth() + 1)}-${p(t.getUTCDate())}T${p(t.getUTCHours())}:${p(t.getUTCMinutes())}:${p(t.getUTCSeconds())}`;
}

/** A default deadline is never earlier than this many hours after the match was created. */
export const MIN_REPLY_HOURS_AFTER_CREATION = 12;

/**
 * The effective reply deadline: the one set, or 48 h (wall clock) before the start. A default
 * that cannot be honoured (the match was created less than 60 h before it starts) moves to the
 * creation time + 12 h (`creeLe`, club wall clock), and never after the start.
 */
export function replyDeadline(match: {
  dateDebut: string;
  dateLimiteReponse?: string | null;
  creeLe?: string | null;
}): string {
  if (match.dateLimiteReponse) return match.dateLimiteReponse;
  const byDefault = shiftLocalDateTime(match.dateDebut, -DEFAULT_REPLY_DEADLINE_HOURS);
  if (!match.creeLe) return byDefault;
  const earliest = shiftLocalDateTime(match.creeLe, MIN_REPLY_HOURS_AFTER_CREATION);
  if (byDefault >= earliest) return byDefault;
  return earliest < match.dateDebut ? earliest : match.dateDebut;
}

/* ------------------------------------------------------------------ training attendance */

/**
 * Who reads and writes a training's attendance. Targets: the list → {teamIds: the event's teams};
 * a row → {memberId: the player, teamIds: the event's teams}. A JOUEUR answers their own row only
 * when ACTIF (as for convocations); a PARENT their children's rows; the teams' coaches and leaders
 * every row. Justifications are read as for convocations.
 */
export const EVENT_PRESENCE_PERMISSIONS = definePermissions({
  /** GET /api/evenements/{id}/presences */
  read: CONVOCATION_PERMISSIONS.read,
  /**
   * PUT /api/evenements/{id}/presence (one row) and …/presences (the roll call, several rows).
   * Once the training has started only its staff answer (decision 0101).
   */
  answer: CONVOCATION_PERMISSIONS.answer,
  /** Whether a row's justification is part of the answer. */
  readJustification: CONVOCATION_PERMISSIONS.readJustification,
  /**
   * Whether a row is answered whole (every status, justification, `parDefaut`): the player's own,
   * a guardian's child's, the teams' coaches and the leaders; anyone else reads only whether the
   * player comes (privacy.ts `trainingPresenceSeenByOthers`, decision 0106).
   */
  readRow: CONVOCATION_PERMISSIONS.readRow,
});
export type TEventPresenceAction = keyof typeof EVENT_PRESENCE_PERMISSIONS;

/**
 * One player of a training. `statutPresence` null: no answer (and the team is not 'présent par
 * défaut'); `parDefaut`: DISPONIBLE only because the team is 'présent par défaut'. `justification`
 * is null for readers not allowed to see it. `modifiable`: the caller may answer this row.
 */
export const ZEventPresenceSchema = z.object({
  joueur: ZPersonRefSchema,
  statutPresence: z.enum(PRESENCE_STATUSES).nullable(),
  /** Absent from another family's row (EVENT_PRESENCE_PERMISSIONS.readRow, decision 0106). */
  justification: z.string().nullable().optional(),
  /** Absent from another family's row. */
  parDefaut: z.boolean().optional(),
  modifiable: z.boolean(),
});
export type TEventPresence = z.infer<typeof ZEventPresenceSchema>;
export const ZEventPresenceListSchema = z.array(ZEventPresenceSchema);

/** PUT /api/evenements/{id}/presence: statutPresence null clears the answer. */
export const ZEventPresenceUpdateSchema = z
  .object({
    joueurId: ZIdSchema,
    statutPresence: ZPresenceSchema.nullable(),
    justification: safeString()
      .max(JUSTIFICATION_MAX, MATCH_SERVER_MESSAGES.justificationTooLong)
      .nullish()
      .transform((v) => (v == null || v === '' ? null : v)),
  })
  .strict();
export type TEventPresenceUpdate = z.input<typeof ZEventPresenceUpdateSchema>;

/** Most rows of one roll call (a squad with its reserves fits many times over). */
export const ROLL_CALL_MAX = 200;

/**
 * PUT /api/evenements/{id}/presences: the roll call (decision 0101), the rows a coach marked,
 * saved together or not at all; each row follows the one-row rules, a player at most once.
 */
export const ZEventRollCallSchema = z
  .object({
    presences: z
      .array(ZEventPresenceUpdateSchema)
      .min(1, NOTIFICATION_MESSAGES.rollCallEmpty)
      .max(ROLL_CALL_MAX, NOTIFICATION_MESSAGES.rollCallEmpty)
      .refine(
        (rows) => new Set(rows.map((r) => r.joueurId)).size === rows.length,
        NOTIFICATION_MESSAGES.rollCallTwice,
      ),
  })
  .strict();
export type TEventRollCall = z.input<typeof ZEventRollCallSchema>;
