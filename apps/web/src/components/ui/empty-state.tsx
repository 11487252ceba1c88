import './ui.css';
import type { ReactNode } from 'react';

/** What an empty list says, and what to do next ('Ajoutez votre première équipe'). */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state" role="status">
      <svg
        className="empty-state-icon"
        viewBox="0 0 48 48"
        width="48"
        height="48"
        aria-hidden="true"
      >
        <rect
          x="6"
          y="10"
          width="36"
          height="28"
          rx="4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        />
        <path d="M6 18h36" stroke="currentColor" strokeWidth="2.5" />
        <circle cx="24" cy="28" r="4" fill="currentColor" />
      </svg>
      <p className="empty-state-title">{title}</p>
      {children ? <div className="empty-state-text">{children}</div> : null}
      {action ? <div className="empty-state-action">{action}</div> : null}
    </div>
  );
}
