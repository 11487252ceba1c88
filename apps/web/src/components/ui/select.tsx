import type { Ref, SelectHTMLAttributes } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  options: readonly SelectOption[];
  /** A first empty choice ('Tous', 'Choisir…'). */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select (the platform's own picker is the most accessible on phones), styled by `.input`. */
export function Select({ options, placeholder, className, ...rest }: SelectProps) {
  return (
    <select className={`input ${className ?? ''}`} {...rest}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
