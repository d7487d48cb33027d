/**
 * Accessible names for the day buttons of every react-day-picker calendar (booking dates,
 * consultation date, admin schedule; docs/decisions/017). react-day-picker's own "Sunday, November 1st,
 * 2026" does not hold the button's visible "1" as a word, so a speech-input user saying
 * "click 1" is not matched (WCAG 2.5.3 Label in Name). These read as the site writes dates
 * elsewhere (domain formatLongDate, "Sunday, November 1, 2026"), where the day is a bare number.
 */
import { format } from 'date-fns';
import type { Labels, Modifiers } from 'react-day-picker';

/** date-fns pattern of formatLongDate ("Sunday, November 1, 2026"); `d` is what the button shows. */
const LONG_DATE = 'EEEE, MMMM d, yyyy';

/** Modifier name → words added to a day's name when it applies, e.g. { scheduled: 'has scheduled items' }. */
export type DayHints = Readonly<Record<string, string>>;

/**
 * The accessible name of one day button: "Today, " when it is today, the long date, each
 * applying hint, then ", selected", e.g. "Today, Friday, December 4, 2026, has scheduled items,
 * selected". Formats `date`'s own calendar day, so a TZDate from a calendar with a `timeZone`
 * is named in that zone. Disabled days get no hint: the button's disabled state says it.
 */
export function dayButtonLabel(date: Date, modifiers: Modifiers, hints: DayHints = {}): string {
  const parts = [format(date, LONG_DATE)];
  if (modifiers.today) parts.unshift('Today');
  for (const [modifier, hint] of Object.entries(hints)) if (modifiers[modifier]) parts.push(hint);
  if (modifiers.selected) parts.push('selected');
  return parts.join(', ');
}

/**
 * The `labels` prop for a DayPicker, naming its day buttons with dayButtonLabel and `hints`.
 * Create it once per calendar kind (module level), not per render.
 */
export function dayPickerLabels(hints: DayHints = {}): Pick<Labels, 'labelDayButton'> {
  return { labelDayButton: (date, modifiers) => dayButtonLabel(date, modifiers, hints) };
}
