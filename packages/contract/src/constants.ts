/** Business constants and limits of spec §9. */
export const HTTP_TIMEOUT_MS = 15_000;

/** Where the API answers (the server never serves the web app there) and its OpenAPI page. */
export const API_PATH_PREFIXES = ['/api/', '/auth/'] as const;
export const API_DOCS_PATH = '/api/docs';
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 80;
export const CLUB_NAME_MIN_LENGTH = 2;
export const CLUB_NAME_MAX_LENGTH = 120;

export const REDIRECT_AFTER_REGISTRATION_MS = 1_500;
export const REDIRECT_AFTER_RESET_MS = 2_000;
export const SETTINGS_MESSAGE_MS = 3_000;
export const REDIRECT_AFTER_CLUB_DELETION_MS = 800;

export const BURGER_AUTO_CLOSE_WIDTH = 1024;
export const CALENDAR_DAY_VIEW_MAX_WIDTH = 640;
export const CALENDAR_WEEK_VIEW_MAX_WIDTH = 1024;
export const SETTINGS_SCROLL_OFFSET_PX = 80;
export const SETTINGS_SECTION_THRESHOLD = 0.45;

export const CLUB_DELETION_WORD = 'SUPPRIMER';

/** Session cookie lifetimes (privacy page, docs/architecture.md §6). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_IDLE_SECONDS = 7 * 24 * 3600;
export const REFRESH_TOKEN_ABSOLUTE_SECONDS = 30 * 24 * 3600;
export const COOKIE_ACCESS_TOKEN = 'accessToken';
export const COOKIE_REFRESH_TOKEN = 'refreshToken';
export const COOKIE_XSRF_TOKEN = 'XSRF-TOKEN';
export const HEADER_XSRF_TOKEN = 'X-XSRF-TOKEN';
/** A client-chosen key that makes a retried write safe: the first answer is replayed. */
export const HEADER_IDEMPOTENCY_KEY = 'Idempotency-Key';

export const LEGAL_PAGES_DATE = '5 octobre 2025';
export const FOOTER_YEAR = 2024;

export const PLAN = { name: 'Normal', pricePerMonth: '0.00' } as const;

export const STORAGE_KEYS = {
  logoBackgroundEnabled: 'logoBackgroundEnabled',
  token: 'token',
  deviceFingerprint: 'deviceFingerprint',
  theme: 'theme',
} as const;

/** Calendar settings of spec §9. */
export const CALENDAR = {
  monthWeeks: 6,
  slotMinutes: 30,
  dayMaxEventRows: 5,
  dragScrollThresholdPx: 50,
  touchMouseIgnoreMs: 500,
  aspectRatio: 1.35,
  scrollTime: '06:00:00',
} as const;

export const SCORE_MIN = 0;
