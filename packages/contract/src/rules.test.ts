import { describe, expect, it } from 'vitest';
import {
  CALENDAR,
  CLUB_DELETION_WORD,
  canEditScore,
  displayMemberStatus,
  eventColorToken,
  isActiveStatus,
  isLeader,
  isTeamRole,
  loginCooldownSeconds,
  MATCH_STATUS_COLORS,
  MATCH_STATUS_LABELS,
  normalizeRole,
  parseRetryAfter,
  teamLabel,
  toLocalDateTime,
  tooManyRequestsCooldownSeconds,
  EVENT_TYPES,
  EVENT_TYPE_LABELS,
  GENDERS,
  MEMBER_STATUSES,
  ROLES,
  SPORTS,
  HTTP_TIMEOUT_MS,
  PASSWORD_MIN_LENGTH,
  REDIRECT_AFTER_REGISTRATION_MS,
  REDIRECT_AFTER_RESET_MS,
  SETTINGS_MESSAGE_MS,
  REDIRECT_AFTER_CLUB_DELETION_MS,
  NAME_MIN_LENGTH,
  NAME_MAX_LENGTH,
  CLUB_NAME_MAX_LENGTH,
  BURGER_AUTO_CLOSE_WIDTH,
  CALENDAR_DAY_VIEW_MAX_WIDTH,
  CALENDAR_WEEK_VIEW_MAX_WIDTH,
  SETTINGS_SCROLL_OFFSET_PX,
  SETTINGS_SECTION_THRESHOLD,
  FOOTER_YEAR,
  PLAN,
  PRESENCE_LABELS,
} from './index.ts';

describe('[contract] constants of spec §9', () => {
  it('numbers', () => {
    expect(HTTP_TIMEOUT_MS).toBe(15_000);
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect([
      REDIRECT_AFTER_REGISTRATION_MS,
      REDIRECT_AFTER_RESET_MS,
      SETTINGS_MESSAGE_MS,
      REDIRECT_AFTER_CLUB_DELETION_MS,
    ]).toEqual([1500, 2000, 3000, 800]);
    expect([NAME_MIN_LENGTH, NAME_MAX_LENGTH, CLUB_NAME_MAX_LENGTH]).toEqual([2, 80, 120]);
    expect([
      BURGER_AUTO_CLOSE_WIDTH,
      CALENDAR_DAY_VIEW_MAX_WIDTH,
      CALENDAR_WEEK_VIEW_MAX_WIDTH,
    ]).toEqual([1024, 640, 1024]);
    expect([SETTINGS_SCROLL_OFFSET_PX, SETTINGS_SECTION_THRESHOLD]).toEqual([80, 0.45]);
    expect(CLUB_DELETION_WORD).toBe('SUPPRIMER');
    expect(FOOTER_YEAR).toBe(2024);
    expect(PLAN).toEqual({ name: 'Normal', pricePerMonth: '0.00' });
    expect(CALENDAR).toEqual({
      monthWeeks: 6,
      slotMinutes: 30,
      dayMaxEventRows: 5,
      dragScrollThresholdPx: 50,
      touchMouseIgnoreMs: 500,
      aspectRatio: 1.35,
      scrollTime: '06:00:00',
    });
  });

  it('closed lists', () => {
    expect(ROLES).toEqual(['DIRIGEANT', 'RESPONSABLE', 'ENTRAINEUR', 'JOUEUR', 'PARENT']);
    // Malade: added (docs/architecture.md §11, decision 0108)
    expect(MEMBER_STATUSES).toEqual(['Actif', 'Blessé', 'Malade', 'Suspendu']);
    expect(SPORTS).toEqual(['Football', 'Basketball', 'Handball', 'Rugby']);
    expect(GENDERS).toEqual(['Homme', 'Femme', 'Autre']);
    expect(EVENT_TYPES).toEqual(['MATCH', 'ENTRAINEMENT', 'TOURNOI', 'REUNION', 'AUTRE']);
    expect(Object.values(EVENT_TYPE_LABELS)).toEqual([
      'Match',
      'Entraînement',
      'Tournoi',
      'Réunion',
      'Autre',
    ]);
    expect(MATCH_STATUS_LABELS).toEqual({
      A_VENIR: 'À venir',
      EN_COURS: 'En cours',
      TERMINE: 'Terminé',
      ANNULE: 'Annulé',
    });
    expect(MATCH_STATUS_COLORS).toEqual({
      A_VENIR: 'blue',
      EN_COURS: 'amber',
      TERMINE: 'gray',
      ANNULE: 'red',
    });
    expect(PRESENCE_LABELS).toEqual({ DISPONIBLE: 'Présent', INDISPONIBLE: 'Absent' });
  });
});

