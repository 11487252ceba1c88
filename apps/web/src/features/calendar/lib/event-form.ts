import { z } from 'zod';
import {
  EVENT_FIELD_MESSAGES,
  EVENT_TYPES,
  FIELD_MESSAGES,
  RECURRENCE_LIMITS,
  RECURRENCE_WEEKDAYS,
  ZEventWriteSchema,
  type TRecurrenceWeekday,
  type EventType,
  type TEvent,
  type TEventWrite,
} from '@club/contract';

/*
 * The event form (spec §2 "Event form modal", §5 "Event form"). Its fields are the contract's
 * (ZEventWriteSchema: the same rules and French messages as the server); the form holds what the
 * inputs hold (date-time pickers 'YYYY-MM-DDThh:mm', selects as text) and `toEventWrite` turns
 * it into the body of POST / PUT /api/evenements.
 */

const write = ZEventWriteSchema.in.shape;

export const EVENT_FORM_MESSAGES = {
  endBeforeStart: EVENT_FIELD_MESSAGES.endBeforeStart,
  teamRequired: 'Sélectionne au moins une équipe.',
  repeatDays: 'Choisis au moins un jour.',
  repeatInterval: `Un nombre de semaines entre 1 et ${RECURRENCE_LIMITS.intervalMax}.`,
  repeatUntil: 'Choisis une date de fin postérieure au début.',
  repeatCount: `Un nombre d’occurrences entre 1 et ${RECURRENCE_LIMITS.occurrencesMax}.`,
} as const;

/** The weekdays of the 'Répéter' section, Monday first (RRULE codes and French names). */
export const WEEKDAY_NAMES: Record<TRecurrenceWeekday, string> = {
  MO: 'lundi',
  TU: 'mardi',
  WE: 'mercredi',
  TH: 'jeudi',
  FR: 'vendredi',
  SA: 'samedi',
  SU: 'dimanche',
};
/** RRULE code of a JavaScript day (0 = Sunday). */
const JS_DAY_TO_RRULE: TRecurrenceWeekday[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

export const ZEventFormSchema = z
  .object({
    nom: write.nom,
    lieux: write.lieux,
    /** The pickers' 'YYYY-MM-DDThh:mm', answered as 'YYYY-MM-DDThh:mm:ss'. */
    dateDebut: write.dateDebut,
    dateFin: write.dateFin,
    type: write.type,
    /** MATCH: the base team (its id as text, '' = none). */
    baseTeamId: z.string(),
    /** MATCH: the opposing team of the platform ('' = none). */
    adverseTeamId: z.string(),
    /** MATCH: the opponent typed by name when it is not a team of the platform. */
    adversaireNom: write.adversaireNom,
    /** MATCH: 'true' at home, 'false' away. */
    domicile: z.enum(['true', 'false']),
    /** Meeting time 'hh:mm' on the start's day ('' = none), and place. */
    heureRendezVous: z
      .string()
      .refine((v) => v === '' || /^\d{2}:\d{2}$/.test(v), FIELD_MESSAGES.timeInvalid),
    lieuRendezVous: write.lieuRendezVous,
    /** Other types: the teams concerned ([] = every team, leaders only). */
    equipesIds: z.array(z.string()),
    /** Set by the form: the member must pick at least one team (a coach). */
    teamRequired: z.boolean(),
    /** 'Répéter' (create only): every N weeks on the checked days, until a date or N times. */
    repeat: z.boolean(),
    repeatDays: z.array(z.enum(RECURRENCE_WEEKDAYS)),
    repeatInterval: z.string(),
    repeatEnd: z.enum(['until', 'count']),
    repeatUntil: z.string(),
    repeatCount: z.string(),
    /** Dates 'YYYY-MM-DD' to skip. */
    repeatExclusions: z.array(z.string()),
  })
  .superRefine((v, ctx) => {
    if (v.repeat) {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      if (v.repeatDays.length === 0) issue('repeatDays', EVENT_FORM_MESSAGES.repeatDays);
      const n = Number(v.repeatInterval);
      if (!Number.isInteger(n) || n < 1 || n > RECURRENCE_LIMITS.intervalMax)
        issue('repeatInterval', EVENT_FORM_MESSAGES.repeatInterval);
      if (v.repeatEnd === 'until') {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(v.repeatUntil) || v.repeatUntil < v.dateDebut.slice(0, 10))
          issue('repeatUntil', EVENT_FORM_MESSAGES.repeatUntil);
      } else {
        const c = Number(v.repeatCount);
        if (!Number.isInteger(c) || c < 1 || c > RECURRENCE_LIMITS.occurrencesMax)
          issue('repeatCount', EVENT_FORM_MESSAGES.repeatCount);
      }
    }
    if (v.dateDebut && v.dateFin && v.dateFin <= v.dateDebut)
      ctx.addIssue({
        code: 'custom',
        path: ['dateFin'],
        message: EVENT_FIELD_MESSAGES.endBeforeStart,
      });
    if (v.heureRendezVous && v.dateDebut && v.heureRendezVous > v.dateDebut.slice(11, 16))
      ctx.addIssue({
        code: 'custom',
        path: ['heureRendezVous'],
        message: EVENT_FIELD_MESSAGES.rendezVousAfterStart,
      });
    if (v.lieuRendezVous && !v.heureRendezVous)
      ctx.addIssue({
        code: 'custom',
        path: ['heureRendezVous'],
        message: EVENT_FIELD_MESSAGES.lieuRendezVousWithoutTime,
      });
    if (v.type === 'MATCH' && v.baseTeamId === '')
      ctx.addIssue({
        code: 'custom',
        path: ['baseTeamId'],
        message: EVENT_FIELD_MESSAGES.matchNeedsTeam,
      });
    if (v.type !== 'MATCH' && v.teamRequired && v.equipesIds.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['equipesIds'],
        message: EVENT_FORM_MESSAGES.teamRequired,
      });
  });
