import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAGE_LABELS } from '@club/contract';
import { storeAccountClubs } from '../account-clubs.ts';
import { ClubSwitcher } from './club-switcher.tsx';

const switchClub = vi.fn();
vi.mock('../api/auth-api.ts', () => ({ switchClub: (id: number) => switchClub(id) }));

const CLUBS = [
  { idClub: 1, nomClub: 'FC Foot', idMembre: 10, role: 'PARENT' as const },
  { idClub: 2, nomClub: 'Basket Club', idMembre: 20, role: 'PARENT' as const },
];

afterEach(() => {
  localStorage.clear();
  switchClub.mockReset();
  vi.unstubAllGlobals();
});

describe('ClubSwitcher (decision 0112)', () => {
  it('nothing for an account in one club', () => {
    storeAccountClubs([CLUBS[0]!]);
    const { container } = render(<ClubSwitcher idClub={1} />);
    expect(container).toBeEmptyDOMElement();
  });

  // The home is the login's landing: a page of the router (a bare /{nomClub} is « Page
  // introuvable »).
  it.each([
    ['PARENT', 'U13 B', '/Basket%20Club/U13%20B/dashboard'],
    ['DIRIGEANT', null, '/Basket%20Club/dashboard'],
  ] as const)(
    'several clubs: choosing one calls POST /auth/club, then loads that club’s home (%s)',
    async (role, nomEquipe, home) => {
      storeAccountClubs(CLUBS);
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, assign });
      switchClub.mockResolvedValue({ idClub: 2, nomClub: 'Basket Club', role, nomEquipe });
      render(<ClubSwitcher idClub={1} />);
      const select = screen.getByRole('combobox', { name: PAGE_LABELS.switchClub });
      expect(select).toHaveValue('1');
      await userEvent.setup().selectOptions(select, '2');
      expect(switchClub).toHaveBeenCalledWith(2);
      await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(home));
    },
  );
});
