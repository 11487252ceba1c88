import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
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
    expect(onSubscribe).toHaveBeenLastCalledWith({ matchesSeulement: false });
    await user.selectOptions(screen.getByLabelText('Équipe'), 'U17');
    await user.click(screen.getByLabelText('Matchs seulement'));
    await user.click(screen.getByRole('button', { name: 'Obtenir l’adresse' }));
    expect(onSubscribe).toHaveBeenLastCalledWith({ equipeId: 7, matchesSeulement: true });
  });

  it('shows the URL read-only with a copy button, and revokes it', async () => {
    const onRevoke = vi.fn();
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<CalendarFeed {...props({ url: URL_, onRevoke })} />);
    const field = screen.getByLabelText('Adresse de mon calendrier');
    expect(field).toHaveValue(URL_);
    expect(field).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Copier' }));
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
