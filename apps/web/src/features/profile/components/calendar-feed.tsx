import { useState } from 'react';
import { z } from 'zod';
import {
  ZCalendarSubscriptionSchema,
  type TCalendarSubscription,
  type TTeamRef,
} from '@club/contract';
import { Field } from '../../../components/ui/field.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';

/** The form's values ('' = all my teams) piped into the request body of the contract. */
export const ZCalendarFeedFormSchema = z
  .object({ equipeId: z.string(), matchesSeulement: z.boolean() })
  .transform(({ equipeId, matchesSeulement }): TCalendarSubscription => ({
    ...(equipeId ? { equipeId: Number(equipeId) } : {}),
    matchesSeulement,
  }))
  .pipe(ZCalendarSubscriptionSchema);

export interface CalendarFeedProps {
  teams: readonly TTeamRef[];
  /** The URL just obtained; null before one is asked for or after a revocation. */
  url: string | null;
  pending: boolean;
  error: string | null;
  notice: string | null;
  onSubscribe: (body: TCalendarSubscription) => void;
  onRevoke: () => void;
}

/**
 * 'Mon calendrier' (decision 0023): a secret URL to subscribe to from a calendar app, filtered on
 * all my teams or one and on matches only; a new URL revokes the previous one; 'Révoquer' ends it.
 */
export function CalendarFeed({
  teams,
  url,
  pending,
  error,
  notice,
  onSubscribe,
  onRevoke,
}: CalendarFeedProps) {
  const form = useZodForm(ZCalendarFeedFormSchema, {
    timing: 'submit',
    defaultValues: { equipeId: '', matchesSeulement: false },
  });
  const [copied, setCopied] = useState<string | null>(null);
  const submit = form.handleSubmit((body) => {
    setCopied(null);
    onSubscribe(body);
  });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Adresse copiée.');
    } catch {
      setCopied('Copie impossible : sélectionnez l’adresse et copiez-la.');
    }
  };

  return (
    <section aria-labelledby="mon-calendrier">
      <h2 id="mon-calendrier">Mon calendrier</h2>
      <p>
        Abonnez-vous à vos événements depuis Google Agenda, Apple Calendrier ou Outlook avec cette
        adresse secrète. Ne la partagez pas.
      </p>
      <form className="form" onSubmit={submit} noValidate>
        <div className="form-grid">
          <Field label="Équipe">
            <select {...form.register('equipeId')}>
              <option value="">Toutes mes équipes</option>
              {teams.map((t) => (
                <option key={t.id} value={String(t.id)}>
                  {t.nom}
                </option>
              ))}
            </select>
          </Field>
          <label className="checkbox">
            <input type="checkbox" {...form.register('matchesSeulement')} /> Matchs seulement
          </label>
        </div>
        <div className="actions">
          <button type="submit" className="btn" disabled={pending}>
            {url ? 'Obtenir une nouvelle adresse' : 'Obtenir l’adresse'}
          </button>
          <button type="button" className="btn btn-ghost" disabled={pending} onClick={onRevoke}>
            Révoquer l’adresse
          </button>
        </div>
      </form>
      {error ? (
        <div className="field-error" role="alert">
          {error}
        </div>
      ) : null}
      <div role="status" aria-live="polite">
        {notice ?? ''}
      </div>
      {url ? (
        <div className="actions">
          <Field label="Adresse de mon calendrier">
            <input value={url} readOnly aria-readonly="true" onFocus={(e) => e.target.select()} />
          </Field>
          <button type="button" className="btn btn-ghost" onClick={() => void copy()}>
            Copier
          </button>
          <span role="status" aria-live="polite">
            {copied ?? ''}
          </span>
        </div>
      ) : null}
    </section>
  );
}
