/**
 * The `charges` rows of balance, damages and removal charges and what they do to their booking
 * (docs/architecture.md decision 12 and "The path of a command"; docs/decisions/013, 021, 045,
 * 047). The row is inserted `pending` under its unique Idempotency-Key BEFORE Stripe is called
 * (the pending-charge command), and the outcome is recorded after, outside the call, by the
 * charge-outcome command (domain/commands/charge-outcome-command.ts) through the runner's one
 * transaction: only a charge that succeeded (now, when its Checkout link is paid, or when the
 * bank confirms a `processing` one) pays its booking, whose balance is then what its ledger
 * still has to collect; a `processing` charge keeps the balance due.
 */
import { OPEN_CHARGE_STATUSES, type ChargeableBooking, type ChargeRequest } from '@domain/money/balance-charge';
import type { ChargeCallOutcome } from '@domain/commands/charge-outcome-command';
import { pendingChargeCommand, type PendingChargeAnswer, type PendingChargeState } from '@domain/commands/pending-charge-command';
import { executeCommand, type ServerCommand } from '../commands/run-command';
import type { RequestKeyClaim } from '../commands/request-keys';
import { parseTimestamp } from '@domain/schedule/calendar';
import { nowMs, toPbDate } from '../clock';
import type { QueuedMail } from '../mail/mail-outbox';
import { chargeReceiptMail } from '../mail/receipts';
import { configuredOrigin, type Refusal } from '../http';
import { issueManageToken, manageUrl } from '../booking-store/manage-links';
import { chargesOfBooking, ledgerBalanceOf } from '../ledger-records';
import { bookingFieldsOf } from '../booking-row';
import { ChargeStatus } from '@domain/money/charge-lifecycle';
import { findRecordBy } from '../records';
import { chargeField } from '../charge-row';

/**
 * A `pending` charge whose request started calling Stripe this long ago (ms, our clock) is taken
 * for abandoned (that request died): Stripe's own call times out after 20 s.
 */
export const ABANDONED_AFTER_MS = 60_000;

/**
 * The booking fields the charge rules read (domain/money/balance-charge.ts), read in `tx`: the
 * balance is its ledger's, derived from the booking and its `charges` rows (ledger-records.ts
 * `ledgerBalanceOf`; docs/decisions/045), never the stored `balance_remaining`; the visit
 * marks say whether damages alone may be charged yet (docs/product.md §5 Admin).
 */
export function chargeableOf(tx: CoreApp, rec: core.Record): ChargeableBooking {
  return {
    ...bookingFieldsOf(rec, ['package_type', 'tree_size', 'luxe_finish', 'selected_addons', 'status', 'payment_status', 'install_done_at', 'removal_done_at']),
    balance_remaining: ledgerBalanceOf(rec, chargesOfBooking(tx, rec.id)),
  };
}

/** The charge stored under Idempotency-Key `key`, or null. */
export function findChargeByKey(app: CoreApp, key: string): core.Record | null {
  return findRecordBy(app, 'charges', 'idempotency_key', key);
}

export interface NewCharge {
  key: string;
  fingerprint: string;
  request: ChargeRequest;
  /** The staff member asking ('' for a superuser). */
  staffId: string;
}

export type InsertResult = { chargeId: string } | { replayOf: string } | { refusal: Refusal } | { keyTaken: true };

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
    booking: booking ? { id: booking.id, ...chargeableOf(tx, booking) } : null,
    openStatus: open.length > 0 ? chargeField(open[0]!, 'status') : '',
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
 * With `claim` the key is also stored in the runner's store in the same transaction; `keyTaken`
 * when a request of the same key stored it first (the caller answers with run-command.ts replayOf).
 */
export function insertPendingCharge(app: CoreApp, c: NewCharge, claim: RequestKeyClaim | null = null): InsertResult {
  const run = executeCommand(app, pendingCharge(c), c.request, { staffId: c.staffId, origin: '', fingerprint: c.fingerprint }, claim);
  if (run.kind === 'refused') return { refusal: run.refusal };
  if (run.kind === 'key-taken') return { keyTaken: true };
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
    if (chargeField(rec, 'status') !== ChargeStatus.Pending) return;
    const attempted = parseTimestamp(chargeField(rec, 'attempted_at'));
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
    if (chargeField(rec, 'status') !== ChargeStatus.Pending) return;
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
  const at = parseTimestamp(chargeField(rec, 'requested_at'));
  return Number.isFinite(at) ? at : parseTimestamp(chargeField(rec, 'created_at'));
}

/** How a charge attempt ended (lib/payments/balance-payment.ts; domain/commands/charge-outcome-command.ts). */
export type ChargeOutcome = ChargeCallOutcome;

/**
 * The customer's receipt for paid charge `charge` of `booking` (lib/mail/receipts.ts), with a
 * new manage link (its token is stored in `tx`). For the charge-outcome and recorded-payment
 * commands, which compose it once their changes are written.
 */
export function paidChargeReceipt(tx: CoreApp, charge: core.Record, booking: core.Record): QueuedMail {
  return chargeReceiptMail(tx, charge, booking, manageUrl(configuredOrigin(tx), issueManageToken(tx, booking)));
}
