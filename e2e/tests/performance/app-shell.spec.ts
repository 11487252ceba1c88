import { TEAMS_MESSAGES } from '@club/contract';
import { clubUrl, expect, test } from '../../fixtures.ts';

/**
 * The app shell of signed-in URLs (docs/decisions/0092-signed-in-app-shell.md): the server's HTML
 * already draws the layout's frame and the screen's heading; React's first render replaces it with
 * the same heading at the same place. After it, one h1, one main, one navigation, and the page does
 * not move (layout shifts summed as CLS counts them, at most 0.01).
 */
test('the dashboard opens on its app shell and React replaces it: one h1, no layout shift', async ({
  leaderPage: page,
  club,
}) => {
  const url = clubUrl(club.nomClub, 'dashboard');
  const html = await (await page.request.get(url)).text();
  expect(html).toContain('data-app-shell');
  expect(html.match(/<h1>Tableau de bord<\/h1>/g)).toHaveLength(1);
  expect(html).toContain(`<strong>${club.nomClub}</strong>`);

  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number; moved: string[]; headingLost: number };
    w.shifts = 0;
    w.moved = [];
    w.headingLost = 0;
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Shift[]) {
        if (e.hadRecentInput) continue;
        w.shifts += e.value;
        // What moved, for the failure message.
        for (const s of e.sources)
          w.moved.push(
            `${(s.node as Element | undefined)?.className || s.node?.nodeName} y ${s.previousRect.y} → ${s.currentRect.y}`,
          );
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // Once the heading is there (the shell's), it never leaves the page (no loading state between).
    let seen = false;
    new MutationObserver(() => {
      if (document.querySelector('#root h1')) seen = true;
      else if (seen) w.headingLost++;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(url);
  await expect(page.locator('[data-app-shell]')).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Navigation de l’espace membre' }),
  ).toBeVisible();
  await expect(page.getByText(TEAMS_MESSAGES.empty)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');
  await expect(page.locator('main')).toHaveCount(1);
  await expect(page.getByRole('navigation')).toHaveCount(1);
  const { shifts, moved, headingLost } = await page.evaluate(() => {
    const w = window as unknown as { shifts: number; moved: string[]; headingLost: number };
    return { shifts: w.shifts, moved: w.moved, headingLost: w.headingLost };
  });
  expect(headingLost).toBe(0);
  expect(shifts, moved.join('; ')).toBeLessThanOrEqual(0.01);
});
