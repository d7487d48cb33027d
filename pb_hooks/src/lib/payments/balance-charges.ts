/**
 * The `charges` rows of balance and damage charges and what they do to their booking (docs/architecture.md
 * decision 12; docs/decisions/013 and 021). Every write here is one short transaction that
 * never calls out: the row is inserted `pending` under its unique Idempotency-Key BEFORE Stripe
 * is called, and the outcome is recorded in a second transaction after. Only a charge that
 * succeeded (now, when its Checkout link is paid, or when the bank confirms a `processing`
 * one) lowers the booking's balance by its balance part, and marks the booking paid when
 * nothing is left; a `processing` charge keeps the balance due.
 */
import { balanceAfterPayment, CHARGE_MESSAGES, OPEN_CHARGE_STATUSES, type ChargeableBooking, type ChargeRequest } from '@domain/money/balance-charge';
import { pendingChargeCommand, type PendingChargeAnswer, type PendingChargeState } from '@domain/commands/pending-charge-command';
import { executeCommand, type ServerCommand } from '../commands/run-command';
import { parseTimestamp } from '@domain/schedule/calendar';
import { nowMs, toPbDate } from '../clock';
import { chargeFailedNotice } from '../mail/owner-notices';
import { queueMail, type QueuedMail } from '../mail/mail-outbox';
import { chargeReceiptMail } from '../mail/receipts';
import { configuredOrigin, type Refusal } from '../http';
import { issueManageToken, manageUrl } from '../my-booking/manage-links';
import { bookHeldRemoval, releaseRemovalHold } from '../my-booking/removal-hold';
import { isRecordedMethod } from '@domain/money/recorded-payments';
import { latePaymentNotice } from '../mail/owner-notices';
import { queueLedgerRefunds, syncPaymentStatus } from './ledger-records';
import { runRefunds } from './refund';

/**
 * A `pending` charge whose request started calling Stripe this long ago (ms, our clock) is taken
 * for abandoned (that request died): Stripe's own call times out after 20 s.
 */
export const ABANDONED_AFTER_MS = 60_000;

/** The booking fields the charge rules read (domain/money/balance-charge.ts). */
export function chargeableOf(rec: core.Record): ChargeableBooking {
  let addons: unknown;
  try {
    addons = JSON.parse(rec.getString('selected_addons') || 'null');
  } catch {
    addons = null;
  }
  return {
    package_type: rec.getString('package_type'),
    tree_size: rec.getString('tree_size'),
    luxe_finish: rec.getBool('luxe_finish'),
    selected_addons: addons,
    status: rec.getString('status'),
    payment_status: rec.getString('payment_status'),
    balance_remaining: rec.getInt('balance_remaining'),
  };
}

/** The charge stored under Idempotency-Key `key`, or null. */
export function findChargeByKey(app: CoreApp, key: string): core.Record | null {
  try {
    return app.findFirstRecordByData('charges', 'idempotency_key', key);
  } catch {
    return null;
  }
}

export interface NewCharge {
  key: string;
  fingerprint: string;
  request: ChargeRequest;
  /** The staff member asking ('' for a superuser). */
  staffId: string;
}

export type InsertResult = { chargeId: string } | { replayOf: string } | { refusal: Refusal };

/** The state of the pending-charge command for `c`, read in `tx` (a fresh id made here). */
export function pendingChargeState(tx: CoreApp, c: NewCharge): PendingChargeState {
  const prior = findChargeByKey(tx, c.key);
  let booking: core.Record | null;
  try {
    booking = tx.findRecordById('bookings', c.request.bookingId);
  } catch {
    booking = null;
  }
  const open = booking ? openCharges(tx, booking.id) : [];
  return {
    key: c.key,
    fingerprint: c.fingerprint,
    staffId: c.staffId,
    prior: prior ? prior.id : null,
    freshId: $security.randomStringWithAlphabet(15, 'abcdefghijklmnopqrstuvwxyz0123456789'),
    booking: booking ? { id: booking.id, ...chargeableOf(booking) } : null,
    openStatus: open.length > 0 ? open[0]!.getString('status') : '',
  };
}

/** The pending-charge command for `c` (its key, fingerprint and caller bound in). */
function pendingCharge(c: NewCharge): ServerCommand<ChargeRequest, PendingChargeState, never, PendingChargeAnswer> {
  return {
    command: pendingChargeCommand,
    path: '/api/fn/charge-booking-balance',
    load: (tx) => pendingChargeState(tx, c),
    respond: (_app, a) => a,
  };
}

