/**
 * Cancelling a booking, as two commands: the customer's through the manage link
 * (`my-booking/cancel`, docs/decisions/027 and 045: within the cooling-off window, everything
 * paid refunded) and the owner's from the admin (`admin-bookings/cancel`, docs/decisions/032:
 * the deposit refunded or kept, anything beyond it refunded). The status and reason come from
 * `transition` (domain/booking/lifecycle.ts); the refunds to queue and `payment_status` from
 * the ledger (domain/money/ledger.ts refundsToQueue, paymentStatusOf), each refund queued its
 * own way (a card 'pending' for Stripe, money paid by hand 'to_return'), as
 * pb_hooks/src/lib/ledger-records.ts queueLedgerRefunds writes them for a late
 * payment. The refunds themselves run after the commit, outside the transaction (Stripe).
 * Pure.
 */
import { BookingStatus, transition, NO_SUCH_BOOKING } from '../booking/lifecycle';
import { keptOnCancel, type Kept } from '../booking/policy';
import { bookingLedger, bookingMoneyRow, chargeMoneyRow, type LooseRow } from '../money/booking-money';
import { formatCents } from '../money/cents';
import { refundsToQueue, refundWrites, type ChargeMoneyRow, type LedgerBooking, type Movement } from '../money/ledger';
import { normalizeText } from '../text';
import { fromOf, isStaleFrom, SELF_SERVICE_MESSAGES as M, selfServiceOptions, type VisitAt } from '../booking/self-service';
import { decided, refuse, type Change, type Command, type FieldValue, whenFound } from './command';
import { historyLine, lifecycleOfFacts, type BookingFacts, type ChangeTokens } from './booking-changes';

export const OWNER_CANCEL_MESSAGES = {
  missing: 'Please choose the booking to cancel.',
  refundChoice: 'Please choose whether to refund the deposit or keep it.',
  notFound: NO_SUCH_BOOKING,
  notConfirmed: 'Only a confirmed booking can be cancelled here.',
  refundAmount: 'Please enter the refund as a whole number of cents, 0 or more.',
  messageLong: 'Please keep the message to the customer under 1,000 characters.',
} as const;

/** The longest personal message the owner may add to the customer's cancellation e-mail (characters, after normalising). */
export const CANCEL_MESSAGE_MAX = 1000;

/** The booking's money as stored. */
export interface MoneyState {
  /** Its movements (pb_hooks/src/lib/ledger-records.ts movementsOfRecords). */
  movements: readonly Movement[];
  /** `total_price` and `deposit_amount`, in cents. */
  totalCents: number;
  depositCents: number;
  /** The charges' rows as the ledger reads them (their refunds so far with them). */
  charges: readonly ChargeMoneyRow[];
}

/** What the ledger writes when a booking is cancelled. */
export interface CancelLedger {
  /** `deposit_refund` (and `deposit_refund_amount` for part of it) when the deposit is refunded; the runner derives `payment_status` after (docs/decisions/061). */
  bookingFields: Record<string, FieldValue>;
  /** Each charge refunded: its `refund_status` and `refund_amount`. */
  changes: Change[];
  /** The refunds queued (none: nothing to give back). */
  refunds: Movement[];
}

/**
 * The ledger's writes when the booking with `money` is cancelled keeping `kept` (policy.ts
 * keptOnCancel): the refunds that bring what it holds down to what it is owed, newest payment
 * first, each queued its own way ('pending' a card, for Stripe; 'to_return' by hand; written as
 * the ledger's refundWrites says, as for a late payment), and its `payment_status` once they are
 * queued. `chosen` (ownerRefundSplit's refunds) replaces the policy's refunds when the owner
 * chose the amount; `kept` must then be 'nothing' only when they give back the whole deposit
 * (a part of it given back keeps 'deposit': the ledger keeps the rest, ledger.ts moneyOf).
 */
