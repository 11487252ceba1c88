import { z } from 'zod';
import { EVENT_TYPES } from './enums.ts';
import { SERVER_MESSAGES } from './messages.ts';
import { EVENT_FIELD_MESSAGES, EVENT_LIMITS } from './event-rules.ts';
import {
  ZDateSchema,
  ZIdSchema,
  optionalText,
  requiredText,
  safeString,
} from './schemas/common.ts';
export {
  EVENT_TYPE_COLOR_TOKENS,
  eventColorToken,
  frenchTime,
  matchName,
  matchTitle,
  teamLabel,
} from './display.ts';

export {
  EVENT_PERMISSIONS,
  type TEventAction,
  eventVisibleTo,
  eventEditableBy,
  toLocalDateTime,
  EVENT_LIMITS,
  EVENT_FIELD_MESSAGES,
  eventWriteTeamIds,
} from './event-rules.ts';

/* ------------------------------------------------------------------------------------------------
 * The events API (spec §3, §5 "Event form", §7; docs/architecture.md §10)
 *
 *   GET    /api/evenements/club/{clubId}[?from=YYYY-MM-DD&to=YYYY-MM-DD]  → TEvent[]
 *   GET    /api/evenements/{id}                                           → TEvent
 *   POST   /api/evenements          body TEventWrite                      → 201 TEvent
 *   PUT    /api/evenements/{id}     body TEventWrite                      → TEvent
 *   DELETE /api/evenements/{id}                                           → {message}
 *
 * Dates are the club's wall clock without zone, 'YYYY-MM-DDThh:mm:ss' (toLocalDateTime), stored
 * and answered as given ('YYYY-MM-DDThh:mm' is accepted and answered with ':00').
 *
 * MATCH events: `equipesIds` is [baseTeamId] or [baseTeamId, opposingTeamId] (the base team first;
 * the spec's "the opponent is added to the team list"). An opponent that is not a team of the
 * platform is typed in `adversaireNom` instead; at most one of the opposing team and adversaireNom.
 * The server keeps the event's match in step: home = base team, away = the opposing team or the
 * typed name. For the other types `equipesIds` are the teams concerned ([] = every team) and
 * `adversaireNom` is ignored (answered null).
 *
 * Who may write: leaders any event; a coach only events whose teams are all theirs; for a MATCH
 * only the base team counts (a coach schedules their team against any other team of the club).
 * ---------------------------------------------------------------------------------------------- */

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A real wall-clock date-time 'YYYY-MM-DDThh:mm[:ss]', answered as 'YYYY-MM-DDThh:mm:ss'. */
export const ZLocalDateTimeSchema = safeString({ error: EVENT_FIELD_MESSAGES.dateTimeInvalid })
  .refine(
    (v) => {
      const m = LOCAL_DATE_TIME.exec(v);
      if (!m) return false;
      const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
      const date = new Date(Date.UTC(y!, mo! - 1, d!));
      return (
        y! >= 1900 &&
        y! <= 2999 &&
        date.getUTCMonth() === mo! - 1 &&
        date.getUTCDate() === d &&
        h! <= 23 &&
        mi! <= 59 &&
        s! <= 59
      );
    },
    { error: EVENT_FIELD_MESSAGES.dateTimeInvalid, abort: true },
  )
  .transform((v) => (v.length === 16 ? `${v}:00` : v));

/** Upper-cased like roles: 'match' reads as MATCH. */
export const ZEventTypeSchema = safeString({ error: EVENT_FIELD_MESSAGES.typeInvalid })
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(EVENT_TYPES, { error: EVENT_FIELD_MESSAGES.typeInvalid }));

