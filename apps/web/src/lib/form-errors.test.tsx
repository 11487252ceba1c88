import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { HttpError, NetworkError } from './http.ts';
import { applyApiError, mapFieldErrors, readApiError, useApiFieldErrors } from './form-errors.ts';

afterEach(cleanup);

type Values = { nom: string; category: string; equipesIds: number[] };
const FIELDS = ['nom', 'category', 'equipesIds'] as const;
const answer = (status: number, data: unknown) => new HttpError(status, 'x', data, new Headers());

describe('readApiError', () => {
  it('reads status, the French message and the field errors of an error answer', () => {
    expect(
      readApiError(answer(400, { message: 'Données invalides.', errors: { nom: 'Requis.' } })),
    ).toEqual({ status: 400, message: 'Données invalides.', fields: { nom: 'Requis.' } });
    expect(readApiError(answer(500, 'texte'))).toEqual({ status: 500, message: null, fields: {} });
    expect(readApiError(new NetworkError('down'))).toEqual({
      status: 0,
      message: null,
      fields: {},
    });
    expect(readApiError(new Error('bug'))).toBeNull();
  });
});

describe('mapFieldErrors', () => {
  it('maps known fields, aliases and dotted keys; keeps the others apart', () => {
    const { byField, unmatched } = mapFieldErrors<Values>(
      {
        nom: 'Nom requis.',
        categorie: 'Catégorie requise.',
        'equipesIds.1': 'Équipe introuvable.',
        'equipesIds.2': 'Autre.',
        clubId: 'Club invalide.',
      },
      { fields: FIELDS, aliases: { categorie: 'category' } },
    );
    expect(byField).toEqual({
      nom: 'Nom requis.',
      category: 'Catégorie requise.',
      equipesIds: 'Équipe introuvable.',
    });
    expect(unmatched).toEqual(['Club invalide.']);
  });
});

describe('applyApiError', () => {
  it('sets field errors (type server), the root message, and returns the server message', () => {
    const setError = vi.fn();
    const message = applyApiError<Values>(
      setError,
      answer(409, { message: 'Conflit.', errors: { nom: 'Déjà pris.' } }),
      { fields: FIELDS, fallback: 'Erreur.' },
    );
    expect(message).toBe('Conflit.');
    expect(setError).toHaveBeenCalledWith(
      'nom',
      { type: 'server', message: 'Déjà pris.' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenCalledWith('root.server', { type: '409', message: 'Conflit.' });
  });

  it('falls back by status, and for a non-HTTP error', () => {
    const fallback = (p: { status: number } | null) =>
      p === null ? 'Générique.' : p.status === 422 ? 'Invalide.' : `Erreur ${p.status}`;
    expect(applyApiError<Values>(vi.fn(), answer(422, {}), { fields: FIELDS, fallback })).toBe(
      'Invalide.',
    );
    expect(applyApiError<Values>(vi.fn(), answer(500, null), { fields: FIELDS, fallback })).toBe(
      'Erreur 500',
    );
    expect(applyApiError<Values>(vi.fn(), new TypeError('x'), { fields: FIELDS, fallback })).toBe(
      'Générique.',
    );
  });
});

describe('useApiFieldErrors (errors of a request run by the parent)', () => {
  function Demo({ errors }: { errors?: Record<string, string> }) {
    const form = useForm<Values>({ defaultValues: { nom: '', category: '', equipesIds: [] } });
    useApiFieldErrors(form.setError, errors, {
      fields: FIELDS,
      aliases: { categorie: 'category' },
    });
    const e = form.formState.errors;
    return (
      <form>
        <input
          aria-label="Nom"
          {...form.register('nom', { onChange: () => form.clearErrors('nom') })}
        />
        <p>{e.nom?.message}</p>
        <p>{e.category?.message}</p>
      </form>
    );
  }
  it('shows each new set of server errors under the fields', async () => {
    const { rerender } = render(<Demo />);
    expect(screen.queryByText('Déjà pris.')).toBeNull();
    await act(async () =>
      rerender(<Demo errors={{ nom: 'Déjà pris.', categorie: 'Catégorie requise.' }} />),
    );
    expect(screen.getByText('Déjà pris.')).toBeInTheDocument();
    expect(screen.getByText('Catégorie requise.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nom')).toHaveFocus();
  });

  it('a re-render with an equal set does not bring back errors cleared since', async () => {
    const errors = { nom: 'Déjà pris.' };
    const { rerender } = render(<Demo errors={errors} />);
    expect(await screen.findByText('Déjà pris.')).toBeInTheDocument();
    await act(async () => {
      await userEvent.setup().type(screen.getByLabelText('Nom'), 'x');
    });
    // The demo clears the field's error on change (as the 'submit' timing does).
    expect(screen.queryByText('Déjà pris.')).toBeNull();
    await act(async () => rerender(<Demo errors={{ ...errors }} />));
    expect(screen.queryByText('Déjà pris.')).toBeNull();
  });
});
