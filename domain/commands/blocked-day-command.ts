/**
 * The owner's choice for a visit on a day she blocked (docs/product.md §5 Dates; blocked dates
 * in docs/decisions/015): after blocking a day that already has visits, she moves each (the
 * owner's move), e-mails its customer a message of her own, or keeps it. The choice is stored
 * on the booking by date (`blocked_day_choices`, { 'YYYY-MM-DD': 'keep' | 'emailed' }); until
 * she chose 'keep', no reminder goes out for a visit on a blocked day (blockedDayHoldsReminder).
 * An e-mail is sent once per key (the same request again answers the same and sends nothing).
 * Pure.
 */
import { isYmd, type Ymd } from '../schedule/calendar';
import { normalizeText } from '../text';
import { decided, refuse, type Command, whenFound } from './command';
import { BookingStatus, NO_SUCH_BOOKING } from '../booking/lifecycle';
import type { BookingRow } from '../booking/booking-row';

export type BlockedDayChoice = 'keep' | 'email';
/** What is stored per date: the visit kept, or its customer e-mailed. */
export type StoredBlockedDayChoice = 'keep' | 'emailed';
export type BlockedDayChoices = Readonly<Record<string, StoredBlockedDayChoice>>;

/** Longest message to the customer, in characters. */
export const BLOCKED_DAY_MESSAGE_MAX = 2_000;

export const BLOCKED_DAY_MESSAGES = {
  missing: 'Please choose the booking and the blocked day.',
  choice: 'Please choose to keep the visit or to e-mail the customer.',
  message: 'Please write the message to the customer.',
  messageLong: 'The message can be at most 2,000 characters.',
  notFound: NO_SUCH_BOOKING,
  notBlocked: 'That day is not blocked any more.',
  noVisit: 'This booking has no visit on that day any more.',
  cancelled: 'This booking is cancelled.',
} as const;
const M = BLOCKED_DAY_MESSAGES;

export interface BlockedDayInput {
  bookingId: string;
  date: Ymd;
  choice: BlockedDayChoice;
  /** The owner's words to the customer ('' when keeping). */
  message: string;
}

export interface BlockedDayState {
  booking: (Pick<BookingRow, 'id' | 'status' | 'install_date' | 'removal_date'> & { choices: BlockedDayChoices }) | null;
  /** Whether the input's date is blocked now. */
  blocked: boolean;
}

/** The e-mail to the customer: the server composes it from the booking as stored. */
export interface BlockedDayMail {
  bookingId: string;
  date: Ymd;
  visit: 'install' | 'removal';
  message: string;
}

export interface BlockedDayAnswer {
  bookingId: string;
  choice: StoredBlockedDayChoice;
}

/** Checks { bookingId, date, choice, message? } (a message is required to e-mail). */
export function parseBlockedDayChoice(body: Record<string, unknown>): { ok: true; value: BlockedDayInput } | { ok: false; message: string } {
  const bookingId = typeof body.bookingId === 'string' ? body.bookingId.trim() : '';
  const date = body.date;
  if (!bookingId || !isYmd(date)) return { ok: false, message: M.missing };
  const choice = body.choice;
  if (choice !== 'keep' && choice !== 'email') return { ok: false, message: M.choice };
  const message = typeof body.message === 'string' ? normalizeText(body.message, 'multiline') : '';
  if (choice === 'email' && !message) return { ok: false, message: M.message };
  if (message.length > BLOCKED_DAY_MESSAGE_MAX) return { ok: false, message: M.messageLong };
  return { ok: true, value: { bookingId, date, choice, message: choice === 'email' ? message : '' } };
}

/**
 * Whether a reminder for a visit on `date` waits for the owner: the day is blocked and she has
 * not chosen to keep the visit (an e-mailed customer was told about the day in her own words).
 */
export function blockedDayHoldsReminder(date: Ymd, blocked: ReadonlySet<string>, choices: BlockedDayChoices): boolean {
  return blocked.has(date) && choices[date] !== 'keep';
}

/** The stored choices from the booking's JSON field (anything else reads as none). */
export function blockedDayChoicesOf(raw: unknown): BlockedDayChoices {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: Record<string, StoredBlockedDayChoice> = {};
  for (const [date, choice] of Object.entries(raw as Record<string, unknown>)) if (isYmd(date) && (choice === 'keep' || choice === 'emailed')) out[date] = choice;
  return out;
}

export const blockedDayCommand: Command<BlockedDayInput, BlockedDayState, BlockedDayMail, BlockedDayAnswer> = {
  name: 'blocked-day-choice',
  parse: (body) => parseBlockedDayChoice(body),
  idempotency: { by: 'key', header: 'required', fingerprint: (i) => JSON.stringify([i.bookingId, i.date, i.choice, i.message]) },
  decide: whenFound('booking', M.notFound, (b, state, input) => {
    if (b.status === BookingStatus.Cancelled) return refuse(409, M.cancelled);
    const visit = b.install_date === input.date ? 'install' : b.removal_date === input.date ? 'removal' : null;
    if (!visit) return refuse(409, M.noVisit);
    if (!state.blocked) return refuse(409, M.notBlocked);
    const stored: StoredBlockedDayChoice = input.choice === 'keep' ? 'keep' : 'emailed';
    const changes = [{ op: 'update' as const, collection: 'bookings', id: b.id, fields: { blocked_day_choices: { ...b.choices, [input.date]: stored } } }];
    const answer = { bookingId: b.id, choice: stored };
    if (input.choice === 'keep') return decided(changes, answer);
    return { changes, mails: [{ bookingId: b.id, date: input.date, visit, message: input.message }], answer };
  }),
};

/** A booking as the list of visits on blocked days reads it. */
export type BlockedDayBooking = Pick<BookingRow, 'id' | 'customer_name' | 'status' | 'install_date' | 'removal_date' | 'blocked_day_choices'>;

/** One visit on a blocked day, with the owner's choice so far (null: none yet). */
export interface VisitOnBlockedDay {
  bookingId: string;
  customerName: string;
  visit: 'install' | 'removal';
  date: Ymd;
  choice: StoredBlockedDayChoice | null;
}

/**
 * The visits of `bookings` on `days` (`YYYY-MM-DD`), cancelled bookings left out, by date then
 * name, each with the owner's stored choice: what the owner is shown before blocking a day and
 * after, to move, e-mail or keep each. Pure.
 */
export function visitsOnDays(bookings: readonly BlockedDayBooking[], days: ReadonlySet<string>): VisitOnBlockedDay[] {
  const out: VisitOnBlockedDay[] = [];
  for (const b of bookings) {
    if (b.status === BookingStatus.Cancelled) continue;
    const choices = blockedDayChoicesOf(b.blocked_day_choices);
    for (const [visit, date] of [
      ['install', b.install_date],
      ['removal', b.removal_date],
    ] as const) {
      if (date && days.has(date)) out.push({ bookingId: b.id, customerName: b.customer_name, visit, date, choice: choices[date] ?? null });
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.customerName.localeCompare(b.customerName));
}
