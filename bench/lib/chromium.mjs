// The headless Chromium every browser measure runs: the same flags (no GPU, no QUIC, no background
// traffic that would add noise), the system's /usr/bin/chromium unless CHROMIUM_PATH / CHROME_PATH
// says otherwise.
import { chromium } from '@playwright/test';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Path of the Chromium that chrome-launcher (Lighthouse) starts. */
export const chromePath = () => process.env.CHROME_PATH || '/usr/bin/chromium';

/** Playwright's Chromium with those flags. */
export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });

/**
 * A browser context of `viewport`, signed in with `cookies` ({ name: value }) on `base`, whose pages
 * record their longest main-thread task in `window.__longest` (a frozen page shows up there).
 */
export async function signedInContext(browser, { base, cookies, viewport }) {
  const context = await browser.newContext({ viewport });
  const url = new URL(base);
  await context.addCookies(
    Object.entries(cookies).map(([name, value]) => ({
      name,
      value,
      domain: url.hostname,
      path: '/',
    })),
  );
  await context.addInitScript(() => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  return context;
}
