import { describe, expect, it } from 'vitest';
import {
  EVENT_FIELD_MESSAGES,
  ZEventRangeQuerySchema,
  ZEventWriteSchema,
  eventEditableBy,
  eventVisibleTo,
  toEventWrite,
} from './events.ts';
import { EVENT_MESSAGES, SERVER_MESSAGES } from './messages.ts';

const base = {
  nom: 'Entraînement',
  lieux: 'Stade',
  dateDebut: '2026-03-29T01:30:00',
  dateFin: '2026-03-29T03:30:00',
  type: 'ENTRAINEMENT',
  equipesIds: [1, 2],
  clubId: 7,
};
const errorsOf = (input: unknown) => {
  const r = ZEventWriteSchema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
  return out;
};

describe('ZEventWriteSchema (spec §5 "Event form", §7)', () => {
  it('keeps wall-clock dates as given (a time that does not exist in Paris included)', () => {
    const v = ZEventWriteSchema.parse(base);
    expect(v.dateDebut).toBe('2026-03-29T01:30:00');
    expect(v.dateFin).toBe('2026-03-29T03:30:00');
    expect(v.adversaireNom).toBeNull();
  });
  it('accepts hh:mm and answers :00; lower-case types; drops duplicate teams', () => {
    const v = ZEventWriteSchema.parse({
      ...base,
      dateDebut: '2026-05-01T10:00',
      dateFin: '2026-05-01T12:00',
      type: 'tournoi',
      equipesIds: [2, 1, 2],
    });
    expect(v.dateDebut).toBe('2026-05-01T10:00:00');
    expect(v.type).toBe('TOURNOI');
    expect(v.equipesIds).toEqual([2, 1]);
  });
  it('requires nom, lieux, dates and type with French messages', () => {
    const e = errorsOf({ clubId: 7 });
    expect(e.nom).toBe(SERVER_MESSAGES.required);
    expect(e.lieux).toBe(SERVER_MESSAGES.required);
    expect(e.dateDebut).toBe(EVENT_FIELD_MESSAGES.dateTimeInvalid);
    expect(e.type).toBe(EVENT_FIELD_MESSAGES.typeInvalid);
    expect(errorsOf({ ...base, nom: '  ' }).nom).toBe(SERVER_MESSAGES.required);
  });
  it('refuses zoned, impossible and malformed date-times', () => {
    for (const d of [
      '2026-05-01T10:00:00Z',
      '2026-02-30T10:00:00',
      '2026-05-01 10:00',
      '01/05/2026',
    ])
      expect(errorsOf({ ...base, dateDebut: d }).dateDebut).toBe(
        EVENT_FIELD_MESSAGES.dateTimeInvalid,
      );
  });
  it('dateFin must be after dateDebut', () => {
    expect(errorsOf({ ...base, dateFin: base.dateDebut }).dateFin).toBe(
      EVENT_FIELD_MESSAGES.endBeforeStart,
    );
    expect(errorsOf({ ...base, dateFin: '2026-03-28T23:00:00' }).dateFin).toBe(
      EVENT_FIELD_MESSAGES.endBeforeStart,
    );
  });
  it('refuses control characters and unknown fields', () => {
    expect(errorsOf({ ...base, lieux: 'Stade\u0000' }).lieux).toBe(
      SERVER_MESSAGES.controlCharacters,
    );
    expect(ZEventWriteSchema.safeParse({ ...base, recurrence: {} }).success).toBe(false);
  });
  it('MATCH: one or two teams, the base first, or a typed opponent', () => {
    expect(errorsOf({ ...base, type: 'MATCH', equipesIds: [] }).equipesIds).toBe(
      EVENT_MESSAGES.matchNeedsTeam,
    );
    expect(errorsOf({ ...base, type: 'MATCH', equipesIds: [1, 2, 3] }).equipesIds).toBe(
      EVENT_FIELD_MESSAGES.matchTwoTeams,
    );
    expect(
      errorsOf({ ...base, type: 'MATCH', equipesIds: [1, 2], adversaireNom: 'FC Rival' })
        .adversaireNom,
    ).toBe(EVENT_FIELD_MESSAGES.opponentTwice);
    const typed = ZEventWriteSchema.parse({
      ...base,
      type: 'MATCH',
      equipesIds: [1],
      adversaireNom: ' FC Rival ',
    });
    expect(typed.equipesIds).toEqual([1]);
    expect(typed.adversaireNom).toBe('FC Rival');
  });
  it('adversaireNom is dropped for other types', () => {
    expect(
      ZEventWriteSchema.parse({ ...base, adversaireNom: 'FC Rival' }).adversaireNom,
    ).toBeNull();
  });
});

