import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  Api,
  clubUrl,
  expect,
  expectNoA11yViolationsInThemes,
  memberEntry,
  signIn,
  test,
  unique,
  waitForMail,
  infos,
} from '../../fixtures.ts';

/**
 * The season's start in Chromium: a leader imports the club's members from a CSV file (preview,
 * errors beside their cells, fixed file, progress, summary), sees them and their invitations, puts
 * the players without a team in a team several at once, exports the list and imports it back with
 * no change; the import dialog is axe clean in the three themes. Data goes through the real API
 * and the real SMTP server of the global set-up.
 */

async function prepareClub(api: Api) {
  const me = await infos(api);
  for (const [nom, category] of [
    ['U13', 'U13'],
    ['Seniors', 'Senior'],
  ])
    await api.client.teams.create({ body: { nom, division: 'D1', category, idClub: me.idClub } });
  return me;
}

const HEADER = 'Nom;Prénom;Né(e) le;Sexe;Courriel;Mobile;N° licence;Rôle;Équipe(s)';

/** 40 rows: rows 2–6 (file lines) without a team; `broken` puts two errors in (lines 7 and 19). */
function membersFile(tag: string, broken: boolean) {
  const rows = [HEADER];
  for (let i = 0; i < 40; i++) {
    const line = i + 2;
    const birth =
      broken && line === 7 ? '31/02/2013' : `${String(1 + (i % 28)).padStart(2, '0')}/05/2013`;
    const team = i < 5 ? '' : broken && line === 19 ? 'U99' : i % 2 ? 'U13' : 'Seniors';
    rows.push(
      [
        `Lefèvre${i}`,
        i % 2 ? 'Léa' : 'Noé',
        birth,
        i % 2 ? 'F' : 'M',
        `${tag}.${i}@example.org`,
        `06 12 34 ${String(10 + i).padStart(2, '0')} 00`,
        `LIC-${tag}-${i}`,
        'Joueur',
        team,
      ].join(';'),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}

function writeTemp(name: string, content: string | Buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-import-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

/** Chooses a file through the page's own file chooser (as a person does). */
async function choose(page: Page, button: string, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

test.describe('[members] season import and export', () => {
  test('a leader imports 40 members: two errors shown beside their cells, fixed, imported; invitations sent; players without a team assigned at once', async ({
    leaderPage: page,
    api,
  }) => {
    test.slow(); // 40 invitations through the queue and the SMTP server
    const me = await prepareClub(api);
    const tag = unique('import').toLowerCase();
    await page.goto(clubUrl(me.nomClub, 'membres'));
    await expect(page.getByRole('heading', { level: 1, name: 'Membres du Club' })).toBeVisible();

    await page.getByRole('button', { name: 'Importer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer des membres' });
    await expect(dialog.getByRole('heading', { name: 'Choisir le fichier' })).toBeVisible();
    await choose(page, 'Choisir un fichier', writeTemp('membres.csv', membersFile(tag, true)));

    await expect(dialog.getByRole('heading', { name: 'Aperçu de « membres.csv »' })).toBeFocused();
    await expect(
      dialog.getByText(
        '40 lignes : 38 nouveaux, 0 mis à jour, 0 inchangé, 2 lignes en erreur. Rien n’est encore enregistré.',
      ),
    ).toBeVisible();
    const line7 = dialog
      .locator('tbody tr')
      .filter({ has: page.getByRole('rowheader', { name: '7', exact: true }) });
    await expect(line7.getByText('Erreur', { exact: true })).toBeVisible();
    await expect(line7.locator('td.has-error')).toContainText(
      'Cette date n’existe pas (31/02/2013).',
    );
    const line19 = dialog
      .locator('tbody tr')
      .filter({ has: page.getByRole('rowheader', { name: '19', exact: true }) });
    await expect(line19.locator('td.has-error')).toContainText(
      'Équipe inconnue dans ce club : « U99 ».',
    );
    await expect(dialog.getByRole('button', { name: /Confirmer l’import/ })).toHaveCount(0);

    // The leader fixes the file in the spreadsheet and chooses it again.
    await choose(
      page,
      'Choisir le fichier corrigé',
      writeTemp('membres-corrigé.csv', membersFile(tag, false)),
    );
    await expect(
      dialog.getByRole('heading', { name: 'Aperçu de « membres-corrigé.csv »' }),
    ).toBeVisible();
    await expect(dialog.getByText(/^40 lignes : 40 nouveaux, 0 mis à jour/)).toBeVisible();
    const since = Date.now();
    await dialog
      .getByRole('button', { name: 'Confirmer l’import (40 nouveaux, 0 mis à jour)' })
      .click();
    await expect(dialog.getByRole('heading', { name: 'Import terminé' })).toBeFocused({
      timeout: 30_000,
    });
    await expect(
      dialog.getByText('40 membres créés : chacun reçoit une invitation par e-mail'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).last().click();
    await expect(dialog).toHaveCount(0);

    // The members are listed (with their age category), and each was invited after the commit.
    await expect(page.getByText('41 membres')).toBeVisible();
    await page.getByLabel('Nom', { exact: true }).fill('Lefèvre12');
    await expect(memberEntry(page, /Lefèvre12/)).toHaveCount(1);
    await expect(memberEntry(page, /Lefèvre12/)).toContainText(/U1[34]/);
    for (const i of [0, 17, 39]) {
      const mail = await waitForMail(`${tag}.${i}@example.org`, /Invitation/, {
        since,
        timeout: 60_000,
      });
      expect(mail.links.some((l) => l.includes('/activation?token='))).toBe(true);
    }
    await page.getByRole('button', { name: 'Effacer les filtres' }).click();

    // Five players have no team: the banner says so; all five join U13 at once.
    const banner = page.getByRole('region', { name: '5 joueurs sans équipe' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Affecter à une équipe' }).click();
    const assign = page.getByRole('dialog', { name: 'Affecter des joueurs à une équipe' });
    await assign.getByLabel('Tout sélectionner').check();
    await assign.getByLabel('Équipe').selectOption({ label: 'U13 (U13)' });
    await assign.getByRole('button', { name: 'Affecter 5 joueurs' }).click();
    await expect(page.getByText('5 membres ajoutés à l’équipe U13.')).toBeVisible();
    await expect(page.getByRole('region', { name: /joueurs? sans équipe/ })).toHaveCount(0);
  });

  test('the export downloads the list as CSV for French spreadsheets; imported back, nothing changes', async ({
    leaderPage: page,
    api,
  }) => {
    const me = await prepareClub(api);
    const tag = unique('export').toLowerCase();
    for (const [i, team] of ['U13', 'Seniors', 'U13'].entries())
      await api.client.members.create({
        body: {
          nom: `Durand${i}`,
          prenom: 'Éloïse',
          dateDeNaissance: '2013-04-03',
          genre: 'Femme',
          email: `${tag}.${i}@example.org`,
          numeroTelephone: '+33 6 12 34 56 78',
          role: 'JOUEUR',
          nomEquipe: team,
          clubId: me.idClub,
        },
      });
    await page.goto(clubUrl(me.nomClub, 'membres'));
    await expect(page.getByText('4 membres')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^membres-\d{4}-\d{2}-\d{2}\.csv$/);
    const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-export-')), 'export.csv');
    await file.saveAs(saved);
    const bytes = fs.readFileSync(saved);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe(
      'Nom;Prénom;Date de naissance;Genre;E-mail;Téléphone;N° licence;Rôle;Rôle club;Statut;Équipes (rôle);Parents;Catégorie;Numéro;Poste;Taille (cm);Poids (kg)',
    );
    expect(text).toContain(
      `Durand0;Éloïse;03/04/2013;Femme;${tag}.0@example.org;"=""+33 6 12 34 56 78""";;Joueur;;Actif;U13 (Joueur);;`,
    );

    await page.getByRole('button', { name: 'Importer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer des membres' });
    await choose(page, 'Choisir un fichier', saved);
    await expect(
      dialog.getByText(
        '4 lignes : 0 nouveau, 0 mis à jour, 4 inchangés, 0 ligne en erreur. Rien n’est encore enregistré.',
      ),
    ).toBeVisible();
    await expect(dialog.getByText('Inchangé', { exact: true })).toHaveCount(4);
    await expect(dialog.getByRole('button', { name: 'Rien à importer' })).toBeDisabled();
  });

  test('the import dialog is accessible (axe, in the three themes)', async ({
    page,
    club,
    api,
  }) => {
    test.slow(); // several states, each scanned in three themes
    await signIn(page, club);
    const me = await prepareClub(api);
    await page.goto(clubUrl(me.nomClub, 'membres'));
    await page.getByRole('button', { name: 'Importer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importer des membres' });
    await expect(dialog.getByRole('button', { name: 'Choisir un fichier' })).toBeFocused();
    await expectNoA11yViolationsInThemes(page, { include: '.modal' });
    const tag = unique('axe').toLowerCase();
    await choose(page, 'Choisir un fichier', writeTemp('membres.csv', membersFile(tag, true)));
    await expect(dialog.getByRole('heading', { name: 'Aperçu de « membres.csv »' })).toBeVisible();
    await expectNoA11yViolationsInThemes(page, { include: '.modal' });
    // Keyboard: Escape closes the dialog and gives the focus back to « Importer ».
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Importer' })).toBeFocused();
  });
});
