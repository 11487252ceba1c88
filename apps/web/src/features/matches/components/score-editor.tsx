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
import { scoreText, teamText } from '../model.ts';
import { Pencil } from 'lucide-react';
import { Icon } from '../../../components/ui/icon.tsx';

/** A score, bold (strong) when the match is finished (spec §2). */
function Score({ value, final }: { value: number | null; final: boolean }) {
  const text = scoreText(value);
  return final ? (
    <strong className="match-score is-final">{text}</strong>
  ) : (
    <span className="match-score">{text}</span>
  );
}

/** The form: both scores, the contract's rule (integer ≥ 0, empty = null); the version is added. */
const ZScoreFormSchema = ZScoreInputSchema.omit({ version: true });
type FormValues = { scoreDomicile: string; scoreExterieur: string };

const asField = (score: number | null) => (score === null ? '' : String(score));

interface ScoreEditorProps {
  match: TMatch;
  /** The table and the status rule (mayEditScore): the pencil is shown only then. */
  editable: boolean;
}

/**
 * Scores of a match card (spec §2, §4, §5): view, editing (inputs, Enregistrer / Annuler), saving.
 * A stale edit (someone saved in between) answers 409 with the current match: its scores replace
 * the inputs' values and the screen says so, so nothing is overwritten blindly.
 */
/** Said once the inputs are gone (the card shows the new score). */
export const SCORE_SAVED = 'Score enregistré.';

export function ScoreEditor({ match, editable }: ScoreEditorProps) {
  const [editing, setEditing] = useState(false);
  const [version, setVersion] = useState(match.version);
  const [conflict, setConflict] = useState<TMatch | null>(null);
  const save = useSaveScore();
  const toast = useToast();
  const pencil = useRef<HTMLButtonElement>(null);
  const firstInput = useRef<HTMLInputElement | null>(null);
  const restoreFocus = useRef(false);
  const id = useId();
  const finished = match.statut === 'TERMINE';
  const home = teamText(match.equipeDomicile);
  const away = teamText(match.equipeExterieur);

  const form = useZodForm(ZScoreFormSchema, {
    timing: 'submit',
    defaultValues: {
      scoreDomicile: asField(match.scoreDomicile),
      scoreExterieur: asField(match.scoreExterieur),
    } satisfies FormValues,
  });
  const errors = form.formState.errors;

  useEffect(() => {
    if (editing) firstInput.current?.focus();
    else if (restoreFocus.current) {
      restoreFocus.current = false;
      pencil.current?.focus();
    }
  }, [editing]);

  const open = () => {
    form.reset({
      scoreDomicile: asField(match.scoreDomicile),
      scoreExterieur: asField(match.scoreExterieur),
    });
    setVersion(match.version);
    setConflict(null);
    save.reset();
    setEditing(true);
  };
  const close = () => {
    restoreFocus.current = true;
    setEditing(false);
    setConflict(null);
    save.reset();
  };
  const submit = form.handleSubmit((scores) => {
    setConflict(null);
    save.mutate(
      { id: match.id, body: { ...scores, version } },
      {
        onSuccess: () => {
          close();
          toast({ message: SCORE_SAVED });
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

  if (!editing) {
    return (
      <div className="match-scores">
        <p className="match-side">
          <span className="match-team">{home}</span>
          <Score value={match.scoreDomicile} final={finished} />
        </p>
        <p className="match-side">
          <span className="match-team">{away}</span>
          <Score value={match.scoreExterieur} final={finished} />
        </p>
        {editable ? (
          <button
            ref={pencil}
            type="button"
            className="btn btn-secondary btn-sm icon-btn match-pencil"
            aria-label={`Modifier le score : ${home} – ${away}`}
            title="Modifier le score"
            onClick={open}
          >
            <Icon as={Pencil} />
          </button>
        ) : null}
      </div>
    );
  }

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
