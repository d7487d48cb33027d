import { memo, useMemo, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import './date-field.css';
import { formatLongDate, type Ymd } from '@domain/schedule/calendar';
import { FULL_CLOSED_DAY_LABEL, FULL_DAY_LABEL } from '@domain/schedule/full-days';
import { dayDate, dayYmd } from './calendar-day';
import { dayPickerLabels } from './day-picker-labels';

// A full day's button reads e.g. "Saturday, December 12, 2026, Full – join the waitlist", or
// "Wednesday, November 25, 2026, Full" where a full day cannot be chosen.
const LABELS = dayPickerLabels({ full: FULL_DAY_LABEL });
const CLOSED_LABELS = dayPickerLabels({ full: FULL_CLOSED_DAY_LABEL });
const NO_DAYS: ReadonlySet<Ymd> = new Set();

interface DateFieldProps {
  id: string;
  label: string;
  value: Ymd | null;
  onChange: (date: Ymd | null) => void;
  /** Why a date cannot be chosen, or null when it can (domain's date rules). */
  problem: (date: Ymd) => string | null;
  /** First and last selectable dates (the season window). */
  min: Ymd;
  max: Ymd;
  disabled?: boolean;
  /**
   * The day whose month shows while no date is selected and the month was not changed by hand
   * (default: `min`'s), e.g. domain/schedule/full-days.ts firstOpenDate. Followed when it changes
   * (the full days arrive after the calendar).
   */
  openOn?: Ymd | null;
  /** Days every slot of which is taken (GET /api/fn/full-days): marked 'Full – join the waitlist', still choosable to join the waitlist. */
  full?: ReadonlySet<Ymd> | null;
  /**
   * Full days cannot be chosen (no waitlist: the consultation calendars, GET
   * /api/fn/consultation-full-days): they are disabled, still marked, and named 'Full'.
   */
  fullClosed?: boolean;
  /** The legend's sentence of which weekdays can be chosen, e.g. 'We install on Tuesdays, Fridays, Saturdays and Sundays.' */
  workDays?: string;
}

/**
 * A labelled single-date calendar (docs/product.md §2 Date picker): dates the rules refuse (non-work
 * days, out of season, blocked, past) are disabled, as are dates outside min and max; full days
 * are marked and named 'Full – join the waitlist' (the legend names the mark only where `full` is given), or
 * 'Full' and disabled with `fullClosed`; a legend under it says which weekdays are
 * work days and what the marks mean. Its month navigation is named after `label` ('Installation
 * date months'), so two calendars on a page have distinct landmarks. Seven columns fit the
 * width it is given (375 px phones: Saturday stays in view).
 * Memoized: a month of days costs a long task on a phone, so callers pass stable callbacks
 * (useCallback) and it renders only when its own props change.
 */
export const DateField = memo(function DateField({ id, label, value, onChange, problem, min, max, disabled, openOn, full, fullClosed = false, workDays }: DateFieldProps) {
  const selected = value ? dayDate(value) : undefined;
  // The month shown, as one Date per month: react-day-picker works its days out again whenever
  // the `month` it is given is another object, and a click's day would then be another button.
  const [picked, setPicked] = useState<Ymd | null>(null);
  const shown = (picked ?? value ?? openOn ?? min).slice(0, 7);
  const month = useMemo(() => dayDate(`${shown}-01`), [shown]);
  const fullDays = full ?? NO_DAYS;
  const labels = useMemo(() => ({ ...(fullClosed ? CLOSED_LABELS : LABELS), labelNav: () => `${label} months` }), [label, fullClosed]);
  const fullLabel = fullClosed ? FULL_CLOSED_DAY_LABEL : FULL_DAY_LABEL;
  const modifiers = useMemo(() => ({ full: (d: Date) => fullDays.has(dayYmd(d)) }), [fullDays]);
  return (
    <div className={fullClosed ? 'date-field date-field--full-closed' : 'date-field'} role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="label">
        {label}
      </p>
      <p className="hint" aria-live="polite">
        {value ? `Selected: ${formatLongDate(value)}` : 'No date selected'}
      </p>
      <DayPicker
        mode="single"
        selected={selected}
        onSelect={(d) => onChange(d ? dayYmd(d) : null)}
        disabled={disabled ? true : (d: Date) => problem(dayYmd(d)) !== null || (fullClosed && fullDays.has(dayYmd(d)))}
        month={month}
        onMonthChange={(m) => setPicked(dayYmd(m))}
        startMonth={dayDate(min)}
        endMonth={dayDate(max)}
        weekStartsOn={0}
        required={false}
        labels={labels}
        modifiers={modifiers}
        modifiersClassNames={{ full: 'is-full' }}
      />
      <ul className="date-field__legend" aria-label={`${label}: what the calendar shows`}>
        {workDays && <li>{workDays}</li>}
        <li>
          <span className="date-field__swatch date-field__swatch--open" aria-hidden="true" /> Open
        </li>
        {full !== undefined && (
          <li>
            <span className="date-field__swatch date-field__swatch--full" aria-hidden="true" /> {fullLabel}
          </li>
        )}
        <li>
          <span className="date-field__swatch date-field__swatch--closed" aria-hidden="true" /> Greyed out: not available
        </li>
      </ul>
    </div>
  );
});
