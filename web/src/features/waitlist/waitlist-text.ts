/**
 * The waitlist's words and small rules shared by its pages (the waitlist contract, "UI"): pure,
 * so the unit tests check them. Dates are YYYY-MM-DD in New York; instants are ISO strings shown
 * on New York's clock, as the server's sentences are.
 */
import { formatLongDate, isYmd } from '@domain/schedule/calendar';

/** "Saturday, December 12": a waitlist date as the server's sentences name it (no year). */
export function waitlistDay(date: string): string {
  return isYmd(date) ? formatLongDate(date).replace(/, \d{4}$/, '') : date;
}

/** "Saturday": the weekday alone, for 'Tell me if Saturday frees up'. */
export function weekdayName(date: string): string {
  return waitlistDay(date).split(',')[0] ?? date;
}

const clock = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' });
const dayOf = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * When an offer's hold ends, on New York's clock: "8:00 PM" when that is on `today`
 * (YYYY-MM-DD, New York), else "Friday, December 11, 8:00 PM". '' for an unreadable instant.
 */
export function heldUntil(iso: string, today: string): string {
  const ms = Date.parse(iso.replace(' ', 'T'));
  if (Number.isNaN(ms)) return '';
  const time = clock.format(ms);
  const day = dayOf.format(ms);
  return day === today ? time : `${waitlistDay(day)}, ${time}`;
}

/** Today's date in New York at `nowMs`. */
export function newYorkToday(nowMs: number): string {
  return dayOf.format(nowMs);
}

/** The sentence shown once joined. */
export function joinedSentence(date: string): string {
  return `You're on the waitlist for ${waitlistDay(date)}. We'll e-mail you if a time frees up.`;
}

/**
 * What the offer page says after 'No thanks': that the time went to the next person waiting
 * when it did (`passedOn`, the server's answer), else that nobody else waits and the time is
 * open for anyone to book.
 */
export function declinedSentence(passedOn: boolean): string {
  return passedOn
    ? 'Thank you for letting us know. We have offered the time to the next person waiting.'
    : 'Thank you for letting us know. Nobody else is waiting for this day, so the time is open again for anyone to book.';
}
