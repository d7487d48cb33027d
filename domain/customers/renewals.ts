/**
 * Renewals for the next season (docs/product.md "Next season"; docs/decisions/054 for the
 * customer key, 055 for seasons as data): once the owner's "Renewals open" date of season Y has
 * come, every customer of an earlier season gets one renewal e-mail proposing last year's
 * choices and last year's install week again. This module says who is due on a day and which
 * dates are proposed. Pure: dates are YYYY-MM-DD in America/New_York, instants epoch ms; the
 * job (pb_hooks/src/lib/customers/renewals-job.ts) reads the rows and writes what it decides.
 * The proposal is a suggestion: availability is checked only when the customer books.
 */
import { addDays, formatLongDate, weekdayOf, type Ymd } from '../schedule/calendar';
import { seasonYearOfDate, type SeasonRecord } from '../schedule/seasons';
import { findSlot, type VisitKind } from '../schedule/slots';
import { isTreeSize } from '../catalog';
import { customerKey } from './customer-key';
import { erasedEmail } from '../commands/erase-customer-command';
import { bookAgainQuery, readBookAgainQuery, type BookAgainBooking, type BookAgainPrefill } from './book-again';
import { BookingStatus } from '../booking/lifecycle';
import type { BookingRow } from '../booking/booking-row';

/** The end of an erased customer's address (docs/decisions/054): never a renewal to it. */
const ERASED_SUFFIX = erasedEmail('').slice(erasedEmail('').indexOf('@'));

/** Weeks between last year's visit and the one proposed: same weekday, 364 days on. */
export const RENEWAL_WEEKS_ON = 52;

/** The fields of a booking row the renewal rules read (snake_case, as stored). */
export type RenewalBookingRow = Pick<BookingRow, 'id' | 'customer_email' | 'status' | 'deposit_paid_at' | 'install_date' | 'install_time_slot' | 'removal_date' | 'removal_time_slot' | 'tree_size'> & {
  /** The unpaid checkout's hold end (epoch ms, from `hold_expires_at`); NaN without one. */
  holdExpiresAtMs: number;
};

/** What the job knows of the customers and of renewals already made, for season `season.year`. */
export interface RenewalFacts {
  /** Today in New York. */
  today: Ymd;
  /** The job's instant (epoch ms): an unpaid hold still running counts as a booking. */
  nowMs: number;
  season: SeasonRecord;
  /** Every booking that may matter (any season, any status). */
  bookings: readonly RenewalBookingRow[];
  /** Customer keys that unsubscribed from marketing e-mail. */
  unsubscribed: ReadonlySet<string>;
  /** Customer keys that already have a renewal row for this season. */
  renewed: ReadonlySet<string>;
}

/** One customer due a renewal: their key and the booking the renewal is made from. */
export interface RenewalDue {
  emailKey: string;
  booking: RenewalBookingRow;
}

/**
 * The season whose renewals are open on `today`: the earliest record with a "Renewals open"
 * date on or before `today` whose installation window has not ended; null when none.
 */
export function renewalSeason(today: Ymd, records: readonly SeasonRecord[]): SeasonRecord | null {
  const open = records.filter((r) => r.renewalsOpen !== '' && r.renewalsOpen <= today && today <= r.install.end);
  return [...open].sort((a, b) => a.year - b.year)[0] ?? null;
}

function paidAndLive(b: RenewalBookingRow): boolean {
  return b.status !== BookingStatus.Cancelled && b.deposit_paid_at !== '';
}

/** Whether `b` holds a place in season `year`: not cancelled, and paid or an unpaid hold still running at `nowMs`. */
export function bookedIn(b: RenewalBookingRow, year: number, nowMs: number): boolean {
  if (b.status === BookingStatus.Cancelled || seasonYearOfDate(b.install_date) !== year) return false;
  if (b.deposit_paid_at !== '' || b.status !== BookingStatus.PendingPayment) return true;
  return Number.isFinite(b.holdExpiresAtMs) && b.holdExpiresAtMs > nowMs;
}

function later(a: RenewalBookingRow, b: RenewalBookingRow): boolean {
  return a.install_date !== b.install_date ? a.install_date > b.install_date : a.id > b.id;
}

/**
 * The customers due a renewal for `f.season` on `f.today`, sorted by key: those whose latest
 * non-cancelled, deposit-paid booking (by install date) is in an earlier season; not
 * unsubscribed; with no booking in the season (not cancelled, or an unpaid hold still running);
 * and no renewal row for the season yet; never an erased customer (docs/decisions/054). None
 * before the season's "Renewals open" date or after its installation window ends.
 */