export function cancelLedger(money: MoneyState, kept: Kept, chosen?: readonly Movement[]): CancelLedger {
  const book: LedgerBooking = { totalCents: money.totalCents, depositCents: money.depositCents, cancelled: true, kept };
  // `chosen`: the owner's own amount, already split by ownerRefundSplit.
  const refunds = chosen ? [...chosen] : refundsToQueue(money.movements, book);
  const writes = refundWrites(money.charges, refunds, money.depositCents);
  const bookingFields: Record<string, FieldValue> = writes.depositRefund ? { deposit_refund: writes.depositRefund } : {};
  // Written only for part of the deposit: 0, as on every older row, is the whole of it.
  if (writes.depositRefundCents > 0) bookingFields.deposit_refund_amount = writes.depositRefundCents;
  return {
    bookingFields,
    changes: [...writes.charges].map(([id, fields]) => ({ op: 'update' as const, collection: 'charges', id, fields: fields as Record<string, FieldValue> })),
    refunds,
  };
}

/**
 * A booking's money as the cancel reads it, from plain rows (a mirror's booking and its charges,
 * domain/money/booking-money.ts), so the admin shows the same range the server will check.
 */
export function moneyStateOfRows(booking: LooseRow, charges: readonly LooseRow[]): MoneyState {
  const b = bookingMoneyRow(booking);
  return { movements: bookingLedger(booking, charges).movements, totalCents: b.total_price, depositCents: b.deposit_amount, charges: charges.map(chargeMoneyRow) };
}

const sumCents = (ms: readonly Movement[]) => ms.reduce((t, m) => t + m.amountCents, 0);

/** What the owner's cancel may refund of booking money `money`, in cents. */
export interface OwnerRefundRange {
  /** Everything the payments still hold (the ledger's `refundable`, less refunds already queued). */
  refundableCents: number;
  /** Of it, the deposit's (0 when already given back): refunded last, whole or in part. */
  depositCents: number;
  /** What the policy refunds when the owner refunds the deposit, and when she keeps it (docs/decisions/032, 045). */
  policyRefundCents: number;
  policyKeepCents: number;
}

/** The refunds of cancelling with nothing kept: every payment still held, newest first (ledger refundsToQueue). */
function everythingBack(money: MoneyState): Movement[] {
  return refundsToQueue(money.movements, { totalCents: money.totalCents, depositCents: money.depositCents, cancelled: true, kept: 'nothing' });
}

/** The range of the owner's refund on cancelling a booking with `money`, and the policy's two amounts (the dialog's defaults). Cents. */
export function ownerRefundRange(money: MoneyState): OwnerRefundRange {
  const all = everythingBack(money);
  return {
    refundableCents: sumCents(all),
    depositCents: sumCents(all.filter((r) => r.of === 'deposit')),
    policyRefundCents: sumCents(cancelLedger(money, 'nothing').refunds),
    policyKeepCents: sumCents(cancelLedger(money, 'deposit').refunds),
  };
}

/** The owner's refund split over the payments: the refunds to queue and how much of the deposit they give back. */
export interface OwnerRefundSplit {
  refunds: Movement[];
  /** Cents of the deposit given back: 0 (kept), part of it, or all of it (`depositWhole`). */
  depositRefundCents: number;
  /** The whole deposit still held is given back (the booking then keeps nothing). */
  depositWhole: boolean;
}

/**
 * The owner's own refund of `cents` on cancelling a booking with `money`, split over its payments
 * by the ledger (docs/decisions/045): the payments after the deposit first, newest first, each in
 * part if need be (a charge's refund may be partial, `refund_amount`), then the deposit, the
 * oldest, whole or in part (`deposit_refund_amount`). Each refund its own way (a card 'pending'
 * for Stripe, cash or a check 'to_return'). Refused (a sentence) above what is refundable. Cents.
 */
export function ownerRefundSplit(money: MoneyState, cents: number): OwnerRefundSplit | { refused: string } {
  // Newest first, so the deposit (the oldest payment) comes last (ledger.ts refundsToQueue).
  const all = everythingBack(money);
  const refundableCents = sumCents(all);
  if (cents > refundableCents) return { refused: `The refund can be at most ${formatCents(refundableCents)}, what this booking can still give back.` };
  const refunds: Movement[] = [];
  let left = cents;
  for (const r of all) {
    if (left <= 0) break;
    const part = Math.min(left, r.amountCents);
    left -= part;
    refunds.push({ ...r, amountCents: part });
  }
  const depositRefund = refunds.find((r) => r.of === 'deposit');
  const depositHeld = sumCents(all.filter((r) => r.of === 'deposit'));
  return { refunds, depositRefundCents: depositRefund?.amountCents ?? 0, depositWhole: !!depositRefund && depositRefund.amountCents >= depositHeld };
}

