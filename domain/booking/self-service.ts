/**
 * What a customer may do with their own booking through the manage-booking link
 * (docs/product.md §9 Schedule "Reschedule or cancel within 72 hours of booking";
 * docs/decisions/027 for the reading): the rules, their deadlines and the sentences. Pure and
 * shared: the server decides with these, the /my-booking page shows the same answers. Times are
 * epoch ms; dates `YYYY-MM-DD` and slots '9-15' in America/New_York.
 */
import { cancelDeadlineMs, coolingOffEndsAtMs, POLICY, visitChangeDeadlineMs } from './policy';
import { addDays, newYorkTimeMs, type Ymd } from '../schedule/calendar';
import { parseSlotId } from '../schedule/slots';
import type { ParseResult } from './schemas';
import type { RefundLine } from '../money/ledger';
import { BookingStatus, isPaid, PaymentStatus, NO_SUCH_BOOKING } from './lifecycle';
import type { BookingFields, BookingRow } from './booking-row';

// The numbers and deadlines are the policy table's (domain/booking/policy.ts, docs/decisions/045).
export { deadlineText, visitChangeDeadlineMs } from './policy';

/** No move or cancellation of a visit this close to it (hours before its slot starts). */
export const VISIT_LOCK_HOURS = POLICY.visitLockHours;
/** After the change window, the removal may still be moved until this many days before it. */
export const REMOVAL_MOVE_DAYS = POLICY.removalMoveDays;
/** A link works until this many days after the booking's last visit. */
export const LINK_DAYS_AFTER_LAST_VISIT = POLICY.linkDaysAfterLastVisit;

export const SELF_SERVICE_MESSAGES = {
  /** The one answer for a wrong, expired, used or deleted booking's link (no hint which). */
  invalidLink: 'This link is not valid any more. Please use the link in the latest e-mail from us, or call us.',
  notChangeable: 'This booking can no longer be changed online. Please call us and we will help.',
  moveClosed: 'This visit can no longer be moved online. Please call us and we will help.',
  cancelClosed: 'This booking can no longer be cancelled online: the 72 hours after booking have passed or the installation is less than 48 hours away. Please call us.',
  sameSlot: 'That is already the time of this visit.',
  slotTaken: 'That time slot was just booked by someone else. Please choose another slot.',
  badVisit: 'Please choose the installation or the removal to move.',
  nothingDue: 'Nothing is due on this booking now.',
  installTooSoon: 'The installation can only be moved online to a time more than 48 hours away. Please choose a later date, or call us.',
  removalTooSoon: 'A removal can be booked or moved online until 7 days before it (48 hours before it in the first 72 hours after booking). Please choose a later date, or call us.',
  removalClosed: 'A removal can no longer be added to this booking online. Please call us and we will help.',
  removalPaymentOpen: 'A payment for this booking is still open. Please finish or let it expire first, or call us.',
  /** A change request whose `from` is not the visit as it is now: a stale page, or a request sent again. */
  staleRequest: 'This booking has changed since this page was opened, so nothing was changed. Please reload the page and check your booking.',
  /** A change request whose `from` is there but malformed (self-service.ts fromOf). */
  badFrom: 'This request does not say which time the page showed, so nothing was changed. Please reload the page and try again.',
} as const;

/** The sentences of sending a manage link again (domain/commands/manage-link-commands.ts). */
export const MANAGE_LINK_MESSAGES = {
  missing: 'Please choose the booking.',
  notFound: NO_SUCH_BOOKING,
  notConfirmed: 'This booking has no link to send yet: it gets one once its deposit is paid.',
  noEmail: 'This booking has no e-mail address to send the link to.',
  /** The customer's form, after every accepted request (known address or not, e-mailed or over the limit). */
  requested: 'If we have a booking under this e-mail address, its link is on its way. Please check your inbox (and spam folder) in a few minutes.',
  emailInvalid: 'Please enter the e-mail address you booked with.',
} as const;

/** A visit's date ('YYYY-MM-DD', New York) and slot ('9-15'); both '' for a removal not booked. */
export interface VisitAt {
  date: string;
  timeSlot: string;
}

/**
 * The `from` of a change request from /my-booking: the date and slot the page showed for the
 * visit it changes (docs/decisions/027). Absent (or null): ok with null, nothing to compare (a
 * request from a page made before pages sent it; kept so an old open page still works, and the
 * rule of a visit's own date and slot still guards it). Present but malformed (not an object, a
 * date that is neither 'YYYY-MM-DD' nor '', a slot that is not a short text): refused with
 * `SELF_SERVICE_MESSAGES.badFrom` (a 400), so garbage never slips past the stale-request rule.
 */
