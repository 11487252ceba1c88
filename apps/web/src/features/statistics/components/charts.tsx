import { MATCH_OUTCOME_LABELS, type MatchOutcome, type TTeamResults } from '@club/contract';

/**
 * Hand-made SVG charts of the statistics pages (docs/decisions/0080-team-statistics.md): drawn with
 * the theme's colour tokens (styles/tokens.css), never carrying a meaning by colour alone (each
 * bar has its figure written beside it, each outcome its letter), hidden from screen readers where
 * the same figure is written as text next to them; the page's table holds every figure.
 */

/** A 0–100 % bar; `null` draws an empty track (no figure). */
export function PercentBar({
  value,
  kind,
}: {
  value: number | null;
  kind: 'presence' | 'selection' | 'minutes';
}) {
  const width = Math.max(0, Math.min(100, value ?? 0));
  return (
    <svg
      className={`stats-bar stats-bar-${kind}`}
      viewBox="0 0 100 10"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <rect className="stats-bar-track" x="0" y="0" width="100" height="10" rx="2" />
      {width > 0 ? (
        <rect className="stats-bar-fill" x="0" y="0" width={width} height="10" rx="2" />
      ) : null}
    </svg>
  );
}

/** The last five results as letters in coloured chips (V, N, D), oldest first. */
export function FormChips({ forme }: { forme: readonly MatchOutcome[] }) {
  if (!forme.length) return <span className="stats-muted">aucun match joué</span>;
  return (
    <ol
      className="stats-form"
      aria-label="Forme des derniers matchs, du plus ancien au plus récent"
    >
      {forme.map((o, i) => (
        <li key={i} className={`stats-chip stats-chip-${o}`}>
          <span aria-hidden="true">{o}</span>
          <span className="visually-hidden">{MATCH_OUTCOME_LABELS[o]}</span>
        </li>
      ))}
    </ol>
  );
}

/** Won / drawn / lost as one stacked bar, each part labelled by its letter and count. */
export function ResultsBar({ resultats }: { resultats: TTeamResults }) {
  const { joues, victoires, nuls, defaites } = resultats;
  if (!joues) return null;
  const parts: [MatchOutcome, number][] = [
    ['V', victoires],
    ['N', nuls],
    ['D', defaites],
  ];
  let x = 0;
  return (
    <svg
      className="stats-results-bar"
      viewBox="0 0 100 12"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      {parts.map(([o, n]) => {
        const w = (n * 100) / joues;
        const rect = (
          <rect key={o} className={`stats-fill-${o}`} x={x} y="0" width={w} height="12" />
        );
        x += w;
        return rect;
      })}
    </svg>
  );
}
