/**
 * Refunds, each by the way its money came in (docs/decisions/045; the rules are
 * domain/money/ledger.ts): a booking cancelled by its customer (docs/decisions/027) or the owner
 * (032), a payment that could not secure its slot (`payment_conflict`, docs/architecture.md
 * reading 15), or a card payment that arrived for money already collected or a cancelled
 * booking. The refunds were queued in the transaction that decided them
 * (ledger-records.ts queueLedgerRefunds); this runs them:
 * - a card refund goes to Stripe outside any transaction, under a key per refund
 *   (`refund-<booking>` for the deposit, with its `amount` when only part of it is refunded, `refund-charge-<charge>` for a charge's first refund,
 *   `refund-charge-<charge>-<n>` for its later ones: domain/money/ledger.ts chargeRefundKey),
 *   then is recorded with its receipt by the record-refunds command
 *   (domain/commands/record-refunds-command.ts, through the runner's executeCommand); demo
 *   payments record one without calling anyone; a failed call stays pending and the
 *   hold-expiry job retries it;
 * - cash, a check or another way is 'to return': no Stripe call and no receipt until the owner
 *   marks it given back (POST /api/fn/admin-refunds/returned, refund-returned-route.ts).
 * The customer and the business are e-mailed once (mail outbox keys per booking), with the
 * refunds made or their first failure; `payment_status` follows the ledger.
 */
import { recordRefundsCommand, type RecordRefundsAnswer, type RecordRefundsInput, type RecordRefundsMail, type RecordRefundsState, type RefundMade } from '@domain/commands/record-refunds-command';
import { refundChargeCommand, type RefundChargeAnswer, type RefundChargeInput } from '@domain/commands/refund-charge-command';
import { chargeRefundKey, isCardMethod, type ChargeRefundRow, type Movement } from '@domain/money/ledger';
import { findBooking } from '../booking-store/bookings-repo';
import { executeCommand, runCommand, type ServerCommand } from '../commands/run-command';
import { cancellationMails } from '../mail/booking-change';
import { paymentConflictMails } from '../mail/payment-conflict';
import { ledgerRefundReceiptMail } from '../mail/receipts';
import { bookingMoneyRowOf, chargeMoneyRowOf, chargesOfBooking, ledgerBookingOf, movementsOfRecords } from '../ledger-records';
import { createRefund } from './stripe';
import { logError } from '../log';
import { BookingStatus, PaymentStatus } from '@domain/booking/lifecycle';
import { RefundStatus } from '@domain/money/charge-lifecycle';
import { bookingField } from '../booking-row';
import { chargeField } from '../charge-row';

/** What the customer and the owner are told about the refunds of booking `r`. */
function refundMails(app: CoreApp, r: core.Record, refunded: boolean) {
  return r.getString('status') === BookingStatus.Cancelled ? cancellationMails(r, refunded, movementsOfRecords(r, chargesOfBooking(app, r.id))) : paymentConflictMails(r, refunded);
}

/** A card refund to ask Stripe for. */
interface CardRefund {
  /** '' for the deposit, else the charge's id. */
  chargeId: string;
  /** 0 for the deposit; the refund's number among the charge's (1: its first). */
  n: number;
  paymentIntentId: string;
  key: string;
  /** The amount when it is less than the whole payment, else 0. */
  partCents: number;
  amountCents: number;
}

/** The number of a charge refund movement ('c1:refund' → 1, 'c1#damages:refund3' → 3). */
function refundNumberOf(movementId: string): number {
  const m = /:refund(\d*)$/.exec(movementId);
  return m && m[1] ? Number(m[1]) : 1;
}