/* ------------------------------------------------------------------------------------------------
 * Recurring events (decision 0024)
 *
 * POST /api/evenements may carry `recurrence: { rrule, exclusions }`: an RFC 5545 RRULE on the
 * club's wall clock (FREQ=WEEKLY or DAILY, INTERVAL, BYDAY, and UNTIL or COUNT) and the dates
 * 'YYYY-MM-DD' to skip. dateDebut/dateFin are the first occurrence. Each occurrence is an event
 * with its own id and `serie: { id, rrule, exclusions }`. PUT and DELETE take `?portee=`
 * occurrence (default) | suivants | serie; a PUT with suivants|serie may carry a new recurrence.
 * ---------------------------------------------------------------------------------------------- */

export const RECURRENCE_LIMITS = {
  /** Occurrences of one series. */
  occurrencesMax: 400,
  /** A series spans two years at most (UNTIL, or the last occurrence of COUNT). */
  spanDaysMax: 731,
  exclusionsMax: 400,
  intervalMax: 52,
  rruleMax: 200,
} as const;

export const RECURRENCE_MESSAGES = {
  rruleInvalid:
    'Règle de répétition invalide : seules FREQ=WEEKLY ou DAILY avec INTERVAL, BYDAY, et UNTIL ou COUNT sont acceptées.',
  endRequired: 'Indiquez une date de fin (UNTIL) ou un nombre d’occurrences (COUNT).',
  endTwice: 'Indiquez une date de fin (UNTIL) ou un nombre d’occurrences (COUNT), pas les deux.',
  tooLong: `Une série compte ${RECURRENCE_LIMITS.occurrencesMax} occurrences au plus et dure deux ans au plus.`,
  untilBeforeStart: 'La date de fin de la répétition doit suivre la date de début.',
  noOccurrence: 'La règle de répétition ne donne aucune occurrence.',
  noMatchSeries:
    'Un match ne peut pas être répété : créez chaque match séparément (adversaire et lieu changent).',
  porteeNeedsSeries: 'Cet événement ne fait pas partie d’une série.',
  recurrenceNeedsSeriesScope:
    'Une nouvelle règle de répétition s’applique à « Cet événement et les suivants » ou à « Toute la série ».',
  dayChangeNeedsRule:
    'Pour déplacer plusieurs occurrences à un autre jour, modifiez les jours de la répétition.',
  exclusionsTooMany: `${RECURRENCE_LIMITS.exclusionsMax} dates exclues au plus.`,
} as const;

export const RECURRENCE_WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type TRecurrenceWeekday = (typeof RECURRENCE_WEEKDAYS)[number];

/** A parsed RRULE of the supported subset. `until` is a wall-clock 'YYYY-MM-DD' (inclusive). */
export interface TRecurrenceRule {
  freq: 'WEEKLY' | 'DAILY';
  interval: number;
  byday: TRecurrenceWeekday[];
  until: string | null;
  count: number | null;
}

/**
 * Parses the supported RRULE subset (an optional 'RRULE:' prefix is accepted). UNTIL is a date
 * 'YYYYMMDD' or a floating date-time 'YYYYMMDDThhmmss' (kept as its day, inclusive). Returns a
 * French message on error.
 */
