import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests: the production build served by the real server (started by src/global-setup.ts
 * on a free port with a temporary DATA_DIR and a real SMTP server), driven by the system Chromium.
 */

// One free port, chosen once by the runner; the workers inherit it through the environment.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ])
    .toString()
    .trim();
}
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT}`;

/**
 * Chromium's headless shell when it is installed (.ci/run installs it): the same Blink and V8
 * without the browser's interface processes, about a quarter less processor time per test on this
 * 2-core machine (docs/decisions/0141-browser-tests-on-the-headless-shell.md); otherwise the full browser. CHROMIUM_PATH wins.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ||
  (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Each journey runs once, at the width its people meet it at (decision 0056): the leader's
 * management screens (members, import, calendar planning, matches, settings, keyboard use) at
 * 1280 px; what players, parents and coaches do pitch-side (answers, match day, dashboard,
 * announcements, privacy, accounts, contact) and the accessibility walks at 375 px. The specs that
 * check a layout itself (smoke, the public pages) run at both widths; a journey whose screen
 * changes with the width checks both layouts by resizing the page (matches, match day,
 * phone-layout, burger).
 */
const DESKTOP_ONLY = [
  '**/performance/**',
  '**/a11y/keyboard.spec.ts',
  '**/calendar/calendar.spec.ts',
  '**/calendar/recurrence.spec.ts',
  '**/matches/matches.spec.ts',
  '**/members/import.spec.ts',
  '**/members/members.spec.ts',
  '**/settings/settings.spec.ts',
];
const PHONE_ONLY = [
  '**/a11y/every-route.spec.ts',
  '**/a11y/signed-in.spec.ts',
  '**/announcements/**',
  '**/auth/**',
  '**/calendar/feed.spec.ts',
  '**/dashboard/**',
  '**/duties/**',
  '**/fees/**',
  '**/fixtures.spec.ts',
  '**/matches/convocation-email.spec.ts',
  '**/matches/match-day.spec.ts',
  '**/matches/live-sheet.spec.ts',
  '**/matches/week-of-use.spec.ts',
  '**/messages/**',
  '**/members/hats.spec.ts',
  '**/members/memberships.spec.ts',
  '**/offline/**',
  '**/privacy/**',
  '**/public-site/burger.spec.ts',
  '**/public-site/contact.spec.ts',
  '**/statistics/**',
  '**/ui/phone-layout.spec.ts',
  '**/ui/touch-targets.spec.ts',
];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './src/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Two cores: the server, the browser and the runner share them.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [
    [process.env.CI ? 'line' : 'list'],
    ['html', { open: 'never', outputFolder: './playwright-report' }],
    ['json', { outputFile: './test-results/results.json' }],
  ],
  use: {
    baseURL: BASE_URL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    video: 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'mobile',
      testIgnore: DESKTOP_ONLY,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 375, height: 812 },
        isMobile: false,
        hasTouch: true,
      },
    },
    {
      name: 'desktop',
      testIgnore: PHONE_ONLY,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
});
