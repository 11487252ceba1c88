import { z } from 'zod';
import {
  EVENT_FIELD_MESSAGES,
  EVENT_TYPES,
  ZEventWriteSchema,
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
} as const;

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
    /** Other types: the teams concerned ([] = every team, leaders only). */
    equipesIds: z.array(z.string()),
    /** Set by the form: the member must pick at least one team (a coach). */
    teamRequired: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.dateDebut && v.dateFin && v.dateFin <= v.dateDebut)
      ctx.addIssue({
        code: 'custom',
        path: ['dateFin'],
        message: EVENT_FIELD_MESSAGES.endBeforeStart,
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

/** 'YYYY-MM-DDThh:mm' of a date-time picker → 'YYYY-MM-DDThh:mm:ss' (spec §5: local, no zone). */
export function pickerToLocal(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00` : value;
}
/** A stored 'YYYY-MM-DDThh:mm:ss' (or a Date) → the picker's 'YYYY-MM-DDThh:mm'. */
export function localToPicker(value: string | Date): string {
  if (value instanceof Date) {
    const p = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${p(value.getMonth() + 1)}-${p(value.getDate())}T${p(value.getHours())}:${p(value.getMinutes())}`;
  }
  return value.slice(0, 16);
}

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
      equipesIds: isMatch ? [] : event.equipesIds.map(String),
      teamRequired: options.teamRequired,
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
    equipesIds: options.defaultTeamIds.map(String),
    teamRequired: options.teamRequired,
  };
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
  };
  if (values.type === 'MATCH') {
    const adverse = values.adverseTeamId === '' ? null : Number(values.adverseTeamId);
    return {
      ...base,
      // The opponent is added to the team list (spec §5), the base team first.
      equipesIds:
        adverse === null ? [Number(values.baseTeamId)] : [Number(values.baseTeamId), adverse],
      adversaireNom: adverse === null ? values.adversaireNom : null,
    };
  }
  return { ...base, equipesIds: values.equipesIds.map(Number) };
}