export function renewalsDue(f: RenewalFacts): RenewalDue[] {
  const y = f.season.year;
  if (!f.season.renewalsOpen || f.today < f.season.renewalsOpen || f.today > f.season.install.end) return [];
  const latest = new Map<string, RenewalBookingRow>();
  const booked = new Set<string>();
  for (const b of f.bookings) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(b.install_date)) continue;
    const key = customerKey(b.customer_email);
    if (!key || key.endsWith(ERASED_SUFFIX)) continue;
    if (bookedIn(b, y, f.nowMs)) booked.add(key);
    if (!paidAndLive(b)) continue;
    const seen = latest.get(key);
    if (!seen || later(b, seen)) latest.set(key, b);
  }
  const due: RenewalDue[] = [];
  for (const [key, b] of latest) {
    if (seasonYearOfDate(b.install_date) >= y) continue;
    if (booked.has(key) || f.unsubscribed.has(key) || f.renewed.has(key)) continue;
    due.push({ emailKey: key, booking: b });
  }
  return due.sort((a, b) => (a.emailKey < b.emailKey ? -1 : a.emailKey > b.emailKey ? 1 : 0));
}

/** The dates and slots a renewal proposes ('' when none fits). */
export interface RenewalProposal {
  installDate: Ymd | '';
  installSlot: string;
  removalDate: Ymd | '';
  removalSlot: string;
}

/**
 * `target` moved into [lo, hi] and onto a day `ok` accepts: the nearest later such day, else the
 * nearest earlier one; '' when the range has none.
 */
function clampToDay(target: Ymd, lo: Ymd, hi: Ymd, ok: (d: Ymd) => boolean): Ymd | '' {
  if (lo > hi) return '';
  const start = target < lo ? lo : target > hi ? hi : target;
  for (let d = start; d <= hi; d = addDays(d, 1)) if (ok(d)) return d;
  for (let d = addDays(start, -1); d >= lo; d = addDays(d, -1)) if (ok(d)) return d;
  return '';
}

function sameSlot(size: string, date: Ymd | '', kind: VisitKind, id: string): string {
  if (!date || !isTreeSize(size)) return '';
  return findSlot(size, date, kind, id)?.id ?? '';
}

/**
 * The proposal for `last` (the booking the renewal is made from) in `season`, made on `today`:
 * the install date 52 weeks on (same weekday), moved into the season's installation window,
 * after today, onto a work day and off `blocked` days (the nearest later one, else the nearest
 * earlier); the removal likewise 52 weeks on, into the removal window, after the proposed
 * install; each with last year's slot when that slot is offered on the new date for the size,
 * else '' (the customer picks). No removal when last year's booking had none.
 */
export function proposeRenewal(
  last: Pick<RenewalBookingRow, 'install_date' | 'install_time_slot' | 'removal_date' | 'removal_time_slot' | 'tree_size'>,
  season: SeasonRecord,
  today: Ymd,
  blocked: ReadonlySet<Ymd> = new Set(),
): RenewalProposal {
  const days = RENEWAL_WEEKS_ON * 7;
  const tomorrow = addDays(today, 1);
  const installLo = season.install.start > tomorrow ? season.install.start : tomorrow;
  const installDate = clampToDay(addDays(last.install_date, days), installLo, season.install.end, (d) => season.workDays.includes(weekdayOf(d)) && !blocked.has(d));
  let removalDate: Ymd | '' = '';
  if (installDate && /^\d{4}-\d{2}-\d{2}$/.test(last.removal_date)) {
    const after = addDays(installDate, 1);
    const lo = season.removal.start > after ? season.removal.start : after;
    removalDate = clampToDay(addDays(last.removal_date, days), lo, season.removal.end, (d) => !blocked.has(d));
  }
  return {
    installDate,
    installSlot: sameSlot(last.tree_size, installDate, 'install', last.install_time_slot),
    removalDate,
    removalSlot: sameSlot(last.tree_size, removalDate, 'removal', last.removal_time_slot),
  };
}

/** What 'Reserve my week again' opens the wizard with (GET /api/fn/renewal): last year's contact and choices, the proposal, the season and its early bird. */
export interface RenewalPrefill extends BookAgainPrefill {
  installDate: Ymd | '';
  installSlot: string;
  removalDate: Ymd | '';
  removalSlot: string;
  season: number;
  /** While the season's early-bird price lasts: its last day and the sentence the wizard shows; else null. */
  earlyBird: { until: Ymd; label: string } | null;
}

/**
 * The prefill of a renewal made from booking `last` (its contact and choices read as 'Book
 * again' reads them, domain/customers/book-again.ts, so the two cannot disagree) with
 * `proposal`, for `season` on `today`.
 */
export function renewalPrefill(
  contact: { name: string; email: string; phone: string; address: string },
  last: BookAgainBooking,
  proposal: RenewalProposal,
  season: SeasonRecord,
  today: Ymd,
): RenewalPrefill {
  const q = bookAgainQuery(contact, last);
  const base = readBookAgainQuery((k) => q[k] ?? null)!;
  const eb = season.earlyBird && today <= season.earlyBird.until ? season.earlyBird : null;
  return {
    ...base,
    installDate: proposal.installDate,
    installSlot: proposal.installSlot,
    removalDate: proposal.removalDate,
    removalSlot: proposal.removalSlot,
    season: season.year,
    earlyBird: eb ? { until: eb.until, label: `Early-bird price until ${formatLongDate(eb.until)}` } : null,
  };
}