/**
 * In one transaction (the pending-charge command, domain/commands/pending-charge-command.ts,
 * through the runner's executeCommand): the charge a request with the same key stored first
 * (`replayOf`, also when it arrived at the same instant: writes are serialized), or a refusal
 * (no booking 404; planCharge's 400/409; another charge of the booking still in flight or
 * waiting on its Checkout link 409), or a new `pending` charge priced by planCharge (`chargeId`).
 */
export function insertPendingCharge(app: CoreApp, c: NewCharge): InsertResult {
  const run = executeCommand(app, pendingCharge(c), c.request, { staffId: c.staffId, origin: '', fingerprint: c.fingerprint });
  if (run.kind === 'refused') return { refusal: run.refusal };
  if (run.kind !== 'answered') throw new Error('insertPendingCharge: a run without a claim cannot find its key taken');
  const a = run.body as PendingChargeAnswer;
  return a.replay ? { replayOf: a.chargeId } : { chargeId: a.chargeId };
}

/**
 * Claims a `pending` charge whose request is gone (never attempted, released after an unknown
 * outcome, or attempted ABANDONED_AFTER_MS ago) for the caller, who then asks Stripe again with
 * the same idempotency key. True for exactly one claimant.
 */
export function claimAbandonedCharge(app: CoreApp, chargeId: string): boolean {
  let claimed = false;
  app.runInTransaction((tx) => {
    const rec = tx.findRecordById('charges', chargeId);
    if (rec.getString('status') !== 'pending') return;
    const attempted = parseTimestamp(rec.getString('attempted_at'));
    const now = nowMs();
    if (Number.isFinite(attempted) && now - attempted < ABANDONED_AFTER_MS) return;
    rec.set('attempted_at', toPbDate(now));
    tx.save(rec);
    claimed = true;
  });
  return claimed;
}

/**
 * Marks a `pending` charge whose Stripe call had no clear answer (no connection, timeout, a
 * Stripe 5xx) as free for the next request with its key to finish at once.
 */
export function releaseCharge(app: CoreApp, chargeId: string): void {
  app.runInTransaction((tx) => {
    const rec = tx.findRecordById('charges', chargeId);
    if (rec.getString('status') !== 'pending') return;
    rec.set('attempted_at', '');
    tx.save(rec);
  });
}

/**
 * The charges of booking `bookingId` that may still move money: `pending` (a request is with
 * Stripe, or died there), `processing` (the bank has not confirmed) or `requires_checkout` (a
 * payment link is open).
 */
export function openCharges(app: CoreApp, bookingId: string): core.Record[] {
  return app.findRecordsByFilter('charges', `booking = {:b} && (${OPEN_CHARGE_STATUSES.map((s) => `status = '${s}'`).join(' || ')})`, '', 0, 0, {
    b: bookingId,
  } as unknown as dbx.Params) as core.Record[];
}

/** When charge `rec` was first requested, epoch ms on our clock (older rows: their creation). */
export function requestedAtMs(rec: core.Record): number {
  const at = parseTimestamp(rec.getString('requested_at'));
  return Number.isFinite(at) ? at : parseTimestamp(rec.getString('created_at'));
}

/** How a charge attempt ended (lib/payments/balance-payment.ts). */
export type ChargeOutcome =
  | { status: 'succeeded'; paymentIntentId: string }
  | { status: 'processing'; paymentIntentId: string }
  | { status: 'requires_checkout'; paymentIntentId: string; checkoutSessionId: string; checkoutUrl: string }
  | { status: 'failed'; paymentIntentId: string; error: string };

/**
 * Books the removal a `removal` charge paid for, lowers the booking's balance by the charge's
 * balance part (paid when nothing is left) and queues the customer's receipt (lib/mail/receipts.ts).
 * A payment that arrives for a cancelled booking, or for money already collected another way,
 * is kept by no one (docs/decisions/045): its refund is queued by the ledger (to the card it
 * came from), the owner is e-mailed, and the customer gets the refund's receipt instead of a
 * payment receipt and a new manage link; `lateRefunds` receives the booking's id so the
 * caller runs the refund after the commit. Returns the mail outbox ids to send once the
 * transaction commits ([] when the booking is gone).
 */
