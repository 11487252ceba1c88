import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CalendarFeed, type CalendarFeedProps } from './calendar-feed.tsx';

afterEach(cleanup);

const teams = [
  { id: 3, nom: 'Seniors' },
  { id: 7, nom: 'U17' },
];
const URL_ = 'http://localhost:3000/api/calendrier/abc.ics';
const props = (overrides: Partial<CalendarFeedProps> = {}): CalendarFeedProps => ({
  teams,
  url: null,
  pending: false,
  error: null,
  notice: null,
  onSubscribe: vi.fn(),
  onRevoke: vi.fn(),
  ...overrides,
});

describe('[profile] Mon calendrier', () => {
  it('asks for all my teams by default, or one team with matches only', async () => {
    const onSubscribe = vi.fn();
    render(<CalendarFeed {...props({ onSubscribe })} />);
    expect(screen.getByRole('heading', { name: 'Mon calendrier' })).toBeInTheDocument();
    const options = [...(screen.getByLabelText('Équipe') as HTMLSelectElement).options];
    expect(options.map((o) => o.text)).toEqual(['Toutes mes équipes', 'Seniors', 'U17']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Obtenir l’adresse' }));
    // The form's schema loads on the first check.
    await waitFor(() => expect(onSubscribe).toHaveBeenLastCalledWith({ matchesSeulement: false }));
    await user.selectOptions(screen.getByLabelText('Équipe'), 'U17');
    await user.click(screen.getByLabelText('Matchs seulement'));
    await user.click(screen.getByRole('button', { name: 'Obtenir l’adresse' }));
    // The form's schema loads on the first check.
    await waitFor(() =>
      expect(onSubscribe).toHaveBeenLastCalledWith({ equipeId: 7, matchesSeulement: true }),
    );
  });

  it('with no feed: no revocation to offer', () => {
    render(<CalendarFeed {...props({ subscription: null })} />);
    expect(screen.queryByRole('button', { name: 'Révoquer l’adresse' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Abonnement actif/)).not.toBeInTheDocument();
  });

  it('after a reload: shows the live feed’s date and filters, and says the address is not shown again', () => {
    render(
      <CalendarFeed
        {...props({
          subscription: {
            creeLe: '2026-03-03T10:00:00.000Z',
            equipe: { id: 7, nom: 'U17' },
            matchesSeulement: true,
          },
        })}
      />,
    );
    expect(
      screen.getByText(/Abonnement actif depuis le 3 mars 2026 : U17, matchs seulement\./),
    ).toBeInTheDocument();
    expect(screen.getByText(/l’adresse n’est montrée qu’à sa création/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Adresse de mon calendrier')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Obtenir l’adresse' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Révoquer l’adresse' })).toBeInTheDocument();
  });

  it('all my teams without the matches filter reads so', () => {
    render(
      <CalendarFeed
        {...props({
          subscription: {
            creeLe: '2026-11-20T10:00:00.000Z',
            equipe: null,
            matchesSeulement: false,
          },
        })}
      />,
    );
    expect(
      screen.getByText(/Abonnement actif depuis le 20 novembre 2026 : toutes mes équipes\./),
    ).toBeInTheDocument();
  });

  it('replacing a live feed asks first, saying the old address stops working', async () => {
    const onSubscribe = vi.fn();
    const user = userEvent.setup();
    render(
      <CalendarFeed
        {...props({
          onSubscribe,
          subscription: {
            creeLe: '2026-03-03T10:00:00.000Z',
            equipe: null,
            matchesSeulement: false,
          },
        })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Remplacer l’adresse' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Remplacer l’adresse du calendrier ?',
    });
    expect(dialog).toHaveTextContent('L’adresse actuelle cessera de fonctionner');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onSubscribe).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remplacer l’adresse' }));
    const confirm = screen
      .getAllByRole('button', { name: 'Remplacer l’adresse' })
      .find((b) => b.closest('[role="alertdialog"]'));
    await user.click(confirm!);
    // The form's schema loads on the first check.
    await waitFor(() => expect(onSubscribe).toHaveBeenCalledWith({ matchesSeulement: false }));
  });

  it('shows the URL read-only with a copy button, and revokes it', async () => {
    const onRevoke = vi.fn();
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<CalendarFeed {...props({ url: URL_, onRevoke })} />);
    const field = screen.getByLabelText('Adresse de mon calendrier');
    expect(field).toHaveValue(URL_);
    expect(field).toHaveAttribute('readonly');
    expect(screen.getByText(/elle ne sera plus affichée ensuite/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copier l’adresse' }));
    expect(writeText).toHaveBeenCalledWith(URL_);
    expect(screen.getByText('Adresse copiée.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Révoquer l’adresse' }));
    expect(onRevoke).toHaveBeenCalled();
  });

  it('shows the server’s error and the revocation notice', () => {
    render(
      <CalendarFeed
        {...props({ error: 'Action non autorisée.', notice: 'Le lien a été révoqué.' })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Action non autorisée.');
    expect(screen.getByText('Le lien a été révoqué.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Adresse de mon calendrier')).not.toBeInTheDocument();
  });
});