/** The sentences of a renewal link bound to its customer (docs/decisions/058). */
export const RENEWAL_LINK_MESSAGES = {
  /** The one answer for every kind of dead renewal or unsubscribe link (404). */
  invalid: 'This link is not valid.',
  /** POST /api/fn/renewal with an address the renewal was not sent to (403). */
  wrongEmail: 'That is not the e-mail address this renewal was sent to. Please type the address the e-mail came to.',
  /** POST /api/fn/renewal without an address (400). */
  emailMissing: 'Please type the e-mail address this renewal was sent to.',
  /** A checkout before public booking with another customer's renewal (403). */
  otherCustomer: 'This renewal link is for the customer it was sent to. Please book with the e-mail address it came to, or wait until booking opens to everyone.',
  /** A checkout before public booking with a renewal that has already booked (409). */
  used: 'This renewal link has already been used for a booking. Please check your e-mail for its confirmation, or call us.',
} as const;

/** The sentence of a renewal link whose season's public booking has opened (410): `year` the season. */
export function renewalEndedMessage(year: number): string {
  return `Booking for the ${year} season is open to everyone now, so this renewal link has ended. Please book online as usual.`;
}

/** Whether a renewal link has ended on `today`: its season has a "Public booking opens" date and it has come (docs/decisions/058). */
export function renewalLinkEnded(today: Ymd, season: Pick<SeasonRecord, 'publicOpens'>): boolean {
  return !!season.publicOpens && today >= season.publicOpens;
}

const MASK = '•••';

/** `word` shown by its first character only ('Ann' → 'A•••'). */
function maskWord(word: string): string {
  return word ? `${Array.from(word)[0]}${MASK}` : '';
}

/**
 * The contact of a renewal as shown before the customer has typed their e-mail (docs/decisions/058):
 * each word of the name and the address by its first character, the e-mail's name and domain
 * by their first character (the ending kept: 'a•••@e•••.com'), the phone by its last two digits.
 * Enough for the customer to recognise, too little to learn anything from.
 */
export function maskedContact(c: { name: string; email: string; phone: string; address: string }): { name: string; email: string; phone: string; address: string } {
  const at = c.email.lastIndexOf('@');
  const local = at > 0 ? c.email.slice(0, at) : c.email;
  const domain = at > 0 ? c.email.slice(at + 1) : '';
  const dot = domain.lastIndexOf('.');
  const email = domain ? `${maskWord(local)}@${maskWord(dot > 0 ? domain.slice(0, dot) : domain)}${dot > 0 ? domain.slice(dot) : ''}` : maskWord(local);
  const digits = c.phone.replace(/\D/g, '');
  return {
    name: c.name.split(/\s+/).filter(Boolean).map(maskWord).join(' '),
    email,
    phone: digits.length >= 2 ? `${MASK}-${MASK}-••${digits.slice(-2)}` : '',
    address: c.address ? `${MASK} (on file)` : '',
  };
}

/** A renewal as the checkout judges it: the customer key it was sent to and the booking made with it (null when none). */
export interface RenewalUse {
  emailKey: string;
  /** The booking last made with this renewal, with its wizard ('' when none), or null. */
  madeBooking: (RenewalBookingRow & { wizard_id: string }) | null;
}

/**
 * Why a checkout before public booking may not use `renewal` (docs/decisions/058), or null when
 * it may: the checkout's e-mail must be the customer's (`customerKey` of both, 403
 * RENEWAL_LINK_MESSAGES.otherCustomer), and the renewal must not have booked already (409
 * `used`): a booking made with it that is not cancelled and is paid, or an unpaid hold still
 * running at `nowMs`, uses it up, unless that hold is of the same wizard (`wizardId`), which
 * this checkout replaces.
 */
export function renewalCheckoutRefusal(renewal: RenewalUse, checkout: { email: string; wizardId: string }, nowMs: number): { status: 403 | 409; message: string } | null {
  if (!renewal.emailKey || customerKey(checkout.email) !== renewal.emailKey) return { status: 403, message: RENEWAL_LINK_MESSAGES.otherCustomer };
  const made = renewal.madeBooking;
  if (!made) return null;
  const sameWizardHold = !!checkout.wizardId && made.wizard_id === checkout.wizardId && made.status === BookingStatus.PendingPayment && made.deposit_paid_at === '';
  if (sameWizardHold) return null;
  return bookedIn(made, seasonYearOfDate(made.install_date), nowMs) ? { status: 409, message: RENEWAL_LINK_MESSAGES.used } : null;
}
