import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEE_MESSAGES, api, urlOf, type TFeeRow, type TPayment } from '@club/contract';
import { json, renderAt, stubFetch } from '../../../testing/render.tsx';
import { PaymentDialog, splitCheques } from './payment-dialog.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row: TFeeRow = {
  membre: { id: 7, nom: 'Martin', prenom: 'Léo' },
  categorie: 'U11',
  tarif: 'U10 à U13',
  montantTarif: 15001,
  reduction: 0,
  exoneration: null,
  du: 15001,
  paye: 0,
  reste: 15001,
  statut: 'RESTE_DU',
  famille: { id: 6, nom: 'Famille Martin' },
  paiements: [],
};

describe('splitCheques', () => {
  it('splits into monthly cheques, the odd cents on the first, a short month’s last day kept', () => {
    expect(splitCheques(15001, 3, '2026-01-31')).toEqual([
      { date: '2026-01-31', montant: 5001 },
      { date: '2026-02-28', montant: 5000 },
      { date: '2026-03-31', montant: 5000 },
    ]);
  });
});

describe('PaymentDialog', () => {
  it('filled with the balance and a cheque: three cheques are sent as instalments', async () => {
    const recorded: TPayment = {
      id: 1,
      membreId: 7,
      saison: '2026-2027',
      montant: 15001,
      moyen: 'CHEQUE',
      date: '2026-09-10',
      reference: null,
      echeances: [],
      enregistrePar: { nom: 'Lefèvre', prenom: 'Paul' },
      enregistreLe: '2026-09-10T10:00:00.000Z',
      annule: null,
      fournisseur: null,
      referenceFournisseur: null,
    };
    const path = urlOf(api.fees.record, {
      params: { membreId: 7 },
      body: { montant: 1, moyen: 'ESPECES', date: '2026-09-10' },
    });
    const calls = stubFetch(async (url, init) =>
      url.startsWith(path) && init.method === 'POST' ? json(201, recorded) : json(404, {}),
    );
    const onClose = vi.fn();
    renderAt(
      '/c/cotisations',
      '/c/cotisations',
      <PaymentDialog row={row} saison="2026-2027" onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Paiement — Léo Martin' });
    expect(within(dialog).getByLabelText('Montant (€)')).toHaveValue('150,01');
    await userEvent.selectOptions(within(dialog).getByLabelText('Nombre de chèques'), '3');
    // (the DOM text matcher folds the no-break space of formatEuros into a space)
    expect(within(dialog).getByText(/^Chèque 1 : 50,01\s€$/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.init.method === 'POST')!;
    const body = JSON.parse(String(post.init.body));
    expect(body).toMatchObject({ saison: '2026-2027', montant: 15001, moyen: 'CHEQUE' });
    expect(body.echeances.map((e: { montant: number }) => e.montant)).toEqual([5001, 5000, 5000]);
  });

  it('refuses an amount that is not euros, and a Pass’Sport without its code, before sending', async () => {
    const calls = stubFetch(async () => json(404, {}));
    renderAt(
      '/c/cotisations',
      '/c/cotisations',
      <PaymentDialog row={row} saison="2026-2027" onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('Montant (€)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '12,345');
    await userEvent.selectOptions(within(dialog).getByLabelText('Moyen de paiement'), 'PASS_SPORT');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(FEE_MESSAGES.amountInvalid)).toBeVisible();
    expect(within(dialog).getByText(FEE_MESSAGES.passSportCode)).toBeVisible();
    expect(calls.filter((c) => c.init.method === 'POST')).toEqual([]);
  });
});
