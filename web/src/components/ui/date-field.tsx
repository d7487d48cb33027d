import { memo } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import './date-field.css';
import { formatLongDate, type Ymd } from '@domain/schedule/calendar';
import { dayDate, dayYmd } from './calendar-day';
import { dayPickerLabels } from './day-picker-labels';

const LABELS = dayPickerLabels();

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
  /** The month to open on while no date is selected (default: `min`'s), e.g. the first with a free day. */
  openOn?: Ymd | null;
}

/**
 * A labelled single-date calendar (docs/product.md §2 Date picker): dates the rules refuse (non-work
 * days, out of season, blocked, past) are disabled, as are dates outside min and max.
 * Memoized: a month of days costs a long task on a phone, so callers pass stable callbacks
 * (useCallback) and it renders only when its own props change.
 */
export const DateField = memo(function DateField({ id, label, value, onChange, problem, min, max, disabled, openOn }: DateFieldProps) {
  const selected = value ? dayDate(value) : undefined;
  return (
    <div className="date-field" role="group" aria-labelledby={`${id}-label`}>
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
        disabled={disabled ? true : (d: Date) => problem(dayYmd(d)) !== null}
        defaultMonth={selected ?? dayDate(openOn ?? min)}
        startMonth={dayDate(min)}
        endMonth={dayDate(max)}
        weekStartsOn={0}
        required={false}
        labels={LABELS}
      />
    </div>
  );
});
