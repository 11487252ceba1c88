import {
  clubUrl,
  createTeamWithPlayer,
  expect,
  expectNoA11yViolations,
  memberEntry,
  test,
} from '../../fixtures.ts';
import { SIGNED_IN_APP_ROUTES } from './routes.ts';

/**
 * Phone layout in Chromium (decision 0031): no signed-in page scrolls sideways at 375 px; the
 * members lists are cards below 640 px and tables above; the date picker speaks jj/mm/aaaa in an
 * English-language browser.
 */

test.describe('[ui] phone layout', () => {
  // The tests set their own viewport: only the 'mobile' project runs this file (playwright.config.ts).
  test('no signed-in route scrolls sideways at 375 px', async ({ leaderPage: page, api }) => {
    test.setTimeout(240_000); // every signed-in route of the router (routes.ts)
    const me = await createTeamWithPlayer(api);
    await page.setViewportSize({ width: 375, height: 812 });
    const overflowing: string[] = [];
    for (const route of SIGNED_IN_APP_ROUTES) {
      const url = route.url({
        nomClub: me.nomClub,
        nomEquipe: 'Seniors',
        answerLink: '',
        unsubscribeLink: '',
      });
      await page.goto(url);
      // Generous waits: a screen's code may take seconds on a loaded 2-core machine.
      await expect(page.getByRole('heading', { level: 1 }), url).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText(/^Chargement/), url).toHaveCount(0, { timeout: 20_000 });
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      if (scrollWidth > clientWidth) overflowing.push(`${url}: ${scrollWidth} > ${clientWidth}`);
    }
    expect(overflowing).toEqual([]);
  });

  test('members lists: cards below 640 px, a table above', async ({ leaderPage: page, api }) => {
    const me = await createTeamWithPlayer(api);
    for (const path of [
      clubUrl(me.nomClub, 'membres'),
      clubUrl(me.nomClub, 'Seniors', 'membres'),
    ]) {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(path);
      const card = memberEntry(page, 'Leroy');
      await expect(card).toBeVisible();
      await expect(card).toHaveJSProperty('tagName', 'LI');
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(card.getByRole('heading', { name: 'Hugo Leroy' })).toBeVisible();
      await expect(card).toContainText('Joueur');
      await expect(card).toContainText('Actif');
      await expect(card.getByRole('button', { name: 'Actions pour Hugo Leroy' })).toBeVisible();

      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(page.getByRole('table')).toBeVisible();
      const row = memberEntry(page, 'Leroy');
      await expect(row).toHaveJSProperty('tagName', 'TR');
      // Grouped as written in France (decision 0086).
      await expect(row).toContainText('06 11 22 33 44');
      await expect(page.getByRole('list', { name: /membres/i })).toHaveCount(0);
    }
  });
});

test.describe('[ui] French date picker in an English browser', () => {
  test.use({ locale: 'en-US' });

  test('the birth date shows and accepts jj/mm/aaaa, typed or picked', async ({
    leaderPage: page,
    api,
  }) => {
    const me = await createTeamWithPlayer(api);
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await page.goto(clubUrl(me.nomClub, 'membres'));
    await page.getByRole('button', { name: '+ Ajouter un membre' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un membre' });
    const date = dialog.getByLabel('Date de naissance *');
    await expect(date).toHaveAttribute('placeholder', 'jj/mm/aaaa');
    await date.pressSequentially('06052004');
    await expect(date).toHaveValue('06/05/2004');

    // The calendar opens on that day, in French, Monday first; the keyboard moves and picks.
    await dialog.getByRole('button', { name: 'Choisir une date dans le calendrier' }).click();
    const picker = dialog.getByRole('dialog', { name: 'Choisir une date' });
    await expect(picker.getByRole('grid', { name: 'mai 2004' })).toBeVisible();
    await expect(picker.getByRole('columnheader').first()).toHaveText('lu');
    await expect(picker.getByRole('button', { name: 'jeudi 6 mai 2004' })).toBeFocused();
    // The month select holds its longest name at 375 px ('septembre', not 'septembr…').
    const fit = await picker.getByRole('combobox', { name: 'Mois' }).evaluate((el) => {
      const style = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24; // the arrow
      return { room, text: ctx.measureText('septembre').width };
    });
    expect(fit.room).toBeGreaterThanOrEqual(fit.text);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(date).toHaveValue('07/05/2004');

    await dialog.getByLabel('Nom *', { exact: true }).fill('Martin');
    await dialog.getByLabel('Prénom *').fill('Inès');
    await dialog.getByLabel('Genre *').selectOption('Femme');
    const email = `ines.${Date.now()}@example.org`;
    await dialog.getByLabel('Email *').fill(email);
    await dialog.getByLabel('Téléphone *').fill('0612345678');
    await dialog.getByLabel('Rôle *').selectOption('JOUEUR');
    await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(dialog).toBeHidden();
    const answer = await api.client.members.listClub({ params: { clubId: me.idClub } });
    // Asked without a page, the list comes whole; a page carries its rows in `content`.
    const list = Array.isArray(answer) ? answer : answer.content;
    expect(list.find((m) => m.email === email)?.dateDeNaissance?.slice(0, 10)).toBe('2004-05-07');
  });
});

test.describe('[ui] design-system page', () => {
  test('every component in the three themes; axe finds no violation, open menu included', async ({
    page,
  }) => {
    await page.goto('/systeme-de-design');
    await expect(page.getByRole('heading', { level: 1, name: 'Système de design' })).toBeVisible();
    for (const theme of ['Clair', 'Sombre', 'Daltonien'])
      await expect(page.getByRole('heading', { level: 2, name: `Thème ${theme}` })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Actions pour Jade Martin (Sombre)' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