export function applyPaidCharge(tx: CoreApp, charge: core.Record, lateRefunds: string[] = []): string[] {
  let booking: core.Record;
  try {
    booking = tx.findRecordById('bookings', charge.getString('booking'));
  } catch {
    return [];
  }
  const mailIds: string[] = [];
  const live = booking.getString('status') === 'confirmed' || booking.getString('status') === 'completed';
  // A removal's price paid: the removal the booking held for it is booked (docs/decisions/029).
  if (live && charge.getString('kind') === 'removal' && booking.getString('removal_hold') === charge.id) {
    mailIds.push(...bookHeldRemoval(tx, booking, charge.getInt('amount'), nowMs()));
  }
  const part = charge.getInt('balance_amount');
  if (live && part > 0) {
    const left = balanceAfterPayment(booking.getInt('balance_remaining'), part);
    booking.set('balance_remaining', left);
    if (left === 0 && !booking.getString('balance_paid_at')) booking.set('balance_paid_at', toPbDate(nowMs()));
    // payment_status is the ledger's summary, never set by hand (docs/decisions/045).
    syncPaymentStatus(tx, booking);
    tx.save(booking);
  }
  // Only a card payment is given back on its own; cash recorded beyond the balance stays a credit the owner sees.
  const refunds = isRecordedMethod(charge.getString('method')) ? [] : queueLedgerRefunds(tx, booking, { onlyCharge: charge.id });
  if (refunds.length > 0) {
    tx.save(booking);
    lateRefunds.push(booking.id);
    mailIds.push(
      queueMail(
        tx,
        latePaymentNotice(
          charge,
          booking,
          refunds.reduce((t, r) => t + r.amountCents, 0),
        ),
      ),
    );
    return mailIds;
  }
  mailIds.push(queueMail(tx, paidChargeReceipt(tx, charge, booking)));
  return mailIds;
}

/**
 * The customer's receipt for paid charge `charge` of `booking` (lib/mail/receipts.ts), with a
 * new manage link (its token is stored in `tx`). For applyPaidCharge and the recorded-payment
 * command, which compose it once their changes are written.
 */
export function paidChargeReceipt(tx: CoreApp, charge: core.Record, booking: core.Record): QueuedMail {
  return chargeReceiptMail(charge, booking, manageUrl(configuredOrigin(tx), issueManageToken(tx, booking)));
}

/**
 * Records the outcome of charge `chargeId` (second transaction, after Stripe answered), unless
 * another request recorded one first. A success updates the booking and queues the receipt in
 * the same transaction; returns the mail outbox ids to send after the commit.
 */
export function recordChargeOutcome(app: CoreApp, chargeId: string, outcome: ChargeOutcome): string[] {
  let mailIds: string[] = [];
  const late: string[] = [];
  app.runInTransaction((tx) => {
    const rec = tx.findRecordById('charges', chargeId);
    if (rec.getString('status') !== 'pending') return;
    rec.set('status', outcome.status);
    if (outcome.paymentIntentId) rec.set('stripe_payment_intent_id', outcome.paymentIntentId);
    if (outcome.status === 'requires_checkout') {
      rec.set('stripe_checkout_session_id', outcome.checkoutSessionId);
      rec.set('checkout_url', outcome.checkoutUrl);
    } else if (outcome.status === 'failed') {
      rec.set('error', outcome.error.slice(0, 1000));
    }
    tx.save(rec);
    if (outcome.status === 'failed') releaseRemovalHold(tx, rec.getString('booking'), rec.id);
    if (outcome.status === 'succeeded') mailIds = applyPaidCharge(tx, rec, late);
  });
  late.forEach((id) => runRefunds(app, id));
  return mailIds;
}

/**
 * What the bank finally said about the PaymentIntent `paymentIntentId` of charge `chargeId`
 * (webhook `payment_intent.succeeded` / `payment_intent.payment_failed`, or the reconcile job).
 * - succeeded: a `pending`, `processing` or `failed` charge of that intent succeeds and the
 *   booking's balance follows, once;
 * - failed: a `pending` or `processing` charge fails (the balance stays due and the booking can
 *   be charged again) and the owner is e-mailed, once. A charge that already succeeded stays
 *   so: a late or redelivered failure changes nothing.
 * Ignored for a charge waiting on its Checkout link (its own events settle it) or tied to
 * another intent. Returns the mail outbox ids queued (to send after the commit), or null when
 * no charge `chargeId` exists (deleted with its booking).
 */
