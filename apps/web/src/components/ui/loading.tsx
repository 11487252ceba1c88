/** Loading indicator with a text for screen readers (and sighted users). */
export function Loading({ label = 'Chargement...' }: { label?: string }) {
  return (
    <div className="empty" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> <span>{label}</span>
    </div>
  );
}
