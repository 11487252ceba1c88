import './ui.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  MONTHS_FR,
  WEEKDAYS_FR,
  addDays,
  addMonths,
  frenchToIso,
  isoToFrench,
  longFrench,
  maskFrenchDate,
  monthGrid,
  parseIso,
  toIso,
  todayYmd,
  type Ymd,
} from './french-date.ts';
import { useTypedValue, type TypedFieldProps } from './typed-field.ts';

export interface DateInputProps extends TypedFieldProps {
  /** ISO 'aaaa-mm-jj', '' when empty; while the text typed is not a date, that text. */
  value: string;
  /** Years offered by the calendar's year list. */
  minYear?: number;
  maxYear?: number;
}

/** The text shown for a value: jj/mm/aaaa, or the value itself when it is not a date. */
const frenchText = (value: string) => isoToFrench(value) || value;

const sameDay = (a: Ymd | null, b: Ymd | null) =>
  !!a && !!b && a.y === b.y && a.m === b.m && a.d === b.d;

/**
 * French date field: a text input in jj/mm/aaaa (typing mask, whatever the browser's language) and
 * a calendar button opening a month grid (arrows ±1 day/±1 week, Page Up/Down ±1 month, Shift+Page
 * ±1 year, Home/End start/end of week, Enter chooses, Escape closes).
 */
export function DateInput({
  value,
  onChange,
  onBlur,
  id,
  name,
  required,
  disabled,
  ref,
  minYear = 1900,
  maxYear = new Date().getFullYear() + 10,
  ...aria
}: DateInputProps) {
  // A value set from outside (form reset, 'Effacer les filtres') shows in the text; our own does not
  // rewrite what is being typed.
  const [text, setText, emit] = useTypedValue(value, onChange, frenchText);
  const [open, setOpen] = useState(false);
  const [focusDay, setFocusDay] = useState<Ymd>(() => parseIso(value) ?? todayYmd());
  const wrapRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const dialogId = useId();
  const hintId = useId();

  useEffect(() => {
    if (!open) return;
    gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [open, focusDay]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const commitText = (t: string) => {
    setText(t);
    emit(t.trim() === '' ? '' : (frenchToIso(t) ?? t));
  };
  const choose = (day: Ymd) => {
    const iso = toIso(day);
    setText(isoToFrench(iso));
    emit(iso);
    setOpen(false);
    toggleRef.current?.focus();
  };
  const openCalendar = () => {
    setFocusDay(parseIso(frenchToIso(text)) ?? parseIso(value) ?? todayYmd());
    setOpen(true);
  };

  const onGridKey = (e: KeyboardEvent) => {
    const moves: Record<string, () => Ymd> = {
      ArrowLeft: () => addDays(focusDay, -1),
      ArrowRight: () => addDays(focusDay, 1),
      ArrowUp: () => addDays(focusDay, -7),
      ArrowDown: () => addDays(focusDay, 7),
      PageUp: () => addMonths(focusDay, e.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focusDay, e.shiftKey ? 12 : 1),
      Home: () =>
        addDays(
          focusDay,
          -((new Date(Date.UTC(focusDay.y, focusDay.m - 1, focusDay.d)).getUTCDay() + 6) % 7),
        ),
      End: () =>
        addDays(
          focusDay,
          6 - ((new Date(Date.UTC(focusDay.y, focusDay.m - 1, focusDay.d)).getUTCDay() + 6) % 7),
        ),
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      setFocusDay(move());
    }
  };

  const selected = parseIso(value);
  const today = todayYmd();
  const years: number[] = [];
  for (let y = maxYear; y >= minYear; y--) years.push(y);
  if (!years.includes(focusDay.y)) years.push(focusDay.y);

  return (
    <div className="date-input" ref={wrapRef}>
      <div className="date-input-row">
        <input
          ref={ref}
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="jj/mm/aaaa"
          maxLength={10}
          required={required}
          disabled={disabled}
          value={text}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={[hintId, aria['aria-describedby']].filter(Boolean).join(' ')}
          onChange={(e) => commitText(maskFrenchDate(e.target.value))}
          onBlur={onBlur}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && e.altKey) {
              e.preventDefault();
              openCalendar();
            }
          }}
        />
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-secondary icon-btn date-input-toggle"
          aria-label="Choisir une date dans le calendrier"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? dialogId : undefined}
          disabled={disabled}
          // Keep the focus where it is until the click: a blur validating the previous field
          // would insert its error above and move this button between press and release.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => (open ? setOpen(false) : openCalendar())}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              fill="currentColor"
              d="M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7zm-2 8h14v10H5V10z"
            />
          </svg>
        </button>
      </div>
      <span id={hintId} className="visually-hidden">
        Format jj/mm/aaaa
      </span>
      {open ? (
        <div
          id={dialogId}
          role="dialog"
          aria-modal="false"
          aria-label="Choisir une date"
          className="date-popup"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              setOpen(false);
              toggleRef.current?.focus();
            }
          }}
        >
          <div className="date-popup-head">
            <button
              type="button"
              className="btn btn-ghost icon-btn"
              aria-label="Mois précédent"
              onClick={() => setFocusDay((d) => addMonths(d, -1))}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <select
              className="input"
              aria-label="Mois"
              value={focusDay.m}
              onChange={(e) => setFocusDay((d) => addMonths(d, Number(e.target.value) - d.m))}
            >
              {MONTHS_FR.map((label, i) => (
                <option key={label} value={i + 1}>
                  {label}
                </option>
              ))}
            </select>
            <select
              className="input"
              aria-label="Année"
              value={focusDay.y}
              onChange={(e) =>
                setFocusDay((d) => addMonths(d, (Number(e.target.value) - d.y) * 12))
              }
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn-ghost icon-btn"
              aria-label="Mois suivant"
              onClick={() => setFocusDay((d) => addMonths(d, 1))}
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
          <table
            ref={gridRef}
            role="grid"
            className="date-grid"
            aria-label={`${MONTHS_FR[focusDay.m - 1]} ${focusDay.y}`}
            onKeyDown={onGridKey}
          >
            <thead>
              <tr>
                {WEEKDAYS_FR.map((w) => (
                  <th key={w} scope="col" abbr={w}>
                    {w.slice(0, 2)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(focusDay.y, focusDay.m).map((week, i) => (
                <tr key={i}>
                  {week.map((d, j) => {
                    if (d === null) return <td key={j} />;
                    const day = { y: focusDay.y, m: focusDay.m, d };
                    const isSelected = sameDay(day, selected);
                    return (
                      <td key={j} aria-selected={isSelected}>
                        <button
                          type="button"
                          tabIndex={d === focusDay.d ? 0 : -1}
                          className={`date-day${isSelected ? ' is-selected' : ''}${sameDay(day, today) ? ' is-today' : ''}`}
                          aria-label={longFrench(day)}
                          aria-current={sameDay(day, today) ? 'date' : undefined}

                          onClick={() => choose(day)}
                        >
                          {d}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="date-popup-foot">
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => choose(today)}>
              Aujourd’hui
            </button>
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              onClick={() => {
                setOpen(false);
                toggleRef.current?.focus();
              }}
            >
              Fermer
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
