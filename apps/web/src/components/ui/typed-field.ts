import { useEffect, useRef, useState, type Ref } from 'react';

/** The props of our typed fields (DateInput, TimeInput, DateTimeInput): a controlled text input. */
export interface TypedFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  id?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * What a typed field shows, kept in step with its value: a value set from outside (form reset,
 * 'Effacer les filtres') is shown through `show`; the field's own values, handed out by `emit`, do
 * not rewrite what is being typed. `show` must keep its identity (a module-level function).
 */
export function useTypedValue<S>(
  value: string,
  onChange: (value: string) => void,
  show: (value: string) => S,
) {
  const [shown, setShown] = useState(() => show(value));
  const emitted = useRef(value);
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setShown(show(value));
    }
  }, [value, show]);
  const emit = (v: string) => {
    emitted.current = v;
    onChange(v);
  };
  return [shown, setShown, emit] as const;
}