export function fromOf(body: Record<string, unknown>): ParseResult<VisitAt | null> {
  const from = body.from;
  if (from === undefined || from === null) return { ok: true, value: null };
  if (typeof from !== 'object' || Array.isArray(from)) return { ok: false, message: SELF_SERVICE_MESSAGES.badFrom };
  const f = from as Record<string, unknown>;
  if (typeof f.date !== 'string' || !/^(\d{4}-\d{2}-\d{2})?$/.test(f.date)) return { ok: false, message: SELF_SERVICE_MESSAGES.badFrom };
  if (typeof f.timeSlot !== 'string' || !/^[\w:.-]{0,20}$/.test(f.timeSlot)) return { ok: false, message: SELF_SERVICE_MESSAGES.badFrom };
  return { ok: true, value: { date: f.date, timeSlot: f.timeSlot } };
}

/**
 * Whether a request made `from` a visit is stale: it names a date or slot the visit no longer
 * has (`now`), so applying it would change a booking the customer did not see (a page left open
 * across a change, or a request sent again). A request without `from` (null) is never stale.
 */
export function isStaleFrom(from: VisitAt | null, now: VisitAt): boolean {
  return from !== null && (from.date !== now.date || from.timeSlot !== now.timeSlot);
}

/**
 * The token of a stable manage link (docs/decisions/027; lib/booking-store/manage-links.ts): the
 * HMAC-SHA256 of the booking's id and link version as 64 hex digits, written as the 43
 * base64url characters of its 32 bytes (no padding), the shape every link has had. Throws on
 * anything but 64 hex digits.
 */