/** The card refunds booking `b` waits for (a charge's first refund one, its parts together; each later refund its own). */
function cardRefundsDue(b: core.Record, charges: core.Record[]): CardRefund[] {
  const due = movementsOfRecords(b, charges).filter((m: Movement) => m.direction === 'refund' && m.status === RefundStatus.Pending && isCardMethod(m.method));
  const out: CardRefund[] = [];
  for (const m of due) {
    const chargeId = m.of === 'deposit' ? '' : m.of!.split('#')[0]!;
    const n = chargeId ? refundNumberOf(m.id) : 0;
    if (out.some((r) => r.chargeId === chargeId && r.n === n)) continue;
    if (!chargeId) {
      // A deposit is refunded at most once, whole or in part (`deposit_refund_amount`), under the same key.
      const part = m.amountCents < bookingField(b, 'deposit_amount') ? m.amountCents : 0;
      out.push({ chargeId, n, paymentIntentId: bookingField(b, 'payment_intent_id'), key: `refund-${b.id}`, partCents: part, amountCents: m.amountCents });
      continue;
    }
    const c = charges.find((x) => x.id === chargeId)!;
    const paymentIntentId = chargeField(c, 'stripe_payment_intent_id');
    if (n > 1) {
      out.push({ chargeId, n, paymentIntentId, key: chargeRefundKey(c.id, n), partCents: m.amountCents, amountCents: m.amountCents });
      continue;
    }
    const amount = chargeField(c, 'refund_amount') || chargeField(c, 'amount');
    out.push({ chargeId, n, paymentIntentId, key: chargeRefundKey(c.id, 1), partCents: amount < chargeField(c, 'amount') ? amount : 0, amountCents: amount });
  }
  return out;
}

/**
 * The refunds Stripe made, recorded (domain/commands/record-refunds-command.ts) in the runner's
 * one transaction; its e-mails (the notices of a cancelled or conflicting booking, one receipt
 * listing the refunds) queued with it and sent after the commit. No route: the refund runner runs it.
 */
export const recordRefunds: ServerCommand<RecordRefundsInput, RecordRefundsState, RecordRefundsMail, RecordRefundsAnswer> = {
  command: recordRefundsCommand,
  path: '',
  load: (tx, input) => ledgerRowsOf(tx, input.bookingId),
  composeMail(tx, mail) {
    const b = tx.findRecordById('bookings', mail.bookingId);
    return mail.kind === 'receipt' ? ledgerRefundReceiptMail(b, mail.refunds, '') : refundMails(tx, b, mail.refunded)[mail.index]!;
  },
  respond: (_app, answer) => answer,
};

/** Booking `bookingId` and its charges as the ledger's rows (read in `tx`), for the refund commands. */
function ledgerRowsOf(tx: CoreApp, bookingId: string): RecordRefundsState {
  const b = findBooking(tx, bookingId);
  if (!b) return { booking: null, charges: [], book: { totalCents: 0, depositCents: 0, cancelled: false, kept: 'nothing' } };
  const charges = chargesOfBooking(tx, b.id);
  return {
    booking: { ...bookingMoneyRowOf(b), id: b.id, refund_id: b.getString('refund_id') },
    charges: charges.map(chargeMoneyRowOf),
    book: ledgerBookingOf(b, charges),
  };
}

/** Whether booking `b` has money waiting to be given back by hand. */
function refundsByHand(b: core.Record, charges: core.Record[]): boolean {
  return movementsOfRecords(b, charges).some((m) => m.direction === 'refund' && m.status === RefundStatus.ToReturn);
}

/**
 * Runs the refunds booking `bookingId` waits for. True when everything is refunded (false while a
 * card refund failed or money waits to be given back by hand). Never throws for Stripe.
 */
export function runRefunds(app: CoreApp, bookingId: string): boolean {
  const rec = findBooking(app, bookingId);
  if (!rec) return false;
  const charges = chargesOfBooking(app, bookingId);
  const jobs = cardRefundsDue(rec, charges);
  const byHand = refundsByHand(rec, charges);
  if (jobs.length === 0 && !byHand && bookingField(rec, 'payment_status') !== PaymentStatus.RefundPending) return false;
  const made: RefundMade[] = [];
  let failed = false;
  // Stripe is asked outside any transaction (docs/architecture.md "The path of a command").
  for (const job of jobs) {
    const done = (refundId: string) => made.push({ chargeId: job.chargeId, n: job.n, refundId, amountCents: job.amountCents });
    if (bookingField(rec, 'payment_mode') !== 'stripe' || job.paymentIntentId.startsWith('demo_')) {
      done(`demo_re_${$security.randomString(24)}`);
      continue;
    }
    try {
      if (!job.paymentIntentId) throw new Error('no payment intent to refund');
      const metadata: Record<string, string> = job.chargeId ? { booking_id: bookingId, charge_id: job.chargeId } : { booking_id: bookingId };
      done(createRefund(job.paymentIntentId, job.key, metadata, job.partCents || undefined).id);
    } catch (err) {
      logError(`refund: booking ${bookingId}${job.chargeId ? ` charge ${job.chargeId}` : ''}: ${String(err)}`);
      failed = true;
    }
  }
  const run = executeCommand(app, recordRefunds, { bookingId, made }, { staffId: '', origin: '', fingerprint: '' });
  return run.kind === 'answered' && (run.body as RecordRefundsAnswer).allDone && !failed;
}

