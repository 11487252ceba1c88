import { useState } from 'react';
import {
  type TCalendarSubscription,
  type TCalendarSubscriptionState,
  type TTeamRef,
} from '@club/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useLazyZodForm } from '../../../lib/use-lazy-zod-form.ts';

// The form's schema (and zod) loads on the first check (docs/decisions/0091-signed-in-javascript-budget.md).
const loadSchema = () => import('./calendar-feed-schema.ts').then((m) => m.ZCalendarFeedFormSchema);

const createdOn = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** 'Abonnement actif depuis le 3 mars 2026 : U17, matchs seulement.' */
export function subscriptionSummary(
  feed: NonNullable<TCalendarSubscriptionState['abonnement']>,
): string {
  const filters = [
    feed.equipe ? feed.equipe.nom : 'toutes mes équipes',
    ...(feed.matchesSeulement ? ['matchs seulement'] : []),
  ];
  return `Abonnement actif depuis le ${createdOn.format(new Date(feed.creeLe))} : ${filters.join(', ')}.`;
}

export interface CalendarFeedProps {
  teams: readonly TTeamRef[];
  /** The live feed (GET /api/calendrier/abonnement); null: none; undefined: not known yet. */
  subscription?: TCalendarSubscriptionState['abonnement'] | undefined;
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
 * A live feed is shown by its date and filters; its address only right after its creation (only
 * its hash is stored), and replacing it is confirmed first (decision 0088).
 */
export function CalendarFeed({
  teams,
  subscription,
  url,
  pending,
  error,
  notice,
  onSubscribe,
  onRevoke,
}: CalendarFeedProps) {
  const form = useLazyZodForm(loadSchema, {
    timing: 'submit',
    defaultValues: { equipeId: '', matchesSeulement: false },
  });
  const [copied, setCopied] = useState<string | null>(null);
  const [replacing, setReplacing] = useState<TCalendarSubscription | null>(null);
  const live = !!subscription || !!url;
  const submit = form.handleSubmit((body) => {
    setCopied(null);
    // An address in use elsewhere (a calendar app) stops working: ask first.
    if (live) setReplacing(body);
    else onSubscribe(body);
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
      {subscription ? (
        <p>
          {subscriptionSummary(subscription)}
          {url
            ? null
            : ' Pour votre sécurité, l’adresse n’est montrée qu’à sa création : si vous l’avez perdue, remplacez-la.'}
        </p>
      ) : null}
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
            {live ? 'Remplacer l’adresse' : 'Obtenir l’adresse'}
          </button>
          {live ? (
            <button type="button" className="btn btn-ghost" disabled={pending} onClick={onRevoke}>
              Révoquer l’adresse
            </button>
          ) : null}
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
      {url ? <p>Copiez l’adresse maintenant : elle ne sera plus affichée ensuite.</p> : null}
      {url ? (
        <div className="actions">
          <Field label="Adresse de mon calendrier">
            <input value={url} readOnly aria-readonly="true" onFocus={(e) => e.target.select()} />
          </Field>
          <button type="button" className="btn btn-ghost" onClick={() => void copy()}>
            Copier l’adresse
          </button>
          <span role="status" aria-live="polite">
            {copied ?? ''}
          </span>
        </div>
      ) : null}
      {replacing ? (
        <ConfirmDialog
          title="Remplacer l’adresse du calendrier ?"
          confirmLabel="Remplacer l’adresse"
          onCancel={() => setReplacing(null)}
          onConfirm={() => {
            const body = replacing;
            setReplacing(null);
            onSubscribe(body);
          }}
        >
          L’adresse actuelle cessera de fonctionner : les agendas abonnés avec elle (Google Agenda,
          Apple Calendrier, Outlook) ne recevront plus vos événements. Il faudra vous y abonner de
          nouveau avec la nouvelle adresse.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