/** What either cancel reads of a booking it may cancel. */
export interface CancelTarget {
  booking: BookingFacts;
  money: MoneyState;
  /** Charges in flight or waiting on their payment page (balance-charges.ts openCharges). */
  openCharges: number;
  tokens: Pick<ChangeTokens, 'liveLinkIds' | 'historyClientId'>;
}

/**
 * The writes of cancelling `t.booking` by `by` keeping `kept`, or the refusal `transition`
 * gives: status, reason and calendar SEQUENCE, the ledger's refunds, the history line. The
 * links stay: a cancelled booking's link shows it, read-only (docs/decisions/027).
 */
function cancelChanges(
  t: CancelTarget,
  by: 'customer' | 'owner',
  kept: Kept,
  history: string,
  nowMs: number,
  staffId = '',
  owner: { chosen?: readonly Movement[]; message?: string } = {},
): { changes: Change[]; refunds: Movement[] } | { refused: string } {
  const b = t.booking;
  const next = transition(lifecycleOfFacts(b), { type: 'cancel', by });
  if (!next.ok) return { refused: next.reason };
  const ledger = cancelLedger(t.money, kept, owner.chosen);
  // The owner's personal message, read by the cancellation e-mail whichever path sends it (lib/mail/booking-change.ts).
  const message: Record<string, FieldValue> = owner.message ? { cancel_message: owner.message } : {};
  return {
    refunds: ledger.refunds,
    changes: [
      ...ledger.changes,
      {
        op: 'update',
        collection: 'bookings',
        id: b.id,
        fields: { status: next.state.status, cancel_reason: next.state.cancelReason, ics_sequence: b.ics_sequence + 1, ...ledger.bookingFields, ...message },
      },
      historyLine(b.id, by === 'owner' ? 'owner_change' : 'customer_change', history, t.tokens.historyClientId, nowMs, staffId),
    ],
  };
}

/** The customer's cancel: the token, and the installation as the page showed it (null when the request names none). */
export interface CustomerCancelInput {
  token: string;
  from: VisitAt | null;
}

export interface CustomerCancelState {
  /** The booking the token opens now, or null for a dead link. */
  found: CancelTarget | null;
  /** The sentence when a payment is still going through (open-collections.ts PAYMENT_GOING_THROUGH). */
  paymentGoingThrough: string;
}

export interface CancelAnswer {
  bookingId: string;
  /** Refunds were queued by this cancel; `refund`: the owner chose to refund the deposit (the customer's always does). */
  refundsQueued: boolean;
  refund: boolean;
}

/** An e-mail about a cancellation: the customer's letter or the owner's notice. */
export interface CancellationMail {
  bookingId: string;
  to: 'customer' | 'owner';
}

export const customerCancelCommand: Command<CustomerCancelInput, CustomerCancelState, CancellationMail, CancelAnswer> = {
  name: 'my-booking/cancel',
  parse: (body) => {
    const from = fromOf(body);
    return from.ok ? { ok: true, value: { token: typeof body.token === 'string' ? body.token.trim() : '', from: from.value } } : from;
  },
  idempotency: { by: 'natural', header: 'none', why: 'a cancelled booking cannot be cancelled again, and a request naming an installation the booking no longer has is refused' },
  decide: whenFound('found', M.invalidLink, (t, state, input, nowMs) => {
    // The page showed another installation: the customer decided on a booking that has changed since.
    if (isStaleFrom(input.from, { date: t.booking.install_date, timeSlot: t.booking.install_time_slot })) return refuse(409, M.staleRequest);
    if (!selfServiceOptions(t.booking, nowMs).cancel) return refuse(409, M.cancelClosed);
    if (t.openCharges > 0) return refuse(409, state.paymentGoingThrough);
    // Within the cooling-off window everything paid is refunded, each payment its own way.
    const made = cancelChanges(t, 'customer', keptOnCancel('customer', true), 'The customer cancelled the booking; everything paid is refunded.', nowMs);
    if ('refused' in made) return refuse(409, made.refused);
    // The refunds' own path e-mails the customer once they are made (lib/payments/refund.ts).
    return decided(made.changes, { bookingId: t.booking.id, refundsQueued: made.refunds.length > 0, refund: true });
  }),
};