/** Retries every card refund still pending (cron). Returns how many bookings now have all theirs made. */
export function retryPendingRefunds(app: CoreApp): number {
  const ids = new Set<string>();
  for (const r of app.findRecordsByFilter('bookings', `payment_status = '${PaymentStatus.RefundPending}'`, '', 100, 0)) ids.add(r!.id);
  // A later refund pending sits in the `refunds` JSON; cardRefundsDue tells which are due.
  for (const c of app.findRecordsByFilter('charges', `refund_status = '${RefundStatus.Pending}' || refunds ~ '${RefundStatus.Pending}'`, '', 100, 0)) ids.add(chargeField(c!, 'booking'));
  return [...ids].filter((id) => {
    const b = findBooking(app, id);
    return !!b && cardRefundsDue(b, chargesOfBooking(app, id)).length > 0 && runRefunds(app, id);
  }).length;
}

/** What the owner's refund of part of a charge answers. */
export interface RefundChargeReply {
  /** Stripe made the refund (its receipt is on its way); false: queued, retried every five minutes. */
  refunded: boolean;
  refund: { paymentId: string; n: number; amountCents: number; status: ChargeRefundRow['status'] };
  /** For the owner when Stripe did not make it yet ('' when it did). */
  message: string;
  booking: core.Record;
}

/** What the owner reads when Stripe did not answer: the refund is queued, and retried by the hold-expiry job. */
export const REFUND_QUEUED_MESSAGE = 'Stripe did not make the refund yet; it is queued and will be tried again within five minutes.';

/**
 * POST /api/fn/admin-refunds/charge (docs/decisions/045), admin only, `Idempotency-Key`
 * required: the owner gives back `amountCents` of a card payment `paymentId` (a charge's id, or
 * '<charge>#damages') of booking `bookingId`, as often as the payment still holds money. The
 * refund-charge command (domain/commands/refund-charge-command.ts) queues it in one
 * transaction; after the commit Stripe is asked under the refund's own key
 * (`refund-charge-<charge>-<n>`) and the record-refunds command records it with its receipt.
 * → 200 RefundChargeReply (`refunded` false and a `message` when Stripe did not answer: the
 * refund stays queued and the hold-expiry job retries it under the same key). Refused: 400 a malformed body or amount; 404 no such booking or
 * payment; 409 a payment not received, paid by hand, or an amount above what it still holds
 * ("Only $X of this payment can still be refunded.").
 */
export const refundCharge: ServerCommand<RefundChargeInput, RecordRefundsState, never, RefundChargeAnswer> = {
  command: refundChargeCommand,
  path: '/api/fn/admin-refunds/charge',
  load: (tx, input) => ledgerRowsOf(tx, input.bookingId),
  respond(app, a): RefundChargeReply {
    runRefunds(app, a.bookingId);
    const charge = app.findRecordById('charges', a.chargeId);
    const entry = chargeMoneyRowOf(charge).refunds?.find((r) => r.n === a.n);
    const status = entry?.status ?? 'pending';
    const refunded = status === RefundStatus.Succeeded;
    return {
      refunded,
      refund: { paymentId: a.paymentId, n: a.n, amountCents: a.amountCents, status },
      message: refunded ? '' : REFUND_QUEUED_MESSAGE,
      booking: app.findRecordById('bookings', a.bookingId),
    };
  },
};

export function refundChargeRoute(e: core.RequestEvent): void {
  runCommand(e, refundCharge);
}
