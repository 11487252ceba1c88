import './ui.css';
import { TIME_TEXT_MAX_LENGTH, maskTime, parseTime } from './french-date.ts';
import { useTypedValue, type TypedFieldProps } from './typed-field.ts';

export interface TimeInputProps extends TypedFieldProps {
  /** 'hh:mm' (24 h), '' when empty; while the text typed is not a time, that text. */
  value: string;
  /** When no <label> names the field (the time half of DateTimeInput). */
  'aria-label'?: string;
  /** Minutes added or taken by the up and down arrows. */
  step?: number;
}

const asTyped = (value: string) => value;

/**
 * 24-hour time field typed as hh:mm, whatever the browser's language; ↑/↓ ± step. A 12-hour time
 * ('3:00 PM') is read as its 24-hour time (15:00, shown on leaving the field); one that is not a
 * time is handed back as typed, so that the form refuses it.
 */
export function TimeInput({ value, onChange, onBlur, step = 15, ref, ...rest }: TimeInputProps) {
  const [text, setText, emit] = useTypedValue(value, onChange, asTyped);
  const commit = (t: string) => {
    setText(t);
    emit(t.trim() === '' ? '' : (parseTime(t) ?? t));
  };
  return (
    <input
      ref={ref}
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="hh:mm"
      maxLength={TIME_TEXT_MAX_LENGTH}
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