export function manageTokenOfHex(hex: string): string {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('manageTokenOfHex: 64 hex digits expected');
  const ABC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const bytes: number[] = [];
  for (let i = 0; i < 64; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16));
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let c = 0; c < chars; c++) out += ABC[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

/** Epoch ms at which slot `slotId` starts on `date` in New York (NaN for a malformed slot). */
export function visitStartMs(date: Ymd, slotId: string): number {
  const slot = parseSlotId(slotId);
  return slot ? newYorkTimeMs(date, slot.startHour) : NaN;
}

/** The booking as these rules read it. */
export type SelfServiceBooking = Pick<BookingRow, 'status' | 'payment_status' | 'install_date' | 'install_time_slot' | 'removal_date' | 'removal_time_slot'> &
  BookingFields<'install_done_at' | 'removal_done_at' | 'removal_hold'> &
  SelfServiceDerived;

/** What the rules read that is not a field of the row: derived from it by the server. */
export interface SelfServiceDerived {
  /** When the deposit was paid (epoch ms, from `deposit_paid_at`): the 72-hour window counts from it. */
  depositPaidAtMs: number;
  /** Removal is the customer's choice for this booking (pricing.ts removalIsOptional). */
  removalOptional: boolean;
}

/** The booking has a removal visit (a date and slot it owns, not one held for a payment). */
export function hasRemovalVisit(b: Pick<SelfServiceBooking, 'removal_date' | 'removal_time_slot' | 'removal_hold'>): boolean {
  return !!b.removal_date && !!b.removal_time_slot && !b.removal_hold;
}

/** When a manage link for booking `b` stops working: the end of its last visit's day plus 30 days. */
export function linkExpiresAtMs(b: Pick<SelfServiceBooking, 'install_date' | 'removal_date'>): number {
  const last = b.removal_date && b.removal_date > b.install_date ? b.removal_date : b.install_date;
  return newYorkTimeMs(addDays(last, LINK_DAYS_AFTER_LAST_VISIT + 1), 0);
}

/** Whether the customer can pay the balance online now: a confirmed booking, the deposit paid, something due (cents). */
export function balancePayableOnline(b: Pick<SelfServiceBooking, 'status' | 'payment_status'>, balanceCents: number): boolean {
  return b.status === BookingStatus.Confirmed && b.payment_status === PaymentStatus.DepositPaid && balanceCents > 0;
}

/** What the customer may do now, and until when. */
export interface SelfServiceOptions {
  /** The booking is confirmed, paid and not finished: something may still be possible. */
  active: boolean;
  /** The end of the 72 hours after booking (epoch ms). */
  changeWindowEndsAtMs: number;
  moveInstall: boolean;
  moveRemoval: boolean;
  cancel: boolean;
  /** The optional removal may be added (with a date at least REMOVAL_MOVE_DAYS ahead), or its held payment finished. */
  addRemoval: boolean;
  /** Until when each is possible (epoch ms), for the page to say; null when it is not. */
  moveInstallUntilMs: number | null;
  moveRemovalUntilMs: number | null;
  cancelUntilMs: number | null;
}

/**
 * The options of booking `b` at `now`:
 * - within 72 hours of booking, a visit more than 48 hours away may be moved, and the booking
 *   cancelled (deposit refunded) while the installation is more than 48 hours away and only the
 *   deposit was paid;
 * - afterwards, only the removal may be moved, until 7 days before it;
 * - an optional removal not booked may be added at any time, on a date whose own deadline has
 *   not passed (the route checks the date);
 * - never for a booking that is not confirmed and paid, or whose visit is done.
 */
export function selfServiceOptions(b: SelfServiceBooking, now: number): SelfServiceOptions {
  const active = b.status === BookingStatus.Confirmed && isPaid(b) && Number.isFinite(b.depositPaidAtMs);
  const windowEnd = coolingOffEndsAtMs(b.depositPaidAtMs);
  const hasRemoval = hasRemovalVisit(b);
  const until = (ok: boolean, at: number) => (ok ? at : null);

  const installUntil = visitChangeDeadlineMs('install', visitStartMs(b.install_date, b.install_time_slot), windowEnd);
  const moveInstall = active && !b.install_done_at && now < installUntil;
  const removalUntil = hasRemoval ? visitChangeDeadlineMs('removal', visitStartMs(b.removal_date, b.removal_time_slot), windowEnd) : NaN;
  const moveRemoval = active && hasRemoval && !b.removal_done_at && now < removalUntil;
  const cancelUntil = cancelDeadlineMs(visitStartMs(b.install_date, b.install_time_slot), windowEnd);
  const cancel = active && !b.install_done_at && !b.removal_hold && now < cancelUntil;
  const addRemoval = active && b.removalOptional && !hasRemoval;
  return {
    active: (active && !(b.install_done_at && (!hasRemoval || b.removal_done_at))) || addRemoval,
    changeWindowEndsAtMs: windowEnd,
    moveInstall,
    moveRemoval,
    cancel,
    addRemoval,
    moveInstallUntilMs: until(moveInstall, installUntil),
    moveRemovalUntilMs: until(moveRemoval, removalUntil),
    cancelUntilMs: until(cancel, cancelUntil),
  };
}

/** A visit as /my-booking shows it. */
export interface VisitView {
  date: Ymd;
  timeSlot: string;
  /** "9 AM - 3 PM, arriving between 9 AM and 10 AM". */
  window: string;
  done: boolean;
}

/** What POST /api/fn/my-booking answers: the booking as its customer sees it, and what they may do now. */
export type MyBookingView = Pick<BookingRow, 'status' | 'notes'> & {
  reference: string;
  customerName: string;
  packageTitle: string;
  treeSize: string;
  /** The tree size's id ('7.5-9ft'), for the availability of other slots. */
  treeSizeId: string;
  luxeFinish: boolean;
  keepOrnaments: boolean;
  addons: string[];
  style: string;
  styleRequests: string;
  parkingInstructions: string;
  address: string;
  install: VisitView;
  removal: VisitView | null;
  priceLines: { label: string; amountCents: number }[];
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  /** Each refund of the booking with its state (domain/money/ledger.ts refundLines); [] when none. */
  refunds: RefundLine[];
  policies: string[];
  /** What the policy says about cancelling now: until when online, or what still can be done and whom to call (domain/booking/policy.ts). */
  cancelNotice: string;
  contact: { phone: string; email: string };
  /** What may be done now, with deadlines as ISO times (null when not possible). */
  options: {
    moveInstall: boolean;
    moveRemoval: boolean;
    cancel: boolean;
    /** The balance can be paid online now (confirmed, deposit paid, something due). */
    payBalance: boolean;
    /** The optional removal can be added; its price in cents (0: free) and whether a Checkout page for it is already open. */
    addRemoval: boolean;
    removalPriceCents: number | null;
    removalPaymentOpen: boolean;
    moveInstallUntil: string | null;
    moveRemovalUntil: string | null;
    cancelUntil: string | null;
  };
};
