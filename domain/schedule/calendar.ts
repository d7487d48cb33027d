/**
 * Calendar dates as `YYYY-MM-DD` strings in America/New_York (docs/architecture.md reading 2).
 * Pure arithmetic on UTC dates: the server's JavaScript engine has no Intl time zones, so the
 * New York offset follows the US daylight-saving rule (second Sunday of March to first Sunday
 * of November, 2 AM local) rather than a time-zone database.
 */

/** A `YYYY-MM-DD` calendar date. */
export type Ymd = string;

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a well-formed, real calendar date such as 2026-11-24 (not 2026-02-30). */
export function isYmd(value: unknown): value is Ymd {
  if (typeof value !== 'string') return false;
  const m = YMD.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

function toUtcDate(ymd: Ymd): Date {
  if (!isYmd(ymd)) throw new Error(`Not a YYYY-MM-DD date: ${String(ymd)}`);
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function fromUtcDate(d: Date): Ymd {
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** Builds a date from a year, a month (1–12) and a day. */
export function ymd(year: number, month: number, day: number): Ymd {
  return fromUtcDate(new Date(Date.UTC(year, month - 1, day)));
}

/** Day of the week, 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: Ymd): number {
  return toUtcDate(date).getUTCDay();
}

/** The date `days` days after (or before, if negative) `date`. */
export function addDays(date: Ymd, days: number): Ymd {
  const d = toUtcDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtcDate(d);
}

/** Every date from `start` to `end`, both included. */
export function datesBetween(start: Ymd, end: Ymd): Ymd[] {
  const out: Ymd[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d);
  return out;
}

function nthSundayUtc(year: number, month: number, n: number): number {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((7 - first) % 7) + (n - 1) * 7;
}

/** UTC offset of America/New_York in hours (−4 in daylight time, −5 otherwise) at an instant. */
export function newYorkOffsetHours(instant: Date): number {
  const y = instant.getUTCFullYear();
  // 2 AM local standard time = 07:00 UTC in March; 2 AM daylight time = 06:00 UTC in November.
  const dstStart = Date.UTC(y, 2, nthSundayUtc(y, 3, 2), 7);
  const dstEnd = Date.UTC(y, 10, nthSundayUtc(y, 11, 1), 6);
  const t = instant.getTime();
  return t >= dstStart && t < dstEnd ? -4 : -5;
}

/** Epoch ms of `hour`:00 on `date` in New York (NaN for a malformed date); daylight time is −4, standard time −5. */
export function newYorkTimeMs(date: Ymd, hour: number): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  if (!y || !m || !d) return NaN;
  // The offset in force at that hour (the clocks change at 2 AM).
  const guess = Date.UTC(y, m - 1, d, hour + 5);
  return Date.UTC(y, m - 1, d, hour - newYorkOffsetHours(new Date(guess)));
}

/** Today's date in the business time zone at an instant. */
export function businessToday(now: Date): Ymd {
  const local = new Date(now.getTime() + newYorkOffsetHours(now) * 3_600_000);
  return fromUtcDate(local);
}

/** Long English form, e.g. "Tuesday, November 24, 2026". */
export function formatLongDate(date: Ymd): string {
  const d = toUtcDate(date);
  const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  return `${days[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** "November 16" style month and day. */
export function formatMonthDay(date: Ymd): string {
  const d = toUtcDate(date);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Parses a PocketBase datetime ("2026-11-20 15:04:05.000Z") or ISO string to epoch
 * milliseconds; NaN for empty or invalid input.
 */
export function parseTimestamp(value: string | null | undefined): number {
  if (!value) return NaN;
  return Date.parse(value.trim().replace(' ', 'T'));
}
