import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIELD_MESSAGES } from '@club/contract';
import { aTeam } from '../../../testing/builders.ts';
import { TeamForm, type TeamFormProps } from './team-form.tsx';

afterEach(cleanup);

function open(props: Partial<TeamFormProps> = {}) {
  const onSubmit = vi.fn();
  const all = { team: null, clubId: 1, submitting: false, onSubmit, onCancel: () => {}, ...props };
  const view = render(<TeamForm {...all} />);
  return {
    onSubmit,
    rerender: (p: Partial<TeamFormProps>) => view.rerender(<TeamForm {...all} {...p} />),
  };
}

describe('[teams] team form (spec §5)', () => {
  it('nom, division and category are required, shown on submit, cleared when edited', async () => {
    const { onSubmit } = open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nom *'), '  ');
    await user.tab();
    expect(screen.queryByText(FIELD_MESSAGES.required)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findAllByText(FIELD_MESSAGES.required)).toHaveLength(3);
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Nom *'), 'U17 A');
    await vi.waitFor(() => expect(screen.getAllByText(FIELD_MESSAGES.required)).toHaveLength(2));
  });

  it('sends the trimmed fields with the club id; edits start from the team', async () => {
    const { onSubmit } = open({ team: aTeam({ nom: 'Seniors', category: 'Senior' }) });
    const user = userEvent.setup();
    expect(screen.getByLabelText('Catégorie *')).toHaveValue('Senior');
    await user.clear(screen.getByLabelText('Nom *'));
    await user.type(screen.getByLabelText('Nom *'), ' Seniors B ');
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      nom: 'Seniors B',
      division: 'Régional 1',
      category: 'Senior',
      presentParDefaut: false,
      idClub: 1,
    });
  });

  it('“Présent par défaut aux entraînements” starts from the team and is sent', async () => {
    const { onSubmit } = open({ team: aTeam({ presentParDefaut: true }) });
    const box = screen.getByRole('checkbox', { name: 'Présent par défaut aux entraînements' });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(/ne répondent que pour se déclarer absents/);
    const user = userEvent.setup();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ presentParDefaut: false }));
  });

  it('shows the server’s field errors under their fields (categorie → Catégorie)', async () => {
    const { rerender } = open();
    await act(async () =>
      rerender({
        serverErrors: { nom: 'Une équipe de ce club porte déjà ce nom.', categorie: 'Trop long.' },
      }),
    );
    expect(screen.getByText('Une équipe de ce club porte déjà ce nom.')).toBeInTheDocument();
    expect(screen.getByLabelText('Catégorie *')).toHaveAttribute('aria-invalid', 'true');
  });
});
