/**
 * Season windows and which dates can be booked (docs/product.md §5 Dates; docs/architecture.md readings 2–4).
 *
 * The season being sold is the year whose install window has not yet ended; its windows follow
 * docs/product.md's month/day pattern unless `settings` overrides them.
 */
import { addDays, isYmd, weekdayOf, ymd, formatMonthDay, type Ymd } from './calendar';
import type { ClosingHours } from './slots';

export interface DateWindow {
  start: Ymd;
  end: Ymd;
}

export interface SeasonWindows {
  year: number;
  install: DateWindow;
  removal: DateWindow;
  consultation: DateWindow;
  /** Install weekdays of a season the owner set (seasons.ts); WORK_DAYS when absent. */
  workDays?: readonly number[];
  /** Closing hours of a season the owner set (seasons.ts; slots.ts closingHour); the pattern when absent. */
  closingHours?: ClosingHours;
}

/** Optional windows stored in the `settings` record with key `season`. */
export type SeasonOverrides = Partial<Pick<SeasonWindows, 'install' | 'removal' | 'consultation'>>;

/** Why a removal cannot come before its installation. */
export const REMOVAL_AFTER_INSTALL = 'The removal date must be after the installation date.';

/** Install work days: Sunday, Tuesday, Friday, Saturday (docs/product.md §9 Schedule). */
export const WORK_DAYS: readonly number[] = [0, 2, 5, 6];
/** Consultations are held on Wednesdays. */
export const CONSULTATION_WEEKDAY = 3;

function validWindow(w: unknown): w is DateWindow {
  const win = w as DateWindow | undefined;
  return !!win && isYmd(win.start) && isYmd(win.end) && win.start <= win.end;
}

/** The windows of the season being sold on `today`. Invalid overrides are ignored. */
export function seasonFor(today: Ymd, overrides: SeasonOverrides = {}): SeasonWindows {
  const thisYear = Number(today.slice(0, 4));
  const year = today > ymd(thisYear, 12, 23) ? thisYear + 1 : thisYear;
  return {
    year,
    install: validWindow(overrides.install) ? overrides.install : { start: ymd(year, 11, 16), end: ymd(year, 12, 23) },
    removal: validWindow(overrides.removal) ? overrides.removal : { start: ymd(year, 12, 26), end: ymd(year + 1, 1, 31) },
    consultation: validWindow(overrides.consultation) ? overrides.consultation : { start: ymd(year, 11, 12), end: ymd(year, 12, 17) },
  };
}

/**
 * The year of the season the overrides describe: their installation or consultation window's
 * year, or the year whose December their removal window follows; null without a valid window.
 */
function overridesYear(o: SeasonOverrides): number | null {
  if (validWindow(o.install)) return Number(o.install.start.slice(0, 4));
  if (validWindow(o.consultation)) return Number(o.consultation.start.slice(0, 4));
  if (!validWindow(o.removal)) return null;
  const y = Number(o.removal.start.slice(0, 4));
  return o.removal.start.slice(5, 7) >= '07' ? y : y - 1;
}

/**
 * The windows of the season a booking installed on `installDate` belongs to, whatever today is
 * (docs/architecture.md reading 3): from December 24 the season being sold is next year's, but a
 * booking of this year still moves or adds its removal in this year's windows. The overrides
 * count when they describe that season. Not a valid date: the season being sold on `today`.
 */
export function seasonOfInstall(installDate: string, today: Ymd, overrides: SeasonOverrides = {}): SeasonWindows {
  if (!isYmd(installDate)) return seasonFor(today, overrides);
  // The season whose year the date falls in: July to December that year's, January to June the one before.
  const year = Number(installDate.slice(0, 4)) - (installDate.slice(5, 7) < '07' ? 1 : 0);
  const midYear = ymd(year, 7, 1);
  const y = overridesYear(overrides);
  return seasonFor(midYear, y === null || y === year ? overrides : {});
}

const PLURAL_DAYS = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];

/** "Tuesdays, Fridays, Saturdays and Sundays": weekdays from Monday, as the install sentence names them. */
export function workDaysText(days: readonly number[]): string {
  const names = [...new Set(days)].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7)).map((d) => PLURAL_DAYS[d] ?? '');
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function windowText(w: DateWindow): string {
  return `${formatMonthDay(w.start)} and ${formatMonthDay(w.end)}, ${w.end.slice(0, 4)}`;
}

/** Context for date checks: today, the season and blocked dates. */
export interface DateContext {
  today: Ymd;
  season: SeasonWindows;
  blocked: ReadonlySet<Ymd>;
  /**
   * The owner's own booking from the admin (docs/decisions/059): today may be chosen too, for a
   * time not yet started (notice.ts visitStarted is the caller's check); customers book from tomorrow.
   */
  sameDay?: boolean;
}

function commonProblem(date: Ymd, ctx: DateContext): string | null {
  if (!isYmd(date)) return 'Please choose a valid date.';
  if (date < ctx.today || (date === ctx.today && !ctx.sameDay)) return 'That date has passed. Please choose a date after today.';
  if (ctx.blocked.has(date)) return 'That date is not available. Please choose another date.';
  return null;
}

/** commonProblem, then whether `date` is outside the season's window for `visit` ("`held` between Dec 1 and Dec 20."). */
function seasonDateProblem(date: Ymd, ctx: DateContext, visit: 'install' | 'removal' | 'consultation', held: string): string | null {
  const w = ctx.season[visit];
  return commonProblem(date, ctx) ?? (date < w.start || date > w.end ? `${held} between ${windowText(w)}.` : null);
}

/** Why an installation date cannot be booked, or null when it can. */
export function installDateProblem(date: Ymd, ctx: DateContext): string | null {
  const problem = seasonDateProblem(date, ctx, 'install', 'Installations are scheduled');
  if (problem) return problem;
  const days = ctx.season.workDays ?? WORK_DAYS;
  if (!days.includes(weekdayOf(date))) return `Installations are scheduled on ${workDaysText(days)} only.`;
  return null;
}

/** Why a removal date cannot be booked (after `installDate`, in the removal window), or null. */
export function removalDateProblem(date: Ymd, installDate: Ymd | null, ctx: DateContext): string | null {
  const problem = seasonDateProblem(date, ctx, 'removal', 'Removals are scheduled');
  if (problem) return problem;
  if (installDate && date <= installDate) return REMOVAL_AFTER_INSTALL;
  return null;
}

/** Why a consultation date cannot be booked (Wednesdays in the window), or null. */
export function consultationDateProblem(date: Ymd, ctx: DateContext): string | null {
  const problem = seasonDateProblem(date, ctx, 'consultation', 'Consultations are held');
  if (problem) return problem;
  if (weekdayOf(date) !== CONSULTATION_WEEKDAY) return 'Consultations are held on Wednesdays only.';
  return null;
}

/** The first date after `today` that passes `problem`, within the next 400 days, or null. */
export function firstBookableDate(today: Ymd, problem: (d: Ymd) => string | null): Ymd | null {
  for (let i = 1; i <= 400; i++) {
    const d = addDays(today, i);
    if (!problem(d)) return d;
  }
  return null;
}