describe('ZEventRangeQuerySchema', () => {
  it('takes ISO dates, both optional, from ≤ to', () => {
    expect(ZEventRangeQuerySchema.parse({})).toEqual({});
    expect(ZEventRangeQuerySchema.parse({ from: '', to: '2026-01-01' })).toEqual({
      to: '2026-01-01',
    });
    expect(ZEventRangeQuerySchema.parse({ from: '2026-01-01', to: '2026-01-01' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-01',
    });
    expect(ZEventRangeQuerySchema.safeParse({ from: '2026-01-02', to: '2026-01-01' }).success).toBe(
      false,
    );
    expect(ZEventRangeQuerySchema.safeParse({ from: 'hier' }).success).toBe(false);
  });
});

describe('event permissions (docs/architecture.md §7)', () => {
  const coach = { id: 1, role: 'ENTRAINEUR', teamIds: [1] };
  it('a coach edits a match of their team against another team, not the reverse', () => {
    expect(eventEditableBy(coach, { type: 'MATCH', equipesIds: [1, 2] })).toBe(true);
    expect(eventEditableBy(coach, { type: 'MATCH', equipesIds: [2, 1] })).toBe(false);
    expect(eventEditableBy(coach, { type: 'ENTRAINEMENT', equipesIds: [1, 2] })).toBe(false);
    expect(eventEditableBy(coach, { type: 'ENTRAINEMENT', equipesIds: [] })).toBe(false);
  });
  it('both teams of a match see it', () => {
    const player = { id: 2, role: 'JOUEUR', teamIds: [2] };
    expect(eventVisibleTo(player, { equipesIds: [1, 2] })).toBe(true);
    expect(eventVisibleTo(player, { equipesIds: [1] })).toBe(false);
    expect(eventVisibleTo(player, { equipesIds: [] })).toBe(true);
  });
});

describe('toEventWrite', () => {
  it('turns an answered event into a valid body (a drag sends it with new dates)', () => {
    const answered = {
      id: 5,
      nom: 'Match',
      type: 'MATCH',
      dateDebut: '2026-05-02T15:00:00',
      dateFin: '2026-05-02T17:00:00',
      lieux: 'Stade',
      equipesIds: [1],
      clubId: 7,
      adversaireNom: 'FC Rival',
      adversaire: 'FC Rival',
      domicile: true,
      rendezVous: null,
      lieuRendezVous: null,
      equipes: [{ id: 1, nom: 'Seniors', categorie: 'Senior', division: 'R1' }],
      match: {
        id: 9,
        equipeDomicileId: 1,
        equipeExterieurId: null,
        adversaireNom: 'FC Rival',
        domicile: true,
      },
      serie: null,
    };
    const moved = ZEventWriteSchema.parse({
      ...toEventWrite(answered),
      dateDebut: '2026-05-03T15:00:00',
      dateFin: '2026-05-03T17:00:00',
    });
    expect(moved).toMatchObject({
      id: 5,
      type: 'MATCH',
      equipesIds: [1],
      adversaireNom: 'FC Rival',
    });
    expect(ZEventWriteSchema.safeParse(answered).success).toBe(false);
  });
});
