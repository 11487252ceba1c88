import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test as base,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import {
  api as endpoints,
  callResult,
  createClient,
  requestOf,
  queryString,
  type Api as ApiTree,
  type CallOptions,
  type CallResult,
  type Client,
  type EndpointInput,
  type EndpointSpec,
  type TransportRequest,
  COOKIE_XSRF_TOKEN,
  HEADER_XSRF_TOKEN,
  THEMES,
} from '@club/contract';

/**
 * Fixtures for the end-to-end tests. Every piece of data is created through the REAL HTTP API of
 * the production server started by src/global-setup.ts (no back door, no mock); mails come from
 * the real SMTP server of the global set-up.
 */

export const E2E_PASSWORD = 'Motdepasse-Solide-42';
export const DEVICE_FINGERPRINT = 'e2e-playwright-device';

let counter = 0;
/** A value unique to this run, worker and call (for e-mails, club and team names). */
export function unique(prefix = 'e2e'): string {
  const worker = process.env.TEST_WORKER_INDEX ?? '0';
  return `${prefix}-${Date.now().toString(36)}-${worker}-${(++counter).toString(36)}`;
}
export const uniqueEmail = (prefix = 'membre') => `${unique(prefix)}@example.org`.toLowerCase();

// ---------------------------------------------------------------------------------------------
// HTTP with the anti-forgery token (docs/architecture.md §6: signed double-submit X-XSRF-TOKEN).

type Body = Record<string, unknown> | unknown[] | undefined;

/**
 * Calls the API through a request context, sending X-XSRF-TOKEN from the XSRF-TOKEN cookie.
 * `client` is the contract's typed client (the same declarations as the server's routes and the
 * web's calls): `await api.client.dashboard.infos()`; it fails the test on a non-2xx answer.
 * `get`/`post`/… stay for the tests that look at the raw answer (statuses, headers).
 */
export class Api {
  readonly client: Client<ApiTree>;

  constructor(
    readonly request: APIRequestContext,
    readonly baseURL: string,
  ) {
    this.client = createClient(endpoints, (req) => this.transport(req));
  }

  /** The typed client's transport: the parsed answer, or an error naming the refused call. */
  private async transport(req: TransportRequest): Promise<unknown> {
    const r = await this.fetchRequest(req);
    if (!r.ok()) throw new Error(`${r.url()} → ${r.status()} ${await r.text()}`);
    const text = await r.text();
    return text ? JSON.parse(text) : undefined;
  }

  private async fetchRequest(req: TransportRequest): Promise<APIResponse> {
    const url = `${req.path}${queryString(req.query)}`;
    return req.method === 'GET'
      ? await this.request.get(url, { headers: req.headers })
      : await this.request.fetch(url, {
          method: req.method,
          data: req.body as Body,
          headers: {
            ...req.headers,
            [HEADER_XSRF_TOKEN]: await this.xsrfToken(),
            origin: new URL(this.baseURL).origin,
          },
        });
  }

  /**
   * Calls an endpoint of the contract and answers status, headers and the body typed from the
   * declaration (`res.body` on a 2xx, the French `res.error` otherwise), for a test that checks a
   * refusal or a header. `client` is shorter when only the answer matters.
   */
  async send<S extends EndpointSpec>(
    endpoint: S,
    ...[input, options]: object extends EndpointInput<S>
      ? [input?: EndpointInput<S>, options?: CallOptions]
      : [input: EndpointInput<S>, options?: CallOptions]
  ): Promise<CallResult<S>> {
    const res = await this.fetchRequest(
      requestOf(endpoint, input as Parameters<typeof requestOf>[1], options),
    );
    return callResult(endpoint, {
      status: res.status(),
      headers: res.headers(),
      text: await res.text(),
    });
  }

  async xsrfToken(): Promise<string> {
    const find = async () =>
      (await this.request.storageState()).cookies.find((c) => c.name === COOKIE_XSRF_TOKEN)?.value;
    let token = await find();
    if (!token) {
      const res = await this.request.get(endpoints.auth.csrf.path);
      expect(res.ok(), `${endpoints.auth.csrf.path} → ${res.status()}`).toBeTruthy();
      token = await find();
    }
    if (!token) throw new Error('Le serveur n’a pas déposé le cookie XSRF-TOKEN.');
    return token;
  }

  /**
   * A path under /api/ that no route answers (a 404 probe): with the contract, the one API path
   * the browser tests write (scripts/lint/api-paths.mjs).
   */
  static readonly missingPath = '/api/route-qui-n-existe-pas';

  /**
   * A hand-built request, for what the typed calls cannot send (a forged anti-forgery token, a
   * malformed body, a path outside the API). Everything else calls an endpoint (`client`, `send`).
   */
  raw(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    data?: Body,
  ): Promise<APIResponse> {
    return method === 'GET' ? this.request.get(url) : this.send_(method, url, data);
  }

