import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { useZodForm, type FormTiming } from './use-zod-form.ts';

afterEach(cleanup);

const schema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Requis.')
    .regex(/^\S+@\S+\.\S+$/, 'Mauvais.'),
  nom: z.string().trim().min(2, 'Trop court.'),
});

function Demo({ timing, onValid }: { timing: FormTiming; onValid: (v: unknown) => void }) {
  const form = useZodForm(schema, { timing, defaultValues: { email: '', nom: '' } });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <label htmlFor="email">Email</label>
      <input id="email" {...form.register('email')} />
      {errors.email ? <p role="alert">{errors.email.message}</p> : null}
      <label htmlFor="nom">Nom</label>
      <input id="nom" {...form.register('nom')} />
      {errors.nom ? <p role="alert">{errors.nom.message}</p> : null}
      <button type="submit">Envoyer</button>
    </form>
  );
}

function setup(timing: FormTiming) {
  const onValid = vi.fn();
  render(<Demo timing={timing} onValid={onValid} />);
  return {
    user: userEvent.setup(),
    email: screen.getByLabelText('Email'),
    nom: screen.getByLabelText('Nom'),
    submit: screen.getByRole('button', { name: 'Envoyer' }),
    onValid,
  };
}

describe("useZodForm 'spec' timing (spec §5: on blur, on change once an error shows, all on submit)", () => {
  it('no error while typing first, the error on blur, re-checked on change while shown', async () => {
    const { user, email, nom } = setup('spec');
    await user.type(email, 'pas-un-email');
    expect(screen.queryByText('Mauvais.')).toBeNull();
    await user.click(nom); // blur
    expect(await screen.findByText('Mauvais.')).toBeInTheDocument();
    await user.type(email, '@club.fr');
    await vi.waitFor(() => expect(screen.queryByText('Mauvais.')).toBeNull());
    await user.clear(email);
    // The error was cleared: the field is no longer checked while typing.
    expect(screen.queryByText('Requis.')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Trop court.')).toBeInTheDocument(); // nom left empty
  });

  it('a field left valid is not checked while typing again, only when left', async () => {
    const { user, email, nom } = setup('spec');
    await user.type(email, 'a@b.fr');
    await user.click(nom);
    await user.clear(email);
    await user.type(email, 'x');
    expect(screen.queryByText('Mauvais.')).toBeNull();
    await user.click(nom);
    expect(await screen.findByText('Mauvais.')).toBeInTheDocument();
  });

  it('submit checks every field and hands over the schema output', async () => {
    const { user, email, nom, submit, onValid } = setup('spec');
    await user.click(submit);
    expect(await screen.findByText('Requis.')).toBeInTheDocument();
    expect(screen.getByText('Trop court.')).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();
    expect(email).toHaveFocus();
    await user.type(email, ' A@B.FR ');
    await user.type(nom, 'Léo');
    await user.click(submit);
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0]).toEqual({ email: 'a@b.fr', nom: 'Léo' });
  });
});

describe("useZodForm 'submit' timing (spec §5 contact form)", () => {
  it('errors only on submit; a field’s error clears when that field is edited', async () => {
    const { user, email, nom, submit } = setup('submit');
    await user.type(email, 'x');
    await user.click(nom);
    expect(screen.queryByText('Mauvais.')).toBeNull();
    await user.click(submit);
    expect(await screen.findByText('Mauvais.')).toBeInTheDocument();
    expect(screen.getByText('Trop court.')).toBeInTheDocument();
    await user.type(email, 'y'); // still invalid, but edited: the error goes
    await vi.waitFor(() => expect(screen.queryByText('Mauvais.')).toBeNull());
    expect(screen.getByText('Trop court.')).toBeInTheDocument();
  });
});

describe("useZodForm 'live' timing (password pages)", () => {
  it('checks on every change', async () => {
    const { user, email } = setup('live');
    await user.type(email, 'x');
    expect(await screen.findByText('Mauvais.')).toBeInTheDocument();
  });
});
