import { useEffect, useId, useRef, useState } from 'react';
import {
  MATCH_MESSAGES,
  ZScoreConflictSchema,
  ZScoreInputSchema,
  type TMatch,
} from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { HttpError, errorMessage } from '../../../lib/http.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSaveScore } from '../api/matches.ts';
import { scoreText } from '../model.ts';

/** The form: both scores, the contract's rule (integer ≥ 0, empty = null); the version is added. */
const ZScoreFormSchema = ZScoreInputSchema.omit({ version: true });
type FormValues = { scoreDomicile: string; scoreExterieur: string };

const asField = (score: number | null) => (score === null ? '' : String(score));

/** Said once the inputs are gone (the card shows the new score). */
export const SCORE_SAVED = 'Score enregistré.';
/** Said when the score is only on this device (decision 0102). */
export const SCORE_KEPT = 'Score enregistré sur cet appareil : envoyé dès le retour du réseau.';

interface ScoreFormProps {
  match: TMatch;
  home: string;
  away: string;
  /** Back to the scores (after a save, Annuler or Escape). */
  onClose: () => void;
}

/**
 * The score being edited (spec §2, §4, §5): inputs, Enregistrer / Annuler, saving. A chunk of its
 * own, loaded when the pencil is used (docs/decisions/0091-signed-in-javascript-budget.md). A stale
 * edit (someone saved in between) answers 409 with the current match: its scores replace the
 * inputs' values and the screen says so, so nothing is overwritten blindly.
 */
export function ScoreForm({ match, home, away, onClose }: ScoreFormProps) {
  const [version, setVersion] = useState(match.version);
  const [conflict, setConflict] = useState<TMatch | null>(null);
  const save = useSaveScore();
  const toast = useToast();
  const firstInput = useRef<HTMLInputElement | null>(null);
  const id = useId();

  const form = useZodForm(ZScoreFormSchema, {
    timing: 'submit',
    defaultValues: {
      scoreDomicile: asField(match.scoreDomicile),
      scoreExterieur: asField(match.scoreExterieur),
    } satisfies FormValues,
  });
  const errors = form.formState.errors;

  useEffect(() => firstInput.current?.focus(), []);

  const close = onClose;
  const submit = form.handleSubmit((scores) => {
    setConflict(null);
    save.mutate(
      { id: match.id, body: { ...scores, version } },
      {
        onSuccess: (result) => {
          close();
          toast({ message: result.queued ? SCORE_KEPT : SCORE_SAVED });
        },
        onError: (err) => {
          const stale =
            err instanceof HttpError && err.status === 409
              ? ZScoreConflictSchema.safeParse(err.data)
              : null;
          if (stale?.success) {
            const current = stale.data.match;
            setConflict(current);
            setVersion(current.version);
            form.reset({
              scoreDomicile: asField(current.scoreDomicile),
              scoreExterieur: asField(current.scoreExterieur),
            });
          }
        },
      },
    );
  });

  const saving = save.isPending;
  const failure =
    save.isError && !conflict ? errorMessage(save.error, MATCH_MESSAGES.scoreFailed) : null;
  const homeField = form.register('scoreDomicile');
  return (
    <form
      className="match-scores is-editing"
      onSubmit={submit}
      noValidate
      aria-label={`Score : ${home} – ${away}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !saving) {
          e.stopPropagation();
          close();
        }
      }}
    >
      {conflict ? (
        <Alert tone="warning">
          {errorMessage(save.error, 'Le score a été modifié entre-temps.')} Score actuel : {home}{' '}
          {scoreText(conflict.scoreDomicile)} – {scoreText(conflict.scoreExterieur)} {away}.
        </Alert>
      ) : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="match-side">
        <label className="match-team" htmlFor={`${id}-home`}>
          {home}
          <span className="visually-hidden"> (score domicile)</span>
        </label>
        <input
          id={`${id}-home`}
          className="match-score-input"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          disabled={saving}
          aria-invalid={errors.scoreDomicile ? true : undefined}
          aria-describedby={errors.scoreDomicile ? `${id}-home-error` : undefined}
          {...homeField}
          ref={(el) => {
            homeField.ref(el);
            firstInput.current = el;
          }}
        />
      </div>
      {errors.scoreDomicile ? (
        <p id={`${id}-home-error`} className="field-error" role="alert">
          {errors.scoreDomicile.message}
        </p>
      ) : null}
      <div className="match-side">
        <label className="match-team" htmlFor={`${id}-away`}>
          {away}
          <span className="visually-hidden"> (score extérieur)</span>
        </label>
        <input
          id={`${id}-away`}
          className="match-score-input"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          disabled={saving}
          aria-invalid={errors.scoreExterieur ? true : undefined}
          aria-describedby={errors.scoreExterieur ? `${id}-away-error` : undefined}
          {...form.register('scoreExterieur')}
        />
      </div>
      {errors.scoreExterieur ? (
        <p id={`${id}-away-error`} className="field-error" role="alert">
          {errors.scoreExterieur.message}
        </p>
      ) : null}
      <div className="actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={close} disabled={saving}>
          Annuler
        </button>
        <button type="submit" className="btn btn-sm" disabled={saving}>
          {saving ? 'Enregistrement…' : 'Enregistrer'}
        </button>
      </div>
    </form>
  );
}
