/**
 * The `charges` rows of balance and damage charges and what they do to their booking (issue 9;
 * DESIGN.md decision 12; docs/decisions/013). Every write here is one short transaction that
 * never calls out: the row is inserted `pending` under its unique Idempotency-Key BEFORE Stripe
 * is called, and the outcome is recorded in a second transaction after. A charge that
 * succeeds, now or when its Checkout link is paid, lowers the booking's balance by its balance
 * part and marks the booking paid when nothing is left.
 */
import { CHARGE_MESSAGES, planCharge, type ChargeableBooking, type ChargeRequest } from '@domain/balance-charge';
import { parseTimestamp } from '@domain/calendar';
import { nowMs, toPbDate } from '../clock';

/**
 * A `pending` charge whose request started calling Stripe this long ago (ms, our clock) is taken
 * for abandoned (that request died): Stripe's own call times out after 20 s.
 */
export const ABANDONED_AFTER_MS = 60_000;

/** The booking fields the charge rules read (domain/balance-charge.ts). */
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

/** Why the insert refused: the HTTP status and a plain sentence. */
export interface Refusal {
  status: number;
  message: string;
}

export type InsertResult = { chargeId: string } | { replayOf: string } | { refusal: Refusal };

/**
 * In one transaction: the charge a request with the same key stored first (`replayOf`, also
 * when it arrived at the same instant: writes are serialized), or a refusal (no booking 404;
 * planCharge's 400/409; another charge of the booking still in flight or waiting on its
 * Checkout link 409), or a new `pending` charge priced by planCharge (`chargeId`).
 */
export function insertPendingCharge(app: CoreApp, c: NewCharge): InsertResult {
  // Every path through the transaction sets it; a failed transaction throws instead.
  let result = {} as InsertResult;
  app.runInTransaction((tx) => {
    const raced = findChargeByKey(tx, c.key);
    if (raced) {
      result = { replayOf: raced.id };
      return;
    }
    let booking: core.Record;
    try {
      booking = tx.findRecordById('bookings', c.request.bookingId);
    } catch {
      result = { refusal: { status: 404, message: CHARGE_MESSAGES.notFound } };
      return;
    }
    const plan = planCharge(chargeableOf(booking), c.request.selection);
    if (!plan.ok) {
      result = { refusal: { status: plan.status, message: plan.message } };
      return;
    }
    // One charge at a time per booking: two keys must never both take the same balance.
    const open = tx.findRecordsByFilter('charges', "booking = {:b} && (status = 'pending' || status = 'requires_checkout')", '', 1, 0, { b: booking.id } as unknown as dbx.Params);
    if (open.length > 0) {
      const message = open[0]!.getString('status') === 'pending' ? CHARGE_MESSAGES.otherInFlight : CHARGE_MESSAGES.linkOpen;
      result = { refusal: { status: 409, message } };
      return;
    }
    const rec = new Record(tx.findCollectionByNameOrId('charges'));
    rec.load({
      booking: booking.id,
      kind: plan.kind,
      amount: plan.totalCents,
      balance_amount: plan.balanceCents,
      damages_amount: plan.damagesCents,
      damage_lines: plan.lines,
      description: c.request.description,
      idempotency_key: c.key,
      request_fingerprint: c.fingerprint,
      status: 'pending',
      attempted_at: toPbDate(nowMs()),
      created_by: c.staffId,
    });
    tx.save(rec);
    result = { chargeId: rec.id };
  });
  return result;
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

/** How a charge attempt ended (lib/payments/balance-payment.ts). */
export type ChargeOutcome =
  | { status: 'succeeded'; paymentIntentId: string }
  | { status: 'requires_checkout'; paymentIntentId: string; checkoutSessionId: string; checkoutUrl: string }
  | { status: 'failed'; paymentIntentId: string; error: string };

/** Lowers the booking's balance by the charge's balance part; paid when nothing is left. */
function applyPaidCharge(tx: CoreApp, charge: core.Record): void {
  const part = charge.getInt('balance_amount');
  if (part <= 0) return;
  let booking: core.Record;
  try {
    booking = tx.findRecordById('bookings', charge.getString('booking'));
  } catch {
    return;
  }
  const left = Math.max(0, booking.getInt('balance_remaining') - part);
  booking.set('balance_remaining', left);
  if (left === 0) {
    booking.set('payment_status', 'paid');
    if (!booking.getString('balance_paid_at')) booking.set('balance_paid_at', toPbDate(nowMs()));
  }
  tx.save(booking);
}

/**
 * Records the outcome of charge `chargeId` (second transaction, after Stripe answered), unless
 * another request recorded one first. A success updates the booking in the same transaction.
 */
export function recordChargeOutcome(app: CoreApp, chargeId: string, outcome: ChargeOutcome): void {
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
    } else {
      applyPaidCharge(tx, rec);
    }
    tx.save(rec);
  });
}

/**
 * The Checkout link of charge `chargeId` was paid (webhook): the charge succeeds and the booking
 * follows, once. Ignored unless the charge waits on exactly that session `sessionId`.
 */
export function settleChargeCheckout(app: CoreApp, chargeId: string, sessionId: string, paymentIntentId: string): void {
  app.runInTransaction((tx) => {
    const rec = waitingCharge(tx, chargeId, sessionId);
    if (!rec) return;
    rec.set('status', 'succeeded');
    if (paymentIntentId) rec.set('stripe_payment_intent_id', paymentIntentId);
    applyPaidCharge(tx, rec);
    tx.save(rec);
  });
}

/** The Checkout link of charge `chargeId` expired unpaid: the charge failed, the booking may be charged again. */
export function expireChargeCheckout(app: CoreApp, chargeId: string, sessionId: string): void {
  app.runInTransaction((tx) => {
    const rec = waitingCharge(tx, chargeId, sessionId);
    if (!rec) return;
    rec.set('status', 'failed');
    rec.set('error', CHARGE_MESSAGES.linkExpired);
    tx.save(rec);
  });
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