describe('[contract] roles (spec §6)', () => {
  it('are compared in upper case', () => {
    expect(normalizeRole('dirigeant')).toBe('DIRIGEANT');
    expect(normalizeRole(' Joueur ')).toBe('JOUEUR');
    expect(normalizeRole('ADMIN')).toBeNull();
    expect(isLeader('responsable')).toBe(true);
    expect(isLeader('ENTRAINEUR')).toBe(false);
    expect(isTeamRole('parent')).toBe(true);
    expect(isTeamRole('DIRIGEANT')).toBe(false);
  });
});

describe('[contract] member status display rule (spec §3)', () => {
  it.each([
    ['Actif', 'Actif'],
    ['ACTIF', 'Actif'],
    ['inactive', 'Actif'], // contains 'act': the spec's rule, literally
    ['Blessé', 'Blessé'],
    ['blesse', 'Blessé'],
    ['BLESSÉ (genou)', 'Blessé'],
    ['Suspendu', 'Suspendu'],
    ['susp.', 'Suspendu'],
    ['malade', 'Malade'], // added (decision 0108)
    ['MALADIE', 'Malade'],
    ['En vacances', 'En vacances'],
    ['', 'Inconnu'],
    [null, 'Inconnu'],
  ])('%s → %s', (input, expected) => {
    expect(displayMemberStatus(input)).toBe(expected);
  });

  it('a player is active when the normalised status without parentheses equals ACTIF (spec §4)', () => {
    expect(isActiveStatus('Actif')).toBe(true);
    expect(isActiveStatus('(ACTIF)')).toBe(true);
    expect(isActiveStatus('actif')).toBe(true);
    expect(isActiveStatus('Blessé')).toBe(false);
    expect(isActiveStatus('Inactif')).toBe(false);
  });
});

describe('[contract] login cooldown (spec §4, §9)', () => {
  it.each([
    [0, 0],
    [2, 0],
    [3, 3],
    [4, 3],
    [5, 10],
    [6, 10],
    [7, 30],
    [20, 30],
  ])('%i failures → %i s', (failures, seconds) => {
    expect(loginCooldownSeconds(failures)).toBe(seconds);
  });

  it('a 429 uses Retry-After, then x-rate-limit-retry-after-seconds (seconds or a date), then the counter, then 10 s', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(tooManyRequestsCooldownSeconds({ retryAfter: '42' }, 0, now)).toBe(42);
    expect(
      tooManyRequestsCooldownSeconds({ retryAfter: null, rateLimitRetryAfter: '7' }, 0, now),
    ).toBe(7);
    expect(
      tooManyRequestsCooldownSeconds(
        { rateLimitRetryAfter: 'Thu, 01 Jan 2026 12:00:20 GMT' },
        0,
        now,
      ),
    ).toBe(20);
    expect(tooManyRequestsCooldownSeconds({}, 5, now)).toBe(10);
    expect(tooManyRequestsCooldownSeconds({}, 7, now)).toBe(30);
    expect(tooManyRequestsCooldownSeconds({}, 0, now)).toBe(10);
    expect(tooManyRequestsCooldownSeconds({ retryAfter: 'n’importe quoi' }, 3, now)).toBe(3);
    expect(parseRetryAfter('', now)).toBeNull();
  });
});

describe('[contract] events and teams', () => {
  it('type colours (spec §2): MATCH primary, ENTRAINEMENT green, TOURNOI purple, REUNION orange, AUTRE red, unknown red', () => {
    expect(
      ['MATCH', 'ENTRAINEMENT', 'TOURNOI', 'REUNION', 'AUTRE', 'PIQUE-NIQUE', null].map(
        eventColorToken,
      ),
    ).toEqual(['primary', 'green', 'purple', 'orange', 'red', 'red', 'red']);
  });

  it("team label 'nom • division • categorie', or 'Équipe #id' (spec §3)", () => {
    expect(teamLabel({ nom: 'U15 A', division: 'Régional 2', categorie: 'U15' })).toBe(
      'U15 A • Régional 2 • U15',
    );
    expect(teamLabel({ nom: 'Seniors', division: 'D1', category: 'Senior' })).toBe(
      'Seniors • D1 • Senior',
    );
    expect(teamLabel(null, 12)).toBe('Équipe #12');
    expect(teamLabel(undefined, 3)).toBe('Équipe #3');
  });

  it('event dates are sent as local time without zone (spec §5)', () => {
    expect(toLocalDateTime(new Date(2026, 0, 5, 9, 7, 3))).toBe('2026-01-05T09:07:03');
  });

  it('scores are editable only when EN_COURS or TERMINE (spec §4)', () => {
    expect(canEditScore('EN_COURS')).toBe(true);
    expect(canEditScore('TERMINE')).toBe(true);
    expect(canEditScore('A_VENIR')).toBe(false);
    expect(canEditScore('ANNULE')).toBe(false);
  });
});
