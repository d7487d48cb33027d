/**
 * The first look (docs/decisions/044-first-look.md): on a device that does not yet hold the
 * bookings and consultations in full, the ones with a visit in the ten days from today are
 * read in one request each, before the full pull, so the owner's day is on screen while the
 * season's other records are still on their way. The rows are the server's own, applied by the
 * mirror's rules (the pull later brings the same rows again, harmlessly); the window they cover
 * is stored with each collection's cursor until its pull has read to the end.
 */
import { addDays, type Ymd } from '@domain/schedule/calendar';
import type { DateWindow } from '@domain/schedule/day-plan';
import type { Mirror } from './mirror';
import type { SyncTransport } from './transport';

/** The collections of the day plan and their visit dates (text fields, `YYYY-MM-DD`). */
export const FIRST_LOOK_FIELDS = {
  bookings: ['install_date', 'removal_date'],
  consultation_requests: ['consultation_date'],
} as const;
export type FirstLookCollection = keyof typeof FIRST_LOOK_FIELDS;

/**
 * Days after today the window ends: the day plan shows today, or the next day with work, and
 * the week after it, so a window this long serves a day with work up to three days ahead.
 */
export const FIRST_LOOK_DAYS_AFTER = 10;
/** Rows per collection at most (PocketBase's largest page); a window this full is not taken. */
export const FIRST_LOOK_LIMIT = 1000;

/** The first look's dates from `today` (the server's date in New York, as the day plan's). */
export function firstLookWindow(today: Ymd): DateWindow {
  return { from: today, to: addDays(today, FIRST_LOOK_DAYS_AFTER) };
}

/**
 * Reads the bookings and consultations with a visit inside `window` and applies them to the
 * mirror with the window, in one transaction. Resolves true when applied; false when a
 * collection came back full (more than the limit may be there: the pull decides alone) or
 * `stopped()` turned true meanwhile. Rejects with the transport's or the database's error,
 * having written nothing.
 */
export async function takeFirstLook(mirror: Mirror, transport: SyncTransport, window: DateWindow, stopped: () => boolean = () => false): Promise<boolean> {
  const collections = Object.keys(FIRST_LOOK_FIELDS) as FirstLookCollection[];
  const answers = await Promise.all(collections.map((c) => transport.listWindow(c, FIRST_LOOK_FIELDS[c], window, FIRST_LOOK_LIMIT)));
  if (stopped() || answers.some((rows) => rows.length >= FIRST_LOOK_LIMIT)) return false;
  await mirror.applyWindow(
    collections.map((collection, i) => ({ collection, rows: answers[i]! })),
    window,
  );
  return true;
}
