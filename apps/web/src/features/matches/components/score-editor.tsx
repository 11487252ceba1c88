import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { TMatch } from '@club/contract';
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

// The form (react-hook-form, zod and the score's schema) loads when the pencil is used
// (docs/decisions/0091-signed-in-javascript-budget.md).
const loadScoreForm = () => import('./score-form.tsx');
const ScoreForm = lazy(() => loadScoreForm().then((m) => ({ default: m.ScoreForm })));
const preloadScoreForm = () => void loadScoreForm().catch(() => undefined);

interface ScoreEditorProps {
  match: TMatch;
  /** The table and the status rule (mayEditScore): the pencil is shown only then. */
  editable: boolean;
}

/**
 * Scores of a match card (spec §2, §4, §5): the scores, and with the pencil the form that edits
 * them (ScoreForm); the focus goes back to the pencil when the form closes.
 */
export function ScoreEditor({ match, editable }: ScoreEditorProps) {
  const [editing, setEditing] = useState(false);
  const pencil = useRef<HTMLButtonElement>(null);
  const restoreFocus = useRef(false);
  const finished = match.statut === 'TERMINE';
  const home = teamText(match.equipeDomicile);
  const away = teamText(match.equipeExterieur);

  useEffect(() => {
    if (!editing && restoreFocus.current) {
      restoreFocus.current = false;
      pencil.current?.focus();
    }
  }, [editing]);

  const scores = (
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
          onPointerEnter={preloadScoreForm}
          onFocus={preloadScoreForm}
          onClick={() => setEditing(true)}
        >
          <Icon as={Pencil} />
        </button>
      ) : null}
    </div>
  );
  if (!editing) return scores;
  return (
    // The scores stay in view while the form's code arrives.
    <Suspense fallback={scores}>
      <ScoreForm
        match={match}
        home={home}
        away={away}
        onClose={() => {
          restoreFocus.current = true;
          setEditing(false);
        }}
      />
    </Suspense>
  );
}