export type TEventFormValues = z.input<typeof ZEventFormSchema>;

export { localToPicker, pickerToLocal } from './local-date.ts';
import { localToPicker, pickerToLocal } from './local-date.ts';

/** The form's first values: an event to edit, or a new one starting at `start`. */
export function initialFormValues(
  event: TEvent | null,
  options: { start?: Date; defaultTeamIds: readonly number[]; teamRequired: boolean },
): TEventFormValues {
  if (event) {
    const type = (EVENT_TYPES as readonly string[]).includes(event.type.toUpperCase())
      ? (event.type.toUpperCase() as EventType)
      : 'AUTRE';
    const isMatch = type === 'MATCH';
    return {
      nom: event.nom,
      lieux: event.lieux ?? '',
      dateDebut: localToPicker(event.dateDebut),
      dateFin: localToPicker(event.dateFin),
      type,
      baseTeamId: isMatch && event.equipesIds[0] !== undefined ? String(event.equipesIds[0]) : '',
      adverseTeamId:
        isMatch && event.equipesIds[1] !== undefined ? String(event.equipesIds[1]) : '',
      adversaireNom: isMatch ? (event.adversaireNom ?? '') : '',
      domicile: event.domicile === false ? 'false' : 'true',
      heureRendezVous: event.rendezVous ? event.rendezVous.slice(11, 16) : '',
      lieuRendezVous: event.lieuRendezVous ?? '',
      equipesIds: isMatch ? [] : event.equipesIds.map(String),
      teamRequired: options.teamRequired,
      ...noRepeat(event.dateDebut),
    };
  }
  const start = options.start ?? nextHour();
  const end = new Date(start.getTime() + 60 * 60 * 1000);
  return {
    nom: '',
    lieux: '',
    dateDebut: localToPicker(start),
    dateFin: localToPicker(end),
    type: 'ENTRAINEMENT',
    baseTeamId: options.defaultTeamIds.length === 1 ? String(options.defaultTeamIds[0]) : '',
    adverseTeamId: '',
    adversaireNom: '',
    domicile: 'true',
    heureRendezVous: '',
    lieuRendezVous: '',
    equipesIds: options.defaultTeamIds.map(String),
    teamRequired: options.teamRequired,
    ...noRepeat(localToPicker(start)),
  };
}

/** The days and end 'Répéter' proposes for a start: its weekday, until three months later. */
export function repeatDefaults(start: string) {
  const day = new Date(`${start.slice(0, 10)}T12:00:00Z`);
  const until = new Date(day.getTime());
  until.setUTCMonth(until.getUTCMonth() + 3);
  return {
    repeatDays: [JS_DAY_TO_RRULE[day.getUTCDay()]!],
    repeatUntil: until.toISOString().slice(0, 10),
  };
}