export function settleChargeIntent(app: CoreApp, chargeId: string, paymentIntentId: string, outcome: { status: 'succeeded' } | { status: 'failed'; error: string }): string[] | null {
  let mailIds: string[] | null = null;
  const late: string[] = [];
  app.runInTransaction((tx) => {
    let rec: core.Record;
    try {
      rec = tx.findRecordById('charges', chargeId);
    } catch {
      return;
    }
    mailIds = [];
    const status = rec.getString('status');
    const intent = rec.getString('stripe_payment_intent_id');
    if (intent && intent !== paymentIntentId) return;
    if (outcome.status === 'succeeded') {
      if (status !== 'pending' && status !== 'processing' && status !== 'failed') return;
      rec.set('status', 'succeeded');
      rec.set('error', '');
      rec.set('stripe_payment_intent_id', paymentIntentId);
      tx.save(rec);
      mailIds = applyPaidCharge(tx, rec, late);
      return;
    }
    if (status !== 'pending' && status !== 'processing') return;
    rec.set('status', 'failed');
    rec.set('error', outcome.error.slice(0, 1000));
    rec.set('stripe_payment_intent_id', paymentIntentId);
    tx.save(rec);
    releaseRemovalHold(tx, rec.getString('booking'), rec.id);
    const booking = tx.findRecordsByFilter('bookings', 'id = {:id}', '', 1, 0, { id: rec.getString('booking') } as unknown as dbx.Params)[0];
    if (booking) mailIds = [queueMail(tx, chargeFailedNotice(rec, booking))];
  });
  late.forEach((id) => runRefunds(app, id));
  return mailIds;
}

/**
 * The Checkout link of charge `chargeId` was paid (webhook): the charge succeeds and the booking
 * follows, once. Ignored unless the charge waits on exactly that session `sessionId`. Returns
 * the receipt's mail outbox ids to send after the commit.
 */
export function settleChargeCheckout(app: CoreApp, chargeId: string, sessionId: string, paymentIntentId: string): string[] {
  let mailIds: string[] = [];
  const late: string[] = [];
  app.runInTransaction((tx) => {
    // A session paid after we closed it (its expiry raced the payment): the money arrived all
    // the same, and the ledger decides whether it is owed or refunded (docs/decisions/045).
    const rec = waitingCharge(tx, chargeId, sessionId) ?? closedCharge(tx, chargeId, sessionId);
    if (!rec) return;
    rec.set('status', 'succeeded');
    rec.set('error', '');
    if (paymentIntentId) rec.set('stripe_payment_intent_id', paymentIntentId);
    tx.save(rec);
    mailIds = applyPaidCharge(tx, rec, late);
  });
  late.forEach((id) => runRefunds(app, id));
  return mailIds;
}

/** The Checkout link of charge `chargeId` expired unpaid: the charge failed, the booking may be charged again. */
export function expireChargeCheckout(app: CoreApp, chargeId: string, sessionId: string): void {
  app.runInTransaction((tx) => {
    const rec = waitingCharge(tx, chargeId, sessionId);
    if (!rec) return;
    rec.set('status', 'failed');
    rec.set('error', CHARGE_MESSAGES.linkExpired);
    tx.save(rec);
    releaseRemovalHold(tx, rec.getString('booking'), rec.id);
  });
}

/** The charge `chargeId` if it failed while naming Checkout Session `sessionId` (we closed or expired it), else null. */
function closedCharge(tx: CoreApp, chargeId: string, sessionId: string): core.Record | null {
  let rec: core.Record;
  try {
    rec = tx.findRecordById('charges', chargeId);
  } catch {
    return null;
  }
  return rec.getString('status') === 'failed' && rec.getString('stripe_checkout_session_id') === sessionId ? rec : null;
}

/** The charge `chargeId` if it is waiting on Checkout Session `sessionId`, else null. */
function waitingCharge(tx: CoreApp, chargeId: string, sessionId: string): core.Record | null {
  let rec: core.Record;
  try {
    rec = tx.findRecordById('charges', chargeId);
  } catch {
    return null;
  }
  if (rec.getString('status') !== 'requires_checkout' || rec.getString('stripe_checkout_session_id') !== sessionId) return null;
  return rec;
}
