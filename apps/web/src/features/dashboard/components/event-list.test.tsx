import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { anEvent } from '../../../testing/builders.ts';
import { EventCard } from './event-list.tsx';

afterEach(cleanup);

describe('[dashboard] event cards', () => {
  it('a match names both sides, the home side first; other events keep their name', () => {
    render(
      <EventCard
        event={anEvent({
          type: 'MATCH',
          nom: 'Match',
          equipe: 'Seniors',
          adversaire: 'FC Voisin',
          domicile: false,
        })}
        showDay={false}
      />,
    );
    expect(screen.getByRole('heading', { name: 'FC Voisin – Seniors' })).toBeInTheDocument();
    cleanup();
    render(<EventCard event={anEvent()} showDay={false} />);
    expect(screen.getByRole('heading', { name: 'Entraînement' })).toBeInTheDocument();
  });
});
