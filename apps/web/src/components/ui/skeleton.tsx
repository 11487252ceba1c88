import './ui.css';
/**
 * Grey placeholder rows while a list loads. The label is read by screen readers (and kept for
 * anything that waits for 'Chargement...' to go away); the bars are decorative.
 */
export function Skeleton({
  rows = 4,
  label = 'Chargement...',
  variant = 'list',
}: {
  rows?: number;
  label?: string;
  variant?: 'list' | 'cards';
}) {
  return (
    <div className={`skeleton skeleton-${variant}`} role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-item" aria-hidden="true">
          <span className="skeleton-bar skeleton-bar-wide" />
          <span className="skeleton-bar" />
        </div>
      ))}
    </div>
  );
}
