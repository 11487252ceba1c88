import './ui.css';
import { DateInput } from './date-input.tsx';
import { TimeInput } from './time-input.tsx';
import { useTypedValue, type TypedFieldProps } from './typed-field.ts';

export interface DateTimeInputProps extends TypedFieldProps {
  /** 'aaaa-mm-jjThh:mm', '' when both halves are empty; otherwise whatever is typed, joined by T. */
  value: string;
  /** The date half's id: the field's <label> names it. */
  id?: string;
  /** The time half's accessible name, e.g. 'Heure de début'. */
  timeLabel: string;
}

const split = (value: string) => {
  const [date = '', time = ''] = value.split('T');
  return { date, time: time.slice(0, 5) };
};

/**
 * A date and a time in French (jj/mm/aaaa and 24 h hh:mm, whatever the browser's language), in
 * place of `<input type="datetime-local">`: our DateInput and TimeInput side by side. The value
 * joins them as the forms already expect; a half that is not whole is handed back as typed, so
 * that the form's rule refuses it (never a silent empty value).
 */
export function DateTimeInput({
  value,
  onChange,
  onBlur,
  timeLabel,
  required,
  disabled,
  ...rest
}: DateTimeInputProps) {
  const [parts, setParts, emit] = useTypedValue(value, onChange, split);
  const commit = (next: { date: string; time: string }) => {
    setParts(next);
    emit(next.date === '' && next.time === '' ? '' : `${next.date}T${next.time}`);
  };
  return (
    <div className="date-time-input">
      <DateInput
        {...rest}
        required={required}
        disabled={disabled}
        value={parts.date}
        onChange={(date) => commit({ ...parts, date })}
        onBlur={onBlur}
      />
      <TimeInput
        aria-label={timeLabel}
        required={required}
        disabled={disabled}
        aria-invalid={rest['aria-invalid']}
        aria-describedby={rest['aria-describedby']}
        value={parts.time}
        onChange={(time) => commit({ ...parts, time })}
        onBlur={onBlur}
      />
    </div>
  );
}
