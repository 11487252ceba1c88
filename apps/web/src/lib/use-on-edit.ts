import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';

/**
 * Calls `onEdit` whenever a value of the form changes (typing, a select, a reset): the screen's
 * success or error message of the last submit goes then, so that no stale message stands next to
 * the form being edited (docs/decisions/0086-glossary-and-field-messages.md).
 */
export function useOnEdit<T extends FieldValues>(
  watch: UseFormWatch<T>,
  onEdit: (() => void) | undefined,
): void {
  const latest = useRef(onEdit);
  latest.current = onEdit;
  useEffect(() => {
    const subscription = watch(() => latest.current?.());
    return () => subscription.unsubscribe();
  }, [watch]);
}
