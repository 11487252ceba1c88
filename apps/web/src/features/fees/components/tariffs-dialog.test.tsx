import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEE_MESSAGES, api, urlOf, type TTariffs } from '@club/contract';
import { json, renderAt, stubFetch } from '../../../testing/render.tsx';
import { TariffsDialog } from './tariffs-dialog.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const current: TTariffs = {
  saison: { libelle: '2026-2027', debut: '2026-09-01', fin: '2027-08-31' },
  tarifs: [{ libelle: 'École de foot', categories: ['U7', 'U9'], montant: 12000 }],
  reductionFamille: 10,
  dateLimite: null,
};

function open() {
  const path = urlOf(api.fees.tariffs, { params: { id: 3 } });
  const calls = stubFetch(async (url) =>
    url.startsWith(path) ? json(200, current) : json(404, {}),
  );
  const onClose = vi.fn();
  renderAt('/c/cotisations', '/c/cotisations', <TariffsDialog clubId={3} onClose={onClose} />);
  return { calls, onClose };
}

describe('TariffsDialog', () => {
  it('sends the tariffs in cents with their categories, the discount as a number', async () => {
    const { calls, onClose } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Tarifs de la saison' });
    expect(await within(dialog).findByLabelText('Montant (€)')).toHaveValue('120,00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter un tarif' }));
    const second = within(dialog).getByRole('group', { name: 'Tarif 2' });
    await userEvent.type(within(second).getByLabelText('Libellé'), 'Seniors');
    await userEvent.type(within(second).getByLabelText('Montant (€)'), '180,50');
    await userEvent.click(within(second).getByLabelText('Senior'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = calls.find((c) => c.init.method === 'PUT')!;
    expect(JSON.parse(String(put.init.body))).toEqual({
      tarifs: [
        { libelle: 'École de foot', categories: ['U7', 'U9'], montant: 12000 },
        { libelle: 'Seniors', categories: ['Senior'], montant: 18050 },
      ],
      reductionFamille: 10,
      dateLimite: null,
    });
  });

  it('shows each error under its field before sending: an amount that is not euros, no category, a discount over 100', async () => {
    const { calls } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Tarifs de la saison' });
    await within(dialog).findByLabelText('Montant (€)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter un tarif' }));
    const second = within(dialog).getByRole('group', { name: 'Tarif 2' });
    await userEvent.type(within(second).getByLabelText('Libellé'), 'Seniors');
    await userEvent.type(within(second).getByLabelText('Montant (€)'), '12,345');
    const discount = within(dialog).getByLabelText('Réduction famille (%)');
    await userEvent.clear(discount);
    await userEvent.type(discount, '150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(second).findByText(FEE_MESSAGES.amountInvalid)).toBeVisible();
    expect(within(second).getByText(FEE_MESSAGES.categoriesRequired)).toBeVisible();
    expect(within(dialog).getByText(FEE_MESSAGES.discountInvalid)).toBeVisible();
    expect(calls.filter((c) => c.init.method === 'PUT')).toEqual([]);
  });
});