/** 'Répéter' off (switched on, it proposes repeatDefaults of the start then chosen). */
function noRepeat(start: string) {
  return {
    repeat: false,
    ...repeatDefaults(start),
    repeatInterval: '1',
    repeatEnd: 'until' as const,
    repeatCount: '10',
    repeatExclusions: [],
  };
}

type RepeatValues = Pick<
  TEventFormValues,
  'repeatDays' | 'repeatInterval' | 'repeatEnd' | 'repeatUntil' | 'repeatCount'
>;

/** The RRULE of the 'Répéter' section, e.g. 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270630'. */
export function buildRrule(v: RepeatValues): string {
  const days = RECURRENCE_WEEKDAYS.filter((d) => v.repeatDays.includes(d));
  const parts = ['FREQ=WEEKLY'];
  if (Number(v.repeatInterval) > 1) parts.push(`INTERVAL=${Number(v.repeatInterval)}`);
  parts.push(`BYDAY=${days.join(',')}`);
  parts.push(
    v.repeatEnd === 'until'
      ? `UNTIL=${v.repeatUntil.replaceAll('-', '')}`
      : `COUNT=${Number(v.repeatCount)}`,
  );
  return parts.join(';');
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export const frenchDate = (ymd: string) => ymd.split('-').reverse().join('/');

const frenchList = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`;

/**
 * The French summary of the section: 'Chaque mardi et jeudi jusqu'au 30/06/2027', 'Toutes les
 * 2 semaines le lundi, 10 fois', followed by the skipped dates.
 */
export function recurrenceSummary(v: RepeatValues & { repeatExclusions: readonly string[] }) {
  const days = RECURRENCE_WEEKDAYS.filter((d) => v.repeatDays.includes(d)).map(
    (d) => WEEKDAY_NAMES[d],
  );
  if (days.length === 0) return '';
  const n = Number(v.repeatInterval);
  const every =
    n > 1 ? `Toutes les ${n} semaines le ${frenchList(days)}` : `Chaque ${frenchList(days)}`;
  const end =
    v.repeatEnd === 'until'
      ? /^\d{4}-\d{2}-\d{2}$/.test(v.repeatUntil)
        ? ` jusqu'au ${frenchDate(v.repeatUntil)}`
        : ''
      : `, ${Number(v.repeatCount)} fois`;
  const skipped = [...v.repeatExclusions].sort().map(frenchDate);
  const except = skipped.length ? `, sauf le ${frenchList(skipped)}` : '';
  return `${every}${end}${except}`;
}

function nextHour(): Date {
  const d = new Date();
  d.setMinutes(0, 0, 0);
  d.setHours(d.getHours() + 1);
  return d;
}

/** The body of POST / PUT /api/evenements. */
export function toEventWrite(
  values: z.output<typeof ZEventFormSchema>,
  clubId: number,
): TEventWrite {
  const base = {
    nom: values.nom,
    lieux: values.lieux,
    dateDebut: pickerToLocal(values.dateDebut),
    dateFin: pickerToLocal(values.dateFin),
    type: values.type,
    clubId,
    // The meeting is on the start's day, at or before the start.
    rendezVous: values.heureRendezVous
      ? `${pickerToLocal(values.dateDebut).slice(0, 10)}T${values.heureRendezVous}:00`
      : null,
    lieuRendezVous: values.heureRendezVous ? (values.lieuRendezVous ?? null) : null,
    ...(values.repeat && values.type !== 'MATCH'
      ? {
          recurrence: {
            rrule: buildRrule(values),
            exclusions: [...values.repeatExclusions].sort(),
          },
        }
      : {}),
  };
  if (values.type === 'MATCH') {
    const adverse = values.adverseTeamId === '' ? null : Number(values.adverseTeamId);
    return {
      ...base,
      // The opponent is added to the team list (spec §5), the base team first.
      equipesIds:
        adverse === null ? [Number(values.baseTeamId)] : [Number(values.baseTeamId), adverse],
      adversaireNom: adverse === null ? values.adversaireNom : null,
      domicile: values.domicile !== 'false',
    };
  }
  return { ...base, equipesIds: values.equipesIds.map(Number) };
}