export interface OwnerCancelInput {
  bookingId: string;
  /** Refund the deposit (true) or keep it (false); with `refundCents`, only what the answer says. */
  refund: boolean;
  /** The owner's own refund in cents, 0..refundable (ownerRefundSplit); absent: what the policy refunds for `refund`. */
  refundCents?: number;
  /** A personal message for the customer's cancellation e-mail: plain text, normalised, at most CANCEL_MESSAGE_MAX characters; '' none. */
  message?: string;
}

export interface OwnerCancelState {
  /** The booking, or null when no booking has the id. */
  found: CancelTarget | null;
  /** The sentence when a payment is still moving (balance-charge.ts CHARGE_MESSAGES.deleteInFlight). */
  paymentInFlight: string;
  staffId: string;
}

export const ownerCancelCommand: Command<OwnerCancelInput, OwnerCancelState, CancellationMail, CancelAnswer> = {
  name: 'admin-bookings/cancel',
  parse(body) {
    const bookingId = typeof body.bookingId === 'string' ? body.bookingId.trim() : '';
    if (!bookingId) return { ok: false, message: OWNER_CANCEL_MESSAGES.missing };
    if (typeof body.refund !== 'boolean') return { ok: false, message: OWNER_CANCEL_MESSAGES.refundChoice };
    const value: OwnerCancelInput = { bookingId, refund: body.refund };
    if (body.refundCents !== undefined && body.refundCents !== null) {
      if (typeof body.refundCents !== 'number' || !Number.isSafeInteger(body.refundCents) || body.refundCents < 0) return { ok: false, message: OWNER_CANCEL_MESSAGES.refundAmount };
      value.refundCents = body.refundCents;
    }
    if (body.message !== undefined && body.message !== null) {
      const message = typeof body.message === 'string' ? normalizeText(body.message, 'multiline') : '';
      if (typeof body.message !== 'string' || message.length > CANCEL_MESSAGE_MAX) return { ok: false, message: OWNER_CANCEL_MESSAGES.messageLong };
      if (message) value.message = message;
    }
    return { ok: true, value };
  },
  idempotency: { by: 'natural', header: 'required', why: 'a booking already cancelled answers as it is and changes nothing (the outbox may send the same cancel again)' },
  decide: whenFound('found', OWNER_CANCEL_MESSAGES.notFound, (t, state, input, nowMs) => {
    const b = t.booking;
    const answer = { bookingId: b.id, refundsQueued: false, refund: input.refund };
    if (b.status === BookingStatus.Cancelled) return decided([], answer);
    if (t.openCharges > 0) return refuse(409, state.paymentInFlight);
    // The owner's own amount, split by the ledger; above what is refundable is the caller's mistake.
    const split = input.refundCents === undefined ? null : ownerRefundSplit(t.money, input.refundCents);
    if (split && 'refused' in split) return refuse(400, split.refused);
    const depositWords = !split
      ? ''
      : split.depositWhole
        ? 'the deposit with it'
        : split.depositRefundCents > 0
          ? `${formatCents(split.depositRefundCents)} of the deposit with it`
          : 'the deposit kept';
    const text = split
      ? `Cancelled from the admin; ${formatCents(input.refundCents ?? 0)} refunded, ${depositWords}.`
      : `Cancelled from the admin; ${input.refund ? 'the deposit is refunded' : 'the deposit is kept'}.`;
    // The owner keeps the deposit or refunds it; anything paid beyond it is always refunded, each its own way (unless she chose the amount).
    // A part of the deposit given back keeps 'deposit': the ledger keeps the rest of it (ledger.ts moneyOf).
    const kept = split ? (split.depositWhole ? 'nothing' : 'deposit') : keptOnCancel('owner', input.refund);
    const made = cancelChanges(t, 'owner', kept, text, nowMs, state.staffId, { chosen: split?.refunds, message: input.message });
    if ('refused' in made) return refuse(409, b.status === BookingStatus.Confirmed ? made.refused : OWNER_CANCEL_MESSAGES.notConfirmed);
    const refundsQueued = made.refunds.length > 0;
    // A refund's own path sends the cancellation e-mails once it has happened (or failed); nothing to refund, now.
    const mails: CancellationMail[] = refundsQueued
      ? []
      : [
          { bookingId: b.id, to: 'customer' },
          { bookingId: b.id, to: 'owner' },
        ];
    return { changes: made.changes, mails, answer: { ...answer, refund: split ? split.depositRefundCents > 0 : input.refund, refundsQueued } };
  }),
};
