import type { ReactNode } from 'react';

type Tone = 'error' | 'success' | 'info' | 'warning';

/** A message block announced to screen readers (alert for errors, status otherwise). */
export function Alert({
  tone,
  children,
  className,
}: {
  tone: Tone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={`alert alert-${tone} ${className ?? ''}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
}