export function parseRecurrenceRule(
  text: string,
): { ok: true; rule: TRecurrenceRule } | { ok: false; error: string } {
  const bad = { ok: false as const, error: RECURRENCE_MESSAGES.rruleInvalid };
  const body = text.trim().replace(/^RRULE:/i, '');
  if (!body || body.length > RECURRENCE_LIMITS.rruleMax) return bad;
  const parts = new Map<string, string>();
  for (const part of body.split(';')) {
    const m = /^([A-Za-z]+)=([^;=]+)$/.exec(part.trim());
    if (!m) return bad;
    const key = m[1]!.toUpperCase();
    if (parts.has(key)) return bad;
    parts.set(key, m[2]!.toUpperCase());
  }
  for (const key of parts.keys())
    if (!['FREQ', 'INTERVAL', 'BYDAY', 'UNTIL', 'COUNT', 'WKST'].includes(key)) return bad;
  const freq = parts.get('FREQ');
  if (freq !== 'WEEKLY' && freq !== 'DAILY') return bad;
  let interval = 1;
  if (parts.has('INTERVAL')) {
    if (!/^\d{1,3}$/.test(parts.get('INTERVAL')!)) return bad;
    interval = Number(parts.get('INTERVAL'));
    if (interval < 1 || interval > RECURRENCE_LIMITS.intervalMax) return bad;
  }
  const wkst = parts.get('WKST');
  if (wkst !== undefined && wkst !== 'MO') return bad;
  const byday: TRecurrenceWeekday[] = [];
  if (parts.has('BYDAY')) {
    for (const d of parts.get('BYDAY')!.split(',')) {
      if (!(RECURRENCE_WEEKDAYS as readonly string[]).includes(d)) return bad;
      if (!byday.includes(d as TRecurrenceWeekday)) byday.push(d as TRecurrenceWeekday);
    }
    byday.sort((a, b) => RECURRENCE_WEEKDAYS.indexOf(a) - RECURRENCE_WEEKDAYS.indexOf(b));
  }
  let until: string | null = null;
  if (parts.has('UNTIL')) {
    const m = /^(\d{4})(\d{2})(\d{2})(T\d{6})?$/.exec(parts.get('UNTIL')!);
    if (!m) return bad;
    until = `${m[1]}-${m[2]}-${m[3]}`;
    const d = new Date(`${until}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || !d.toISOString().startsWith(until)) return bad;
  }
  let count: number | null = null;
  if (parts.has('COUNT')) {
    if (!/^\d{1,4}$/.test(parts.get('COUNT')!)) return bad;
    count = Number(parts.get('COUNT'));
    if (count < 1) return bad;
    if (count > RECURRENCE_LIMITS.occurrencesMax)
      return { ok: false, error: RECURRENCE_MESSAGES.tooLong };
  }
  if (until && count) return { ok: false, error: RECURRENCE_MESSAGES.endTwice };
  if (!until && !count) return { ok: false, error: RECURRENCE_MESSAGES.endRequired };
  return { ok: true, rule: { freq, interval, byday, until, count } };
}

/** The canonical RRULE text of a parsed rule (what the server stores and answers). */
export function formatRecurrenceRule(rule: TRecurrenceRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.byday.length) parts.push(`BYDAY=${rule.byday.join(',')}`);
  if (rule.until) parts.push(`UNTIL=${rule.until.replaceAll('-', '')}`);
  if (rule.count) parts.push(`COUNT=${rule.count}`);
  return parts.join(';');
}

/** `recurrence` of the event body: the rule (canonical form) and the skipped dates (sorted). */
export const ZRecurrenceSchema = z
  .object({
    rrule: safeString({ error: RECURRENCE_MESSAGES.rruleInvalid }).transform((v, ctx) => {
      const parsed = parseRecurrenceRule(v);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return formatRecurrenceRule(parsed.rule);
    }),
    exclusions: z
      .array(ZDateSchema, { error: SERVER_MESSAGES.invalidValue })
      .max(RECURRENCE_LIMITS.exclusionsMax, RECURRENCE_MESSAGES.exclusionsTooMany)
      .default([])
      .transform((dates) => [...new Set(dates)].sort()),
  })
  .strict();
export type TRecurrence = z.input<typeof ZRecurrenceSchema>;

/** The series an occurrence belongs to, as every event answer carries it. */
export const ZEventSeriesSchema = z.object({
  id: z.number(),
  rrule: z.string(),
  exclusions: z.array(z.string()),
});
export type TEventSeries = z.infer<typeof ZEventSeriesSchema>;

export const EVENT_PORTEES = ['occurrence', 'suivants', 'serie'] as const;
export type TEventPortee = (typeof EVENT_PORTEES)[number];

/** PUT and DELETE /api/evenements/{id}?portee=occurrence|suivants|serie (default occurrence). */
export const ZEventPorteeQuerySchema = z.object({
  portee: z
    .enum(EVENT_PORTEES, {
      error: 'Portée invalide (occurrence, suivants ou serie).',
    })
    .default('occurrence'),
});

/**
 * POST /api/evenements and PUT /api/evenements/{id}: nom, lieux, dateDebut, dateFin, type,
 * equipesIds, clubId (spec §7), plus adversaireNom for a MATCH. Parsed output: equipesIds without
 * duplicates (order kept), adversaireNom null unless a MATCH has one.
 */
export const ZEventWriteSchema = z
  .object({
    nom: requiredText(EVENT_LIMITS.nomMax),
    lieux: requiredText(EVENT_LIMITS.lieuxMax),
    dateDebut: ZLocalDateTimeSchema,
    dateFin: ZLocalDateTimeSchema,
    type: ZEventTypeSchema,
    /** Teams concerned ([] = every team); for a MATCH [base] or [base, opposing]. */
    equipesIds: z
      .array(ZIdSchema, { error: SERVER_MESSAGES.invalidValue })
      .max(EVENT_LIMITS.teamsMax, EVENT_FIELD_MESSAGES.tooManyTeams)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    /** MATCH only: an opponent that is not a team of the platform ('' or null = none). */
    adversaireNom: optionalText(EVENT_LIMITS.adversaireNomMax).optional(),
    clubId: ZIdSchema,
    /** Meeting time (club wall clock, at or before dateDebut) and place; null = none. */
    rendezVous: ZLocalDateTimeSchema.nullish(),
    lieuRendezVous: optionalText(EVENT_LIMITS.lieuRendezVousMax).optional(),
    /** MATCH only: whether the base team plays at home (default true). */
    domicile: z.boolean({ error: SERVER_MESSAGES.invalidValue }).nullish(),
    /** Some clients send the event's id back on update; it must then match the path. */
    id: ZIdSchema.optional(),
    /** A recurring event (POST; PUT with portee suivants|serie): dateDebut is the first occurrence. */
    recurrence: ZRecurrenceSchema.nullish(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.dateFin <= v.dateDebut)
      ctx.addIssue({
        code: 'custom',
        path: ['dateFin'],
        message: EVENT_FIELD_MESSAGES.endBeforeStart,
      });
    if (v.rendezVous && v.rendezVous > v.dateDebut)
      ctx.addIssue({
        code: 'custom',
        path: ['rendezVous'],
        message: EVENT_FIELD_MESSAGES.rendezVousAfterStart,
      });
    if (v.lieuRendezVous && !v.rendezVous)
      ctx.addIssue({
        code: 'custom',
        path: ['rendezVous'],
        message: EVENT_FIELD_MESSAGES.lieuRendezVousWithoutTime,
      });
    if (v.recurrence && v.type === 'MATCH')
      ctx.addIssue({
        code: 'custom',
        path: ['recurrence'],
        message: RECURRENCE_MESSAGES.noMatchSeries,
      });
    if (v.recurrence?.rrule) {
      const until = /UNTIL=(\d{4})(\d{2})(\d{2})/.exec(v.recurrence.rrule);
      if (until && `${until[1]}-${until[2]}-${until[3]}` < v.dateDebut.slice(0, 10))
        ctx.addIssue({
          code: 'custom',
          path: ['recurrence', 'rrule'],
          message: RECURRENCE_MESSAGES.untilBeforeStart,
        });
    }
    if (v.type !== 'MATCH') return;
    if (v.equipesIds.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['equipesIds'],
        message: EVENT_FIELD_MESSAGES.matchNeedsTeam,
      });
    else if (v.equipesIds.length > 2)
      ctx.addIssue({
        code: 'custom',
        path: ['equipesIds'],
        message: EVENT_FIELD_MESSAGES.matchTwoTeams,
      });
    else if (v.equipesIds.length === 2 && v.adversaireNom)
      ctx.addIssue({
        code: 'custom',
        path: ['adversaireNom'],
        message: EVENT_FIELD_MESSAGES.opponentTwice,
      });
  })
  .transform((v) => ({
    ...v,
    adversaireNom: v.type === 'MATCH' ? (v.adversaireNom ?? null) : null,
    rendezVous: v.rendezVous ?? null,
    lieuRendezVous: v.lieuRendezVous ?? null,
    domicile: v.domicile ?? true,
    recurrence: v.recurrence ?? null,
  }));
export type TEventWrite = z.input<typeof ZEventWriteSchema>;
export type TEventWriteParsed = z.output<typeof ZEventWriteSchema>;

/** A team as an event answer names it (enough for teamLabel). */
export const ZEventTeamSchema = z.object({
  id: z.number(),
  nom: z.string(),
  categorie: z.string(),
  division: z.string(),
});
export type TEventTeam = z.infer<typeof ZEventTeamSchema>;

/** The match of a MATCH event (its matches-page record). */
export const ZEventMatchSchema = z.object({
  id: z.number(),
  /** The base team. */
  equipeDomicileId: z.number().nullable(),
  /** The opposing team of the platform, or null. */
  equipeExterieurId: z.number().nullable(),
  /** The opponent typed by name, or null. */
  adversaireNom: z.string().nullable(),
  /** Whether the base team plays at home. */
  domicile: z.boolean(),
});
export type TEventMatch = z.infer<typeof ZEventMatchSchema>;

/**
 * An event as every events call answers it (spec §3), a superset of the write body: `equipes`
 * names the teams (same order as equipesIds: for a MATCH the base team first), `match` is the
 * event's match (null for other types).
 */
export const ZEventSchema = z.object({
  id: z.number(),
  nom: z.string(),
  type: z.string(),
  dateDebut: z.string(),
  dateFin: z.string(),
  lieux: z.string(),
  equipesIds: z.array(z.number()),
  clubId: z.number(),
  adversaireNom: z.string().nullable(),
  /** A MATCH: the other side's name (the opposing team's, or the typed opponent); else null. */
  adversaire: z.string().nullable(),
  /** A MATCH: whether the base team plays at home; else null. */
  domicile: z.boolean().nullable(),
  /** Meeting time (club wall clock) and place, or null. */
  rendezVous: z.string().nullable(),
  lieuRendezVous: z.string().nullable(),
  equipes: z.array(ZEventTeamSchema),
  match: ZEventMatchSchema.nullable(),
  /** The recurring series of this occurrence, or null. */
  serie: ZEventSeriesSchema.nullable(),
});
export type TEvent = z.infer<typeof ZEventSchema>;
export const ZEventListSchema = z.array(ZEventSchema);

/** An optional day of the range ('' = none). */
const rangeBound = safeString()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(ZDateSchema.optional());

/**
 * GET /api/evenements/club/{clubId}?from=&to=: ISO dates, both inclusive, either optional; only
 * the events overlapping [from 00:00, the day after `to` 00:00) come back. A FullCalendar range
 * (end exclusive) may be passed as is: one more day is loaded.
 */
export const ZEventRangeQuerySchema = z
  .object({
    from: rangeBound,
    to: rangeBound,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['to'],
    error: EVENT_FIELD_MESSAGES.rangeInvalid,
  });
export type TEventRangeQuery = z.input<typeof ZEventRangeQuerySchema>;

/**
 * The write body of an answered event (the calendar's drag and resize send the whole event with new
 * dates): the answer's extra fields (equipes, match) are not part of the body, which refuses them.
 */
export function toEventWrite(event: TEvent): TEventWrite {
  return {
    id: event.id,
    nom: event.nom,
    lieux: event.lieux,
    dateDebut: event.dateDebut,
    dateFin: event.dateFin,
    type: event.type,
    equipesIds: [...event.equipesIds],
    adversaireNom: event.adversaireNom,
    rendezVous: event.rendezVous,
    lieuRendezVous: event.lieuRendezVous,
    ...(event.domicile !== null ? { domicile: event.domicile } : {}),
    clubId: event.clubId,
  };
}
