/**
 * Seasons as data, set by the owner (docs/product.md §5 Dates; docs/architecture.md reading 3):
 * one `seasons` record per season year holds its windows, its install work days, when renewals
 * and public booking open, and an optional early-bird price cut. A year without a record
 * follows docs/product.md's pattern exactly (season.ts seasonFor), with the older `settings`
 * `season` override still honoured for one release. Pure; dates are YYYY-MM-DD in
 * America/New_York, amounts in cents.
 */
import { PACKAGES } from '../catalog';
import { formatCents } from '../money/cents';
import { addDays, formatLongDate, isYmd, ymd, type Ymd } from './calendar';
import { seasonFor, seasonOfInstall, WORK_DAYS, type DateWindow, type SeasonOverrides, type SeasonWindows } from './season';
import { CLOSING_HOUR_RANGE, closingWeek, formatHour, type ClosingHours } from './slots';
import type { EarlyBird } from '../money/early-bird';

// The early-bird cut lives beside the pricing that applies it, so the booking wizard's price
// does not bring the rest of the seasons' rules (docs/architecture.md "What a page loads").
export { earlyBirdCutCents, type EarlyBird } from '../money/early-bird';

/** One season as the owner set it (a `seasons` record). '' for a date not set. */
export interface SeasonRecord {
  year: number;
  install: DateWindow;
  removal: DateWindow;
  consultation: DateWindow;
  /** Install weekdays (0 Sunday … 6 Saturday). */
  workDays: readonly number[];
  /** Weekday → closing hour (12–23); a weekday left out, or {}, closes as the pattern (slots.ts closingHour). */
  closingHours: ClosingHours;
  renewalsOpen: Ymd | '';
  publicOpens: Ymd | '';
  earlyBird: EarlyBird | null;
}

/** The largest early-bird percent. */
export const EARLY_BIRD_MAX_PERCENT = 50;

/**
 * The largest early-bird amount (cents): half the cheapest package's price (its smallest tree),
 * as the percent is capped at half, so no booking's total can reach $0 (docs/decisions/059).
 */
export const EARLY_BIRD_MAX_AMOUNT_CENTS = Math.floor(Math.min(...PACKAGES.flatMap((p) => Object.values(p.pricesCents))) / 2);

/** The refusal sentences of the seasons' rules. */
export const SEASON_MESSAGES = {
  year: 'The season year must be a whole year from 2020 to 2100.',
  window: (label: string) => `The ${label} window needs a start and an end date (YYYY-MM-DD), the end on or after the start.`,
  installYear: 'The installation window must fall in the season’s year.',
  removalAfter: 'Removals must start after the last installation date.',
  workDays: 'Choose at least one work day (weekday numbers 0 to 6).',
  closingHours: `A closing hour must be a whole hour from ${formatHour(CLOSING_HOUR_RANGE.min)} to ${formatHour(CLOSING_HOUR_RANGE.max)}, given for a weekday from 0 (Sunday) to 6 (Saturday).`,
  date: (label: string) => `${label} must be a date (YYYY-MM-DD) or left empty.`,
  earlyBirdKind: "The early-bird price cut must be 'percent', 'amount' or none.",
  earlyBirdPercent: `An early-bird percent must be a whole number from 1 to ${EARLY_BIRD_MAX_PERCENT}.`,
  earlyBirdAmount: `An early-bird amount must be more than $0 and at most ${formatCents(EARLY_BIRD_MAX_AMOUNT_CENTS)}, half the cheapest package's price.`,
  earlyBirdUntil: 'An early-bird price cut needs its "Early-bird price until" date.',
  renewalsBeforePublic: "'Renewals open' must be on or before 'Public booking opens'.",
  renewalsAfterLastSeason: (year: number, lastInstall: string) =>
    `Renewals for the ${year} season can open only after the ${year - 1} installations end (${lastInstall}): until then the ${year - 1} season is the one being sold.`,
  locked: (year: number) => `The ${year} season already has a booking, so only its installation and removal end dates (only to a later date) and its early-bird price can change.`,
} as const;

/** The docs/product.md pattern for `year`, as a new season's record starts ('Add next season'). */
export function patternSeasonRecord(year: number): SeasonRecord {
  const s = seasonFor(ymd(year, 7, 1));
  return { year, install: s.install, removal: s.removal, consultation: s.consultation, workDays: [...WORK_DAYS], closingHours: {}, renewalsOpen: '', publicOpens: '', earlyBird: null };
}

/** The windows (with work days and closing hours) of a season record. */
export function recordWindows(r: SeasonRecord): SeasonWindows {
  return { year: r.year, install: r.install, removal: r.removal, consultation: r.consultation, workDays: r.workDays, closingHours: r.closingHours };
}

function recordOf(records: readonly SeasonRecord[], year: number): SeasonRecord | null {
  return records.find((r) => r.year === year) ?? null;
}

