import type { Browser } from '@playwright/test';
import { formatEuros } from '@club/contract';
import {
  clubUrl,
  createActiveMember,
  expect,
  expectNoA11yViolationsInThemes,
  screenshotInThemes,
  signIn,
  test,
  uniqueEmail,
} from '../../fixtures.ts';

/**
 * Membership fees through the production build (docs/decisions/0135-membership-fees.md), at phone
 * width: the treasurer (a leader) sets the season's tariffs, opens « Cotisations », records Léo's
 * fee as three cheques in a few taps (« Paiement », « 3 chèques », « Enregistrer »); Léo's parent
 * sees on the profile that nothing is left and downloads the « Attestation de paiement ». axe in
 * the three themes on both screens.
 */

async function pageOf(browser: Browser, account: { email: string; password: string }) {
  const { viewport, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ viewport, hasTouch });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

test('[fees] the treasurer records three cheques; the parent downloads the receipt', async ({
  leaderPage: page,
  api,
  browser,
}) => {
  test.slow();
  const me = await api.client.dashboard.infos();
  await api.client.teams.create({
    body: { nom: 'U12', division: 'D1', category: 'U12', idClub: me.idClub },
  });
  const leo = await api.client.members.create({
    body: {
      nom: 'Martin',
      prenom: 'Léo',
      dateDeNaissance: `${new Date().getFullYear() - 12}-05-01`,
      genre: 'Homme',
      numeroTelephone: '0611223344',
      email: uniqueEmail('leo'),
      role: 'JOUEUR',
      nomEquipe: 'U12',
      clubId: me.idClub,
    },
  });
  const parent = await createActiveMember(api, browser, me.idClub, {
    nom: 'Martin',
    prenom: 'Sophie',
    role: 'PARENT',
    enfantsIds: [leo.id],
  });
  await api.client.fees.setTariffs({
    params: { id: me.idClub },
    body: {
      tarifs: [
        {
          libelle: 'École de foot',
          categories: ['U6', 'U7', 'U8', 'U9', 'U10', 'U11', 'U12', 'U13'],
          montant: 15000,
        },
      ],
      reductionFamille: 10,
      dateLimite: null,
    },
  });

  // The treasurer: Léo owes 150,00 €.
  await page.goto(clubUrl(me.nomClub, 'cotisations'));
  await expect(page.getByRole('heading', { level: 1, name: 'Cotisations' })).toBeVisible({
    timeout: 20_000,
  });
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Léo Martin' }) });
  await expect(row).toContainText('Reste dû');
  await expect(row).toContainText(formatEuros(15000));
  await expectNoA11yViolationsInThemes(page);
  await screenshotInThemes(page, 'cotisations');

  // Tap 1: « Paiement » (the balance, a cheque and today are filled in); three cheques.
  await row.getByRole('button', { name: 'Paiement de Léo Martin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paiement — Léo Martin' });
  await expect(dialog.getByLabel('Montant (€)')).toHaveValue('150,00');
  await dialog.getByLabel('Nombre de chèques').selectOption('3');
  for (const n of [1, 2, 3])
    await expect(dialog.getByText(`Chèque ${n} : ${formatEuros(5000)}`)).toBeVisible();
  await expectNoA11yViolationsInThemes(page);
  await screenshotInThemes(page, 'cotisations-paiement');
  // Tap 2: « Enregistrer ».
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('À jour');
  await row.getByText('1 paiement').click();
  await expect(row).toContainText('Chèque');
  await expect(row.getByText(/50,00.€ le .*50,00.€ le .*50,00.€ le/)).toBeVisible();
  const pay = await api.client.fees.list();
  const line = pay.cotisations.find((r) => r.membre.id === leo.id)!;
  expect(line).toMatchObject({ du: 15000, paye: 15000, reste: 0, statut: 'A_JOUR' });
  expect(line.paiements[0]!.echeances.map((e) => e.montant)).toEqual([5000, 5000, 5000]);

  // The parent: nothing left, the receipt downloads as a PDF.
  const parentPage = await pageOf(browser, parent);
  await parentPage.goto(clubUrl(me.nomClub, 'profil'));
  const card = parentPage.getByRole('region', { name: /Cotisations/ });
  await expect(card).toContainText('Tout est réglé pour cette saison.', { timeout: 20_000 });
  await expect(card).toContainText('Léo Martin');
  await expectNoA11yViolationsInThemes(parentPage);
  await screenshotInThemes(parentPage, 'profil-cotisations');
  const [download] = await Promise.all([
    parentPage.waitForEvent('download'),
    card.getByRole('button', { name: 'Télécharger l’attestation de Léo' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^attestation-paiement-\d+-\d{4}-\d{4}\.pdf$/);
  const bytes = await (await import('node:fs/promises')).readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await parentPage.context().close();
});
