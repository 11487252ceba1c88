import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MEMBER_FIELD_MESSAGES, MEMBER_LIMITS } from '@club/contract';
import { ChildrenPicker, type ChildCandidate } from './children-picker.tsx';

afterEach(cleanup);

const MEMBERS: ChildCandidate[] = [
  { id: 1, nom: 'Bernard', prenom: 'Zoé', equipes: [{ id: 7, nom: 'U17' }] },
  { id: 2, nom: 'Bernard', prenom: 'Léo', equipes: [{ id: 5, nom: 'U15' }] },
  { id: 3, nom: 'Martin', prenom: 'Éloïse', equipes: [] },
  { id: 9, nom: 'Bernard', prenom: 'Paul' },
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
    <ChildrenPicker
      candidates={MEMBERS}
      selfId={9}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('[members] children picker', () => {
  it('searches the club members by name (accents and case ignored), never the parent themself', async () => {
    render(<Harness onValue={() => {}} />);
    const user = userEvent.setup();
    expect(screen.getByRole('group', { name: 'Enfants' })).toHaveTextContent('Aucun enfant lié.');
    await user.type(screen.getByLabelText('Rechercher un enfant parmi les membres'), 'bernard');
    const results = await screen.findByRole('list', { name: 'Membres trouvés' });
    expect(
      within(results)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Ajouter Zoé Bernard', 'Ajouter Léo Bernard']);
    expect(results).toHaveTextContent('(U17)');
    expect(screen.getByText('2 membres trouvés')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Rechercher un enfant parmi les membres'));
    await user.type(screen.getByLabelText('Rechercher un enfant parmi les membres'), 'ELOISE');
    expect(await screen.findByRole('button', { name: 'Ajouter Éloïse Martin' })).toBeVisible();
  });

  it('adds several children, removes one, and keeps the focus in the search box', async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    const user = userEvent.setup();
    const search = screen.getByLabelText('Rechercher un enfant parmi les membres');
    await user.type(search, 'zoé');
    await user.click(await screen.findByRole('button', { name: 'Ajouter Zoé Bernard' }));
    expect(search).toHaveFocus();
    expect(search).toHaveValue('');
    await user.type(search, 'léo');
    await user.click(await screen.findByRole('button', { name: 'Ajouter Léo Bernard' }));
    expect(onValue).toHaveBeenLastCalledWith([1, 2]);
    const linked = screen.getByRole('list', { name: 'Enfants liés' });
    expect(linked).toHaveTextContent('Zoé Bernard (U17)');
    expect(linked).toHaveTextContent('Léo Bernard (U15)');
    // A chosen child is not offered again.
    await user.type(search, 'bernard');
    expect(screen.queryByRole('button', { name: 'Ajouter Zoé Bernard' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retirer Zoé Bernard' }));
    expect(onValue).toHaveBeenLastCalledWith([2]);
    expect(search).toHaveFocus();
  });

  it('names linked children from the answer before the members are loaded', () => {
    render(
      <ChildrenPicker
        candidates={[]}
        known={[{ id: 4, nom: 'Petit', prenom: 'Lou' }]}
        value={[4]}
        loading
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('list', { name: 'Enfants liés' })).toHaveTextContent('Lou Petit');
  });

  it(`at ${MEMBER_LIMITS.childrenMax} children no more are offered, and the limit is said`, async () => {
    const many = Array.from({ length: MEMBER_LIMITS.childrenMax + 1 }, (_, i) => ({
      id: i + 1,
      nom: 'Enfant',
      prenom: `N${i + 1}`,
    }));
    render(
      <ChildrenPicker
        candidates={many}
        value={many.slice(0, MEMBER_LIMITS.childrenMax).map((m) => m.id)}
        onChange={() => {}}
      />,
    );
    await userEvent
      .setup()
      .type(screen.getByLabelText('Rechercher un enfant parmi les membres'), 'enfant');
    expect(screen.getByText(MEMBER_FIELD_MESSAGES.tooManyChildren)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Ajouter/ })).toBeNull();
  });
});
