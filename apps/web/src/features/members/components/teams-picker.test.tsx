import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MEMBER_FIELD_MESSAGES, MEMBER_LIMITS } from '@club/contract';
import { TeamsPicker } from './teams-picker.tsx';

afterEach(cleanup);

const TEAMS = [
  { id: 1, nom: 'Seniors B' },
  { id: 2, nom: 'U17' },
  { id: 3, nom: 'U15' },
];

function Harness({
  initial = [],
  onValue,
}: {
  initial?: number[];
  onValue: (v: number[]) => void;
}) {
  const [value, setValue] = useState<number[]>(initial);
  return (
    <TeamsPicker
      teams={TEAMS}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('[members] teams picker', () => {
  it('the spec’s Équipe select chooses the primary team; "Autres équipes" adds more', async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    const user = userEvent.setup();
    const others = screen.getByRole('group', { name: 'Autres équipes' });
    expect(others).toBeDisabled();
    expect(others).toHaveAccessibleDescription('Choisissez d’abord l’équipe principale.');
    expect(screen.getByLabelText('Équipe')).toHaveAccessibleDescription(
      'L’équipe principale du membre.',
    );
    await user.selectOptions(screen.getByLabelText('Équipe'), 'U17');
    expect(onValue).toHaveBeenLastCalledWith([2]);
    expect(others).toBeEnabled();
    // The primary team is not offered again among the others.
    expect(
      within(others)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.textContent),
    ).toEqual(['Seniors B', 'U15']);
    await user.click(screen.getByRole('checkbox', { name: 'U15' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seniors B' }));
    expect(onValue).toHaveBeenLastCalledWith([2, 3, 1]);
    await user.click(screen.getByRole('checkbox', { name: 'U15' }));
    expect(onValue).toHaveBeenLastCalledWith([2, 1]);
  });

  it('"Principale" swaps a chosen team with the primary one; a new primary keeps the old one among the others', async () => {
    const onValue = vi.fn();
    render(<Harness initial={[2, 1]} onValue={onValue} />);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Équipe')).toHaveDisplayValue('U17');
    await user.click(
      screen.getByRole('button', { name: 'Faire de Seniors B l’équipe principale' }),
    );
    expect(onValue).toHaveBeenLastCalledWith([1, 2]);
    expect(screen.getByLabelText('Équipe')).toHaveDisplayValue('Seniors B');
    expect(screen.getByRole('checkbox', { name: 'U17' })).toBeChecked();
    await user.selectOptions(screen.getByLabelText('Équipe'), 'U15');
    expect(onValue).toHaveBeenLastCalledWith([3, 1, 2]);
    await user.selectOptions(screen.getByLabelText('Équipe'), 'Aucune équipe');
    expect(onValue).toHaveBeenLastCalledWith([]);
  });

  it(`at ${MEMBER_LIMITS.teamsMax} teams the other boxes are disabled and the limit is said`, () => {
    const many = Array.from({ length: MEMBER_LIMITS.teamsMax + 1 }, (_, i) => ({
      id: i + 1,
      nom: `Équipe ${i + 1}`,
    }));
    const chosen = many.slice(0, MEMBER_LIMITS.teamsMax).map((t) => t.id);
    render(<TeamsPicker teams={many} value={chosen} onChange={() => {}} />);
    expect(
      screen.getByRole('checkbox', { name: `Équipe ${MEMBER_LIMITS.teamsMax + 1}` }),
    ).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Équipe 2' })).toBeEnabled();
    expect(screen.getByRole('group', { name: 'Autres équipes' })).toHaveAccessibleDescription(
      MEMBER_FIELD_MESSAGES.tooManyTeams,
    );
  });

  it('an error shows under the Équipe select', () => {
    render(
      <TeamsPicker
        teams={TEAMS}
        value={[]}
        onChange={() => {}}
        error="Équipe introuvable dans ce club."
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Équipe introuvable dans ce club.');
    expect(screen.getByLabelText('Équipe')).toHaveAttribute('aria-invalid', 'true');
  });
});
