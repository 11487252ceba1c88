import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DateInput } from './date-input.tsx';
import { TimeInput } from './time-input.tsx';
import { Menu } from './menu.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ToastProvider, UNDO_DURATION_MS, useToast, type ToastOptions } from './toast.tsx';
import { Avatar, initials } from './avatar.tsx';
import { EmptyState } from './empty-state.tsx';
import { Skeleton } from './skeleton.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function DateHarness({
  initial = '',
  onValue,
}: {
  initial?: string;
  onValue?: (v: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="d">Date</label>
      <DateInput
        id="d"
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue?.(v);
        }}
      />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        Effacer
      </button>
    </>
  );
}

describe('[ui] DateInput', () => {
  it('shows an ISO value as jj/mm/aaaa and hands back ISO once a whole date is typed', async () => {
    render(<DateHarness initial="2004-05-06" />);
    const input = screen.getByLabelText('Date');
    expect(input).toHaveValue('06/05/2004');
    expect(input).toHaveAttribute('placeholder', 'jj/mm/aaaa');
    const user = userEvent.setup();
    await user.clear(input);
    expect(screen.getByTestId('value')).toHaveTextContent(/^$/);
    await user.type(input, '1703');
    expect(input).toHaveValue('17/03');
    // An incomplete date is handed back as typed, so that the form's rule refuses it.
    expect(screen.getByTestId('value')).toHaveTextContent('17/03');
    await user.type(input, '2026');
    expect(input).toHaveValue('17/03/2026');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-03-17');
    // A value set from outside replaces the text.
    await user.click(screen.getByRole('button', { name: 'Effacer' }));
    expect(input).toHaveValue('');
  });

  it('calendar: opens on the chosen day, arrows and Page Down move, Enter picks, Escape closes', async () => {
    const onValue = vi.fn();
    render(<DateHarness initial="2026-03-12" onValue={onValue} />);
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Choisir une date dans le calendrier' });
    await user.click(toggle);
    const dialog = screen.getByRole('dialog', { name: 'Choisir une date' });
    expect(within(dialog).getByRole('grid', { name: 'mars 2026' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'jeudi 12 mars 2026' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(within(dialog).getByRole('button', { name: 'vendredi 20 mars 2026' })).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(within(dialog).getByRole('grid', { name: 'avril 2026' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'lundi 20 avril 2026' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onValue).toHaveBeenLastCalledWith('2026-04-20');
    expect(screen.getByLabelText('Date')).toHaveValue('20/04/2026');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it('the year list jumps to a birth year', async () => {
    render(<DateHarness initial="2026-03-12" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Choisir une date dans le calendrier' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Année' }), '1990');
    await user.click(screen.getByRole('button', { name: 'lundi 12 mars 1990' }));
    expect(screen.getByTestId('value')).toHaveTextContent('1990-03-12');
  });
});

describe('[ui] TimeInput', () => {
  it('24 h: 1830 becomes 18:30; arrows add or take 15 minutes', async () => {
    const onChange = vi.fn();
    function Harness() {
      const [v, setV] = useState('');
      return (
        <TimeInput
          aria-label="Heure"
          value={v}
          onChange={(x) => {
            setV(x);
            onChange(x);
          }}
        />
      );
    }
    render(<Harness />);
    const input = screen.getByLabelText('Heure');
    const user = userEvent.setup();
    await user.type(input, '1830');
    expect(input).toHaveValue('18:30');
    expect(onChange).toHaveBeenLastCalledWith('18:30');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('18:45');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveValue('18:15');
  });

  it('typed or pasted in an en-US habit, 3:00 PM is 15:00, never 03:00; 13:00 PM is refused', async () => {
    const onChange = vi.fn();
    function Harness() {
      const [v, setV] = useState('');
      return (
        <>
          <TimeInput
            aria-label="Heure"
            value={v}
            onChange={(x) => {
              setV(x);
              onChange(x);
            }}
          />
          <button type="button">ailleurs</button>
        </>
      );
    }
    render(<Harness />);
    const input = screen.getByLabelText('Heure');
    const user = userEvent.setup();
    await user.type(input, '3:00 PM');
    expect(onChange).toHaveBeenLastCalledWith('15:00');
    await user.tab();
    expect(input).toHaveValue('15:00');

    await user.clear(input);
    await user.click(input);
    await user.paste('3:00 PM');
    expect(onChange).toHaveBeenLastCalledWith('15:00');

    await user.clear(input);
    await user.type(input, '13:00 PM');
    // Not a time: handed back as typed, for the form to refuse.
    // (the digit mask drops the space typed before the letters: '13:00PM')
    expect(onChange.mock.lastCall?.[0]).toBe('13:00PM');
    await user.tab();
    expect(input).toHaveValue('13:00PM');
  });
});

describe('[ui] Menu', () => {
  it('a menu button: opens on the first item, arrows wrap, Escape gives the focus back', async () => {
    const edit = vi.fn();
    const remove = vi.fn();
    render(
      <Menu
        label="Actions pour Jade Martin"
        items={[
          { label: 'Modifier', onSelect: edit },
          { label: 'Supprimer', onSelect: remove, danger: true },
        ]}
      />,
    );
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Actions pour Jade Martin' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = screen.getAllByRole('menuitem');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{End}{Enter}');
    expect(remove).toHaveBeenCalledTimes(1);
    expect(edit).not.toHaveBeenCalled();
  });
});

describe('[ui] ConfirmDialog', () => {
  it('an alert dialog described by its text; Annuler and Escape cancel', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        title="Supprimer un membre"
        confirmLabel="Supprimer Jade Martin"
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        <p>Voulez-vous vraiment supprimer ce membre ?</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Supprimer un membre' });
    expect(dialog).toHaveAccessibleDescription('Voulez-vous vraiment supprimer ce membre ?');
    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer Jade Martin' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('[ui] Toast', () => {
  function Trigger({ options }: { options: ToastOptions }) {
    const toast = useToast();
    return (
      <button type="button" onClick={() => toast(options)}>
        Go
      </button>
    );
  }

  it("'Annuler' undoes: the action runs and the expiry does not", async () => {
    const onAction = vi.fn();
    const onExpire = vi.fn();
    render(
      <ToastProvider>
        <Trigger
          options={{
            message: 'Membre supprimé.',
            action: { label: 'Annuler', onAction },
            onExpire,
          }}
        />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByRole('status')).toHaveTextContent('Membre supprimé.');
    await user.click(within(region).getByRole('button', { name: 'Annuler' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onExpire).not.toHaveBeenCalled();
    expect(region).not.toHaveTextContent('Membre supprimé.');
  });

  it('without an answer the toast goes after its delay and the expiry runs once', async () => {
    vi.useFakeTimers();
    const onExpire = vi.fn();
    render(
      <ToastProvider>
        <Trigger
          options={{
            message: 'Membre supprimé.',
            action: { label: 'Annuler', onAction: () => {} },
            onExpire,
          }}
        />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Go' }).click());
    expect(screen.getByText('Membre supprimé.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(UNDO_DURATION_MS - 100));
    expect(onExpire).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Membre supprimé.')).toBeNull();
  });

  it('outside a provider the expiry runs at once (nothing is left pending)', async () => {
    const onExpire = vi.fn();
    render(<Trigger options={{ message: 'x', onExpire }} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go' }));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});

describe('[ui] avatar, empty state, skeleton', () => {
  it('initials when there is no photo; the empty state says what to do; the skeleton is announced', () => {
    expect(initials('Jade Martin')).toBe('JM');
    expect(initials('Jean-Pierre')).toBe('JP');
    expect(initials('  élodie  ')).toBe('É');
    render(
      <>
        <Avatar name="Jade Martin" />
        <EmptyState
          title="Aucune équipe"
          action={<button type="button">Ajoutez votre première équipe</button>}
        />
        <Skeleton label="Chargement des équipes..." />
      </>,
    );
    expect(screen.getByText('JM')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('button', { name: 'Ajoutez votre première équipe' })).toBeVisible();
    expect(
      screen.getAllByRole('status').some((s) => s.textContent === 'Chargement des équipes...'),
    ).toBe(true);
  });
});