/** The last installation date of season `year`: its record's, else the pattern's December 23. */
export function lastInstallDate(year: number, records: readonly SeasonRecord[]): Ymd {
  return recordOf(records, year)?.install.end ?? ymd(year, 12, 23);
}

/**
 * Why season `r`'s 'Renewals open' is too early, or null: renewals open only once the season
 * before it is no longer the one being sold (soldSeasonYear), else the renewal's proposed
 * dates could not be booked yet (docs/decisions/056). `previousInstallEnd`: lastInstallDate of
 * the year before.
 */
export function renewalsOpenProblem(r: SeasonRecord, previousInstallEnd: Ymd): string | null {
  if (r.renewalsOpen === '' || r.renewalsOpen > previousInstallEnd) return null;
  return SEASON_MESSAGES.renewalsAfterLastSeason(r.year, formatLongDate(previousInstallEnd));
}

/**
 * The earliest 'Renewals open' date of season `year` (the form states it beside the field
 * before saving): the day after the season before's last installation (renewalsOpenProblem).
 */
export function earliestRenewalsOpen(year: number, records: readonly SeasonRecord[]): Ymd {
  return addDays(lastInstallDate(year - 1, records), 1);
}

/**
 * The year of the season being sold on `today`: this year's until its installation window
 * ends (the record's end when the owner set one, else December 23), then next year's.
 */
export function soldSeasonYear(today: Ymd, records: readonly SeasonRecord[]): number {
  const thisYear = Number(today.slice(0, 4));
  return today > lastInstallDate(thisYear, records) ? thisYear + 1 : thisYear;
}

/**
 * The windows of the season being sold on `today`: its record's, else exactly season.ts
 * seasonFor(today, legacy) (the pattern with the older `settings` override).
 */
export function soldSeason(today: Ymd, records: readonly SeasonRecord[], legacy: SeasonOverrides = {}): SeasonWindows {
  const year = soldSeasonYear(today, records);
  const rec = recordOf(records, year);
  if (rec) return recordWindows(rec);
  const pattern = seasonFor(today, legacy);
  return pattern.year === year ? pattern : seasonOfInstall(ymd(year, 11, 1), today, legacy);
}

/** The record of the season being sold on `today`, or null when that year has none. */
export function soldSeasonRecord(today: Ymd, records: readonly SeasonRecord[]): SeasonRecord | null {
  return recordOf(records, soldSeasonYear(today, records));
}

/** The season year of an installation date: July to December that year's, January to June the one before. */
export function seasonYearOfDate(date: Ymd): number {
  return Number(date.slice(0, 4)) - (date.slice(5, 7) < '07' ? 1 : 0);
}

/** The record of the season a booking installed on `installDate` belongs to, or null (no record, not a date). */
export function seasonRecordOfBooking(installDate: string, records: readonly SeasonRecord[]): SeasonRecord | null {
  return isYmd(installDate) ? recordOf(records, seasonYearOfDate(installDate)) : null;
}

/**
 * The windows of the season a booking installed on `installDate` belongs to, whatever today
 * is: its year's record, else season.ts seasonOfInstall (pattern and older override). Not a
 * valid date: the season being sold on `today`.
 */
export function seasonOfBooking(installDate: string, today: Ymd, records: readonly SeasonRecord[], legacy: SeasonOverrides = {}): SeasonWindows {
  if (!isYmd(installDate)) return soldSeason(today, records, legacy);
  const rec = recordOf(records, seasonYearOfDate(installDate));
  return rec ? recordWindows(rec) : seasonOfInstall(installDate, today, legacy);
}

/**
 * Why public booking of the season being sold is closed on `today`: before its record's
 * "Public booking opens" date, 'Booking for the 2027 season opens on Monday, September 1.';
 * null when open (no record, or no opening date).
 */
export function publicBookingClosed(today: Ymd, sold: SeasonRecord | null): string | null {
  if (!sold || !sold.publicOpens || today >= sold.publicOpens) return null;
  const long = formatLongDate(sold.publicOpens); // "Monday, September 1, 2027"
  return `Booking for the ${sold.year} season opens on ${long.slice(0, long.lastIndexOf(','))}.`;
}

/** Whether `[weekday, hour]` is one closing hour: a weekday '0'–'6' and a whole hour in CLOSING_HOUR_RANGE. */
function closingEntryValid([k, v]: [string, unknown]): boolean {
  return /^[0-6]$/.test(k) && typeof v === 'number' && Number.isInteger(v) && v >= CLOSING_HOUR_RANGE.min && v <= CLOSING_HOUR_RANGE.max;
}

function isMap(c: unknown): c is Record<string, unknown> {
  return !!c && typeof c === 'object' && !Array.isArray(c);
}

/** Whether `c` is not a closing-hours map (weekday '0'–'6' → whole hour 12–23). */
function closingHoursProblem(c: unknown): boolean {
  return !isMap(c) || !Object.entries(c).every(closingEntryValid);
}

