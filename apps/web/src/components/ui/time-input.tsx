import './ui.css';
import { useEffect, useRef, useState, type Ref } from 'react';
import { maskTime, parseTime } from './french-date.ts';

export interface TimeInputProps {
  /** 'hh:mm' (24 h), '' when empty; while the text typed is not a time, that text. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  id?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  /** When no <label> names the field (the time half of DateTimeInput). */
  'aria-label'?: string;
  ref?: Ref<HTMLInputElement>;
  /** Minutes added or taken by the up and down arrows. */
  step?: number;
}

/** 24-hour time field typed as hh:mm (never AM/PM, whatever the browser's language); ↑/↓ ± step. */
export function TimeInput({ value, onChange, onBlur, step = 15, ref, ...rest }: TimeInputProps) {
  const [text, setText] = useState(value);
  const emitted = useRef(value);
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setText(value);
    }
  }, [value]);
  const commit = (t: string) => {
    setText(t);
    emitted.current = t.trim() === '' ? '' : (parseTime(t) ?? t);
    onChange(emitted.current);
  };
  return (
    <input
      ref={ref}
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="hh:mm"
      maxLength={5}
      className="time-input"
      value={text}
      onChange={(e) => commit(maskTime(e.target.value))}
      onBlur={() => {
        const parsed = parseTime(text);
        if (parsed && parsed !== text) commit(parsed);
        onBlur?.();
      }}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
        e.preventDefault();
        const [h, m] = (parseTime(text) ?? '00:00').split(':').map(Number) as [number, number];
        const total = (h * 60 + m + (e.key === 'ArrowUp' ? step : -step) + 1440) % 1440;
        commit(
          `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`,
        );
      }}
    />
  );
}