  private async send_(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, data?: Body) {
    return this.request.fetch(url, {
      method,
      data,
      headers: {
        [HEADER_XSRF_TOKEN]: await this.xsrfToken(),
        origin: new URL(this.baseURL).origin,
      },
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Clubs and members through the real API.

/** The signed-in member's club (GET /api/dashboard/infos). */
export const infos = (api: Api) => api.client.dashboard.infos();

/**
 * The club's calendar day (Europe/Paris: the browser's time zone in these tests and the club's
 * default) `offset` days from now, 'YYYY-MM-DD'. Not the runner's date: between 22:00/23:00 and
 * midnight UTC, Paris is already on the next day and the calendar opens on it.
 */
export function parisDay(offset = 0): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** A club path with URL-encoded names (spec §2). */
export const clubUrl = (nomClub: string, ...rest: string[]) =>
  `/${[nomClub, ...rest].map(encodeURIComponent).join('/')}`;

/** A team of the signed-in leader's club (default: 'Seniors', R1, Senior). */
export function createTeam(
  api: Api,
  clubId: number,
  team: { nom?: string; division?: string; category?: string } = {},
) {
  return api.client.teams.create({
    body: { nom: 'Seniors', division: 'R1', category: 'Senior', ...team, idClub: clubId },
  });
}

/** Through the real API, as the signed-in leader: a team 'Seniors' with one player in it. */
export async function createTeamWithPlayer(api: Api) {
  const me = await api.client.dashboard.infos();
  await createTeam(api, me.idClub);
  await api.client.members.create({
    body: {
      nom: 'Leroy',
      prenom: 'Hugo',
      dateDeNaissance: '2001-02-03',
      genre: 'Homme',
      numeroTelephone: '0611223344',
      email: uniqueEmail('joueur'),
      role: 'JOUEUR',
      nomEquipe: 'Seniors',
      clubId: me.idClub,
    },
  });
  return me;
}

export type MemberFields = {
  nom: string;
  prenom: string;
  role: string;
  nomEquipe?: string;
  /** Several teams, the first one primary (takes precedence over nomEquipe). */
  equipesIds?: number[];
  statut?: string;
  enfantsIds?: number[];
  dateDeNaissance?: string;
};

/** A member created through the API whose account is activated from the invitation mail. */
export async function createActiveMember(
  api: Api,
  browser: Browser,
  clubId: number,
  fields: MemberFields,
) {
  const email = uniqueEmail(fields.role.toLowerCase());
  const since = Date.now();
  const member = await api.client.members.create({
    body: {
      dateDeNaissance: '2006-02-03',
      genre: 'Homme',
      numeroTelephone: '0611223344',
      email,
      clubId,
      ...fields,
    },
  });
  await activateFromInvitation(api, browser, email, since);
  return { ...member, ...fields, email, password: E2E_PASSWORD };
}

/**
 * The set-up of the match-day and statistics journeys: as the signed-in leader, the team
 * 'Seniors' with its coach Marc Petit and its player Léo Moreau, both activated.
 */
export async function seniorsWithCoachAndPlayer(api: Api, browser: Browser) {
  const me = await api.client.dashboard.infos();
  const team = await createTeam(api, me.idClub);
  const base = { nomEquipe: 'Seniors' };
  const coach = await createActiveMember(api, browser, me.idClub, {
    ...base,
    nom: 'Petit',
    prenom: 'Marc',
    role: 'ENTRAINEUR',
  });
  const leo = await createActiveMember(api, browser, me.idClub, {
    ...base,
    nom: 'Moreau',
    prenom: 'Léo',
    role: 'JOUEUR',
  });
  return { me, team, base, coach, leo };
}

/** A page of its own (a new context at the project's width), signed in as `account`. */
export async function signedInPage(browser: Browser, account: Pick<Account, 'email' | 'password'>) {
  const { viewport, hasTouch } = base.info().project.use;
  const context = await browser.newContext({ viewport, hasTouch });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

/** The club calendar, loaded (its FullCalendar chunk given time on a busy machine). */
/**
 * The club's local date and time (Europe/Paris, as parisDay) `minutes` from now,
 * 'YYYY-MM-DDTHH:MM:00': an event that must not have started yet whatever the hour the tests run
 * at (a sign-up closes at the start). Late in the evening it falls on the next day.
 */
export function parisDateTime(minutes: number): string {
  const local = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + minutes * 60_000));
  return `${local.replace(' ', 'T')}:00`;
}

export async function openCalendar(page: Page, nomClub: string) {
  await page.goto(clubUrl(nomClub, 'calendrier'));
  await expect(page.getByRole('heading', { level: 1, name: 'Calendrier du club' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Chargement des événements...')).toHaveCount(0);
}

/**
 * Activates the account of `email` with E2E_PASSWORD from its invitation mail (received after
 * `since`), as the invited person would: the link's token, in a browser context of their own.
 */
export async function activateFromInvitation(
  api: Api,
  browser: Browser,
  email: string,
  since: number,
) {
  const mail = await waitForMail(email, /Invitation/, { since });
  const link = mail.links.find((l) => l.includes('/activation?token='))!;
  const token = new URL(link).searchParams.get('token')!;
  const context = await browser.newContext();
  const anon = new Api(context.request, api.baseURL);
  await anon.client.auth.activate({ body: { token, password: E2E_PASSWORD } });
  await context.close();
}

export interface Account {
  email: string;
  password: string;
  nom: string;
  prenom: string;
}
type ClubRegistration = EndpointInput<typeof endpoints.publicSite.register>['body'];
export interface RegisteredClub extends Account {
  nomClub: string;
  sportNom: ClubRegistration['sportNom'];
}

/** POST /api/club/inscription with the spec's payload (spec §7, "Club registration payload"). */
export async function registerClub(
  api: Api,
  overrides: Partial<RegisteredClub & Pick<ClubRegistration, 'dateNaissance' | 'genre'>> = {},
): Promise<RegisteredClub> {
  const payload = {
    nom: 'Durand',
    prenom: 'Camille',
    email: uniqueEmail('dirigeant'),
    password: E2E_PASSWORD,
    dateNaissance: '1985-04-12',
    nomClub: `Club ${unique('club')}`,
    sportNom: 'Football',
    genre: 'Femme',
    ...overrides,
  } satisfies ClubRegistration;
  await api.client.publicSite.register({ body: payload });
  return payload;
}

/**
 * Signs in through POST /auth/connexion/login with the page's own request context, so that the
 * browser holds the session cookies, and gives the browser the same device fingerprint (the
 * refresh call must send the one used at login).
 */
export async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.context().addInitScript((fp) => {
    try {
      if (!localStorage.getItem('deviceFingerprint')) localStorage.setItem('deviceFingerprint', fp);
    } catch {
      // storage unavailable (about:blank)
    }
  }, DEVICE_FINGERPRINT);
  const api = new Api(page.request, baseUrlOf(page.context()));
  const res = await api.send(endpoints.auth.login, {
    body: {
      email: account.email,
      password: account.password,
      deviceFingerprint: DEVICE_FINGERPRINT,
    },
  });
  if (res.status !== 200) throw new Error(`Connexion refusée (${res.status}) : ${res.text}`);
  return api;
}

function baseUrlOf(_context: BrowserContext): string {
  return `http://127.0.0.1:${process.env.E2E_PORT}`;
}

// ---------------------------------------------------------------------------------------------
// Mails received by the SMTP server of the global set-up.

export interface ReceivedMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

export function readMails(): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR manquant : la mise en place globale n’a pas tourné.');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as ReceivedMail);
}

/** Waits for the latest mail to `to` whose subject matches, received after `since` (ms epoch). */
export async function waitForMail(
  to: string,
  subject: RegExp | string = /.*/,
  opts: { timeout?: number; since?: number } = {},
): Promise<ReceivedMail & { links: string[] }> {
  const deadline = Date.now() + (opts.timeout ?? 10_000);
  const wanted = to.toLowerCase();
  const matches = (m: ReceivedMail) =>
    m.to.includes(wanted) &&
    (typeof subject === 'string' ? m.subject.includes(subject) : subject.test(m.subject)) &&
    (!opts.since || Date.parse(m.receivedAt) >= opts.since);
  for (;;) {
    const found = readMails().filter(matches).at(-1);
    if (found) return { ...found, links: extractLinks(found) };
    if (Date.now() > deadline)
      throw new Error(
        `Aucun mail pour ${to} (${String(subject)}) ; reçus : ${readMails()
          .map((m) => `${m.to.join(',')} « ${m.subject} »`)
          .join(' ; ')}`,
      );
    await new Promise((r) => setTimeout(r, 150));
  }
}

export function extractLinks(mail: Pick<ReceivedMail, 'text' | 'html'>): string[] {
  const found = new Set<string>();
  for (const m of `${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"'<>)]+/g))
    found.add(m[0].replace(/&amp;/g, '&'));
  return [...found];
}

// ---------------------------------------------------------------------------------------------
// Accessibility.

export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe-core on the page and fails with a readable list of violations. */
export async function expectNoA11yViolations(
  page: Page,
  opts: {
    include?: string;
    exclude?: string[];
    disableRules?: string[];
    /** Only these rules (otherwise every rule of A11Y_TAGS). */
    rules?: readonly string[];
    /** Named in the failure message. */
    label?: string;
  } = {},
) {
  let builder = new AxeBuilder({ page });
  builder = opts.rules ? builder.withRules([...opts.rules]) : builder.withTags(A11Y_TAGS);
  if (opts.include) builder = builder.include(opts.include);
  for (const e of opts.exclude ?? []) builder = builder.exclude(e);
  if (opts.disableRules?.length) builder = builder.disableRules(opts.disableRules);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}) : ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}`)
        .join('\n')}`,
  );
  const where = opts.label ? `${page.url()} (${opts.label})` : page.url();
  expect(summary, `Violations d’accessibilité sur ${where}`).toEqual([]);
}

/** The axe rules whose outcome depends on colours: the only thing a theme changes. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * axe in the three themes without reloading (decision 0081): every rule in the page's theme, then
 * the colour rules with `<html data-theme>` set to each other theme — a theme is a set of CSS
 * custom properties on that attribute (apps/web/src/styles/tokens.css), the markup, names and
 * roles do not change with it. The page's theme is restored afterwards.
 */
export async function expectNoA11yViolationsInThemes(
  page: Page,
  opts: Omit<Parameters<typeof expectNoA11yViolations>[1] & object, 'rules' | 'label'> = {},
) {
  const html = page.locator('html');
  const initial = (await html.getAttribute('data-theme')) ?? 'light';
  await expectNoA11yViolations(page, { ...opts, label: `thème ${initial}` });
  try {
    for (const theme of THEMES.filter((t) => t !== initial)) {
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      await expect(html).toHaveAttribute('data-theme', theme);
      await expectNoA11yViolations(page, { ...opts, rules: COLOUR_RULES, label: `thème ${theme}` });
    }
  } finally {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, initial);
  }
}

/** A full-page screenshot in each theme (switched in place, as above), kept with the test's output. */
export async function screenshotInThemes(page: Page, name: string) {
  const html = page.locator('html');
  const initial = (await html.getAttribute('data-theme')) ?? 'light';
  for (const theme of THEMES) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    await page.screenshot({ path: test.info().outputPath(`${name}-${theme}.png`), fullPage: true });
  }
  await page.evaluate((t) => {
    document.documentElement.dataset.theme = t;
  }, initial);
}

// ---------------------------------------------------------------------------------------------
// The test object with the fixtures.

interface Fixtures {
  /** API helper bound to the page's browser context (cookies shared with the page). */
  api: Api;
  /** A fresh club registered through the API (not signed in). */
  club: RegisteredClub;
  /** The page, signed in as the fresh club's leader (DIRIGEANT). */
  leaderPage: Page;
}

export const test = base.extend<Fixtures>({
  api: async ({ page, baseURL }, use) => {
    await use(new Api(page.request, baseURL!));
  },
  club: async ({ playwright, baseURL }, use) => {
    // A separate request context: registering must not leave cookies in the page's context.
    const request = await playwright.request.newContext({ baseURL });
    const club = await registerClub(new Api(request, baseURL!));
    await request.dispose();
    await use(club);
  },
  leaderPage: async ({ page, club }, use) => {
    await signIn(page, club);
    await use(page);
  },
});

export { expect };

/**
 * A member in a members list (decision 0031): a table row from 640 px, a card below. `text` is a
 * name part (rows read 'Nom Prénom', cards 'Prénom Nom').
 */
export const memberEntry = (page: Page, text: string | RegExp) =>
  page.locator('tbody tr, li.card-list-item').filter({ hasText: text });

/** Runs an action of a member's row menu ('Actions pour Prénom Nom'). */
export async function memberAction(page: Page, fullName: string, action: string) {
  await page.getByRole('button', { name: `Actions pour ${fullName}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Opens what a list keeps one click away (the row's name, or the card's 'Plus d'informations'). */
export async function showMemberDetails(page: Page, text: string | RegExp) {
  const entry = memberEntry(page, text).first();
  await entry.locator('th button[aria-expanded="false"], summary').first().click();
  return page.locator('.member-details:visible');
}

/** '12/04/1985' for '1985-04-12' (or its date part): how the French date pickers are typed. */
export const frenchDate = (iso: string) =>
  `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * Types 'aaaa-mm-jjThh:mm' into a French date and time picker (decision 0031): the date under its
 * label ('Début *'), the time under the time half's name ('Heure de début').
 */
export async function fillDateTime(
  scope: Page | Locator,
  dateLabel: string,
  timeLabel: string,
  value: string,
) {
  await scope.getByLabel(dateLabel, { exact: true }).fill(frenchDate(value));
  await scope.getByLabel(timeLabel, { exact: true }).fill(value.slice(11, 16));
}
