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

describe('[members] teams picker (issue 8)', () => {
  it('a group of checkboxes named Équipes; the first checked is the primary team, visibly', async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    const group = screen.getByRole('group', { name: 'Équipes' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(3);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'U17' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seniors B' }));
    expect(onValue).toHaveBeenLastCalledWith([2, 1]);
    const u17 = screen.getByRole('checkbox', { name: 'U17' }).closest('li')!;
    expect(u17).toHaveTextContent('Équipe principale');
    expect(screen.getByRole('checkbox', { name: 'Seniors B' }).closest('li')).not.toHaveTextContent(
      'Équipe principale',
    );
  });

  it('"Principale" makes another chosen team the primary one; unchecking the primary promotes the next', async () => {
    const onValue = vi.fn();
    render(<Harness initial={[2, 1, 3]} onValue={onValue} />);
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Faire de U17 l’équipe principale' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Faire de U15 l’équipe principale' }));
    expect(onValue).toHaveBeenLastCalledWith([3, 2, 1]);
    await user.click(screen.getByRole('checkbox', { name: 'U15' }));
    expect(onValue).toHaveBeenLastCalledWith([2, 1]);
    expect(screen.getByRole('checkbox', { name: 'U17' }).closest('li')).toHaveTextContent(
      'Équipe principale',
    );
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
    expect(screen.getByRole('checkbox', { name: 'Équipe 1' })).toBeEnabled();
    expect(screen.getByRole('group', { name: 'Équipes' })).toHaveAccessibleDescription(
      MEMBER_FIELD_MESSAGES.tooManyTeams,
    );
  });

  it('an error is announced and described on the group', () => {
    render(
      <TeamsPicker
        teams={TEAMS}
        value={[]}
        onChange={() => {}}
        error="Équipe introuvable dans ce club."
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Équipe introuvable dans ce club.');
    expect(screen.getByRole('group', { name: 'Équipes' })).toHaveAccessibleDescription(
      /Équipe introuvable dans ce club\./,
    );
  });
});
