import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

interface FieldProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /** One input, select or textarea; id, aria-invalid and aria-describedby are wired in. */
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}

/** Label + control + hint + error, with the accessibility attributes connected. */
export function Field({ label, error, hint, children, className }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id: (children.props.id as string | undefined) ?? id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })
    : children;
  const controlId = (children.props.id as string | undefined) ?? id;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={controlId}>{label}</label>
      {control}
      {hint ? (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={errorId} className="field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