/**
 * A stored `closing_hours` value (parsed JSON, e.g. { "6": 18 }) as ClosingHours: entries that
 * are not a weekday and a whole hour 12–23 are left out (that day closes as the pattern), and
 * anything but a map is {} (the pattern), so a bad stored value never breaks booking.
 */
export function closingHoursFrom(raw: unknown): ClosingHours {
  return isMap(raw)
    ? Object.fromEntries(
        Object.entries(raw)
          .filter(closingEntryValid)
          .map(([k, v]) => [Number(k), v as number]),
      )
    : {};
}

function windowProblem(w: DateWindow | undefined, label: string): string | null {
  return w && isYmd(w.start) && isYmd(w.end) && w.start <= w.end ? null : SEASON_MESSAGES.window(label);
}

/** Why `r` is not a valid season, or null. */
export function seasonRecordProblem(r: SeasonRecord): string | null {
  if (!Number.isInteger(r.year) || r.year < 2020 || r.year > 2100) return SEASON_MESSAGES.year;
  const bad = windowProblem(r.install, 'installation') ?? windowProblem(r.removal, 'removal') ?? windowProblem(r.consultation, 'consultation');
  if (bad) return bad;
  if (seasonYearOfDate(r.install.start) !== r.year || seasonYearOfDate(r.install.end) !== r.year) return SEASON_MESSAGES.installYear;
  if (r.removal.start <= r.install.end) return SEASON_MESSAGES.removalAfter;
  if (!Array.isArray(r.workDays) || r.workDays.length === 0 || r.workDays.some((d) => !Number.isInteger(d) || d < 0 || d > 6)) return SEASON_MESSAGES.workDays;
  if (closingHoursProblem(r.closingHours)) return SEASON_MESSAGES.closingHours;
  if (r.renewalsOpen !== '' && !isYmd(r.renewalsOpen)) return SEASON_MESSAGES.date('Renewals open');
  if (r.publicOpens !== '' && !isYmd(r.publicOpens)) return SEASON_MESSAGES.date('Public booking opens');
  if (r.renewalsOpen !== '' && r.publicOpens !== '' && r.renewalsOpen > r.publicOpens) return SEASON_MESSAGES.renewalsBeforePublic;
  const eb = r.earlyBird;
  if (eb) {
    if (eb.kind !== 'percent' && eb.kind !== 'amount') return SEASON_MESSAGES.earlyBirdKind;
    if (eb.kind === 'percent' && (!Number.isInteger(eb.value) || eb.value < 1 || eb.value > EARLY_BIRD_MAX_PERCENT)) return SEASON_MESSAGES.earlyBirdPercent;
    if (eb.kind === 'amount' && (!Number.isInteger(eb.value) || eb.value < 1 || eb.value > EARLY_BIRD_MAX_AMOUNT_CENTS)) return SEASON_MESSAGES.earlyBirdAmount;
    if (!isYmd(eb.until)) return SEASON_MESSAGES.earlyBirdUntil;
  }
  return null;
}

/** The record with only the fields a booked season may change taken from `next`: the installation and removal end dates and the early bird. */
function withEditable(old: SeasonRecord, next: SeasonRecord): SeasonRecord {
  return { ...old, install: { ...old.install, end: next.install.end }, removal: { ...old.removal, end: next.removal.end }, earlyBird: next.earlyBird };
}

function sameRecord(a: SeasonRecord, b: SeasonRecord): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(r: SeasonRecord): unknown {
  // Closing hours compare by what each weekday closes at, so {} and the pattern written out are the same.
  return [
    r.year,
    r.install,
    r.removal,
    r.consultation,
    [...r.workDays].sort(),
    closingWeek(r.closingHours),
    r.renewalsOpen,
    r.publicOpens,
    r.earlyBird && [r.earlyBird.kind, r.earlyBird.value, r.earlyBird.until],
  ];
}

/**
 * The edit rule: why `next` may not replace `old` (null for a new season), or null. Any field
 * (closing hours too) may change until the season's first booking (`hasBooking`); after it, only the installation
 * and removal end dates, and only later (a booking made in the windows stays inside them), and
 * the early bird (its kind, value and date): a price applies to bookings made after the change,
 * each booking keeping the price it stored (docs/decisions/059). `next` is checked whole first
 * (seasonRecordProblem).
 */
export function seasonEditProblem(old: SeasonRecord | null, next: SeasonRecord, hasBooking: boolean): string | null {
  const problem = seasonRecordProblem(next);
  if (problem) return problem;
  if (!old || !hasBooking) return null;
  const onlyEnds = sameRecord(withEditable(old, next), next);
  const later = next.install.end >= old.install.end && next.removal.end >= old.removal.end;
  return onlyEnds && later ? null : SEASON_MESSAGES.locked(old.year);
}
