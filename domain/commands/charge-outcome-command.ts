/**
 * The outcome of a balance, damages or removal charge, as one command (docs/architecture.md
 * "The path of a command"; docs/decisions/013, 021, 029, 045, 047). The charge's row is written
 * `pending` before Stripe is called (pending-charge-command.ts, add-removal-command.ts,
 * pay-balance-command.ts); whatever then tells us how it went is an input here:
 * - `call`: what our own Stripe call answered (succeeded, processing, a Checkout link opened,
 *   failed), recorded only on a charge still `pending` (another request may have recorded it);
 * - `intent`: the bank settled the PaymentIntent (webhook or the reconcile job): succeeded for a
 *   pending, processing or failed charge of that intent, failed for a pending or processing one
 *   (a failure after a success changes nothing) with the owner's charge-failed notice;
 * - `checkout_paid`: its Checkout link was paid: the charge waiting on that session succeeds,
 *   and so does one we closed or expired meanwhile (the money arrived all the same);
 * - `checkout_expired`: its Checkout link expired unpaid: the charge fails.
 * A failed charge lets go of the removal date its booking held for it (docs/decisions/029).
 * A charge that succeeded pays its booking: a held removal it paid for is booked (a live
 * booking only: the removal's fields, the links renewed, the history line, both e-mails), a live
 * booking's `balance_paid_at` is set once its ledger has nothing left to collect (booking-money.ts
 * `balanceOf`); money nobody is owed (a cancelled booking, a balance collected another way, a removal no
 * longer held) is refunded to the card it came from (the ledger's `refundsToQueue`, this charge
 * first), the owner gets the late-payment notice and the customer no payment receipt; otherwise
 * the customer gets the receipt (with a new manage link, issued by the server). `payment_status`
 * and `balance_remaining` are not written here: the runner derives them from the rows written
 * (docs/decisions/061). A replay reaches a charge already moved on and
 * changes nothing: naturally idempotent. Pure; cents; times epoch ms.
 */
import { CHARGE_MESSAGES } from '../money/balance-charge';
import { balanceOf, bookingLedger, ledgerBookingOfRows } from '../money/booking-money';
import { collectionOf, movementsOf, refundsToQueue, refundWrites, type BookingMoneyRow, type ChargeMoneyRow } from '../money/ledger';
import { isRecordedMethod } from '../money/recorded-payments';
import { removalAddedHistory, removalBookedFields, type RemovalAddedMail } from './add-removal-command';
import { historyLine, linksFollowVisits, type ChangeTokens } from './booking-changes';
import { decided, pbDate, type Change, type Command, type FieldValue, type Outcome } from './command';
import { ChargeStatus, chargeTransition } from '../money/charge-lifecycle';
import { isGoingAhead } from '../booking/lifecycle';
import type { BookingFields } from '../booking/booking-row';
import type { ChargeFields, ChargeRow } from '../money/charge-row';

/** What our own Stripe call for a charge answered (lib/payments/balance-payment.ts). */
export type ChargeCallOutcome =
  | { status: typeof ChargeStatus.Succeeded; paymentIntentId: string }
  | { status: typeof ChargeStatus.Processing; paymentIntentId: string }
  | { status: typeof ChargeStatus.RequiresCheckout; paymentIntentId: string; checkoutSessionId: string; checkoutUrl: string }
  | { status: typeof ChargeStatus.Failed; paymentIntentId: string; error: string };

/** Who tells how charge `chargeId` went (see the file's comment). */
export type ChargeOutcomeInput =
  | { via: 'call'; chargeId: string; outcome: ChargeCallOutcome }
  | { via: 'intent'; chargeId: string; paymentIntentId: string; result: { status: typeof ChargeStatus.Succeeded } | { status: typeof ChargeStatus.Failed; error: string } }
  | { via: 'checkout_paid'; chargeId: string; sessionId: string; paymentIntentId: string }
  | { via: 'checkout_expired'; chargeId: string; sessionId: string };

/** The charge's fields the outcome reads (PocketBase names; cents). */
export type OutcomeCharge = ChargeFields<(typeof OUTCOME_CHARGE_FIELDS)[number]>;

/** The fields of OutcomeCharge, for reading them from a record (pb_hooks/src/lib/charge-row.ts chargeFieldsOf). */
export const OUTCOME_CHARGE_FIELDS = [
  'id',
  'kind',
  'status',
  'amount',
  'balance_amount',
  'method',
  'stripe_payment_intent_id',
  'stripe_checkout_session_id',
] as const satisfies readonly (keyof ChargeRow)[];

/** The booking's fields the outcome reads and writes (PocketBase names; cents; PocketBase datetimes). */
export type OutcomeBooking = BookingMoneyRow & BookingFields<'id' | 'balance_paid_at' | 'removal_hold' | 'removal_date' | 'removal_time_slot' | 'install_date' | 'ics_sequence' | 'price_lines'>;

export interface ChargeOutcomeState {
  /** null: no such charge (deleted with its booking). */
  charge: OutcomeCharge | null;
  /** null: the booking is gone. */
  booking: OutcomeBooking | null;
  /** The booking's charges as the ledger reads them, oldest first, this one among them as stored. */
  charges: readonly ChargeMoneyRow[];
  /** The renewed link and history line of a removal this charge would book (made by the server's load), else null. */
  tokens: ChangeTokens | null;
}

/** The e-mails an outcome sends; the server composes each from the records as changed. */
export type ChargeOutcomeMail =
  | ({ kind: 'removal_added' } & RemovalAddedMail)
  | { kind: 'receipt'; chargeId: string }
  | { kind: 'late_payment'; chargeId: string; refundCents: number }
  | { kind: 'charge_failed'; chargeId: string };

export interface ChargeOutcomeAnswer {
  /** False when no charge `chargeId` exists (money for it is an orphan's, lib/payments/orphan-payments.ts). */
  found: boolean;
  /** Whether this outcome moved the charge (false: ignored, or recorded before). */
  changed: boolean;
  /** The booking whose late payment's refund was queued ('' none): the server runs it after the commit. */
  refundBookingId: string;
}

/** The charge's fields this input sets, or null when it does not apply to the charge as it stands. */
export function chargeStep(c: OutcomeCharge, input: ChargeOutcomeInput): Record<string, FieldValue> | null {
  switch (input.via) {
    case 'call': {
      const o = input.outcome;
      const status = chargeTransition(c.status, { type: 'answered', status: o.status });
      if (!status) return null;
      const fields: Record<string, FieldValue> = { status };
      if (o.paymentIntentId) fields.stripe_payment_intent_id = o.paymentIntentId;
      if (o.status === ChargeStatus.RequiresCheckout) {
        fields.stripe_checkout_session_id = o.checkoutSessionId;
        fields.checkout_url = o.checkoutUrl;
      } else if (o.status === ChargeStatus.Failed) fields.error = o.error.slice(0, 1000);
      return fields;
    }
    case 'intent': {
      // Tied to another intent, or waiting on its Checkout link (its own events settle it).
      if (c.stripe_payment_intent_id && c.stripe_payment_intent_id !== input.paymentIntentId) return null;
      const r = input.result;
      // A charge that already succeeded stays so: a late or redelivered failure changes nothing (chargeTransition).
      const status = chargeTransition(c.status, { type: r.status === ChargeStatus.Succeeded ? 'intent_succeeded' : 'intent_failed' });
      if (!status) return null;
      return { status, error: r.status === ChargeStatus.Failed ? r.error.slice(0, 1000) : '', stripe_payment_intent_id: input.paymentIntentId };
    }
    case 'checkout_paid': {
      if (c.stripe_checkout_session_id !== input.sessionId) return null;
      // Paid after we closed it (its expiry raced the payment): the ledger decides whether it is owed (docs/decisions/045).
      const status = chargeTransition(c.status, { type: 'checkout_paid' });
      if (!status) return null;
      const fields: Record<string, FieldValue> = { status, error: '' };
      if (input.paymentIntentId) fields.stripe_payment_intent_id = input.paymentIntentId;
      return fields;
    }
    case 'checkout_expired': {
      const status = c.stripe_checkout_session_id === input.sessionId ? chargeTransition(c.status, { type: 'link_closed' }) : null;
      return status ? { status, error: CHARGE_MESSAGES.linkExpired } : null;
    }
  }
}

/** The booking row and charges as the ledger reads them once `chargeId` succeeded and the booking's total is `totalCents`. */
function ledgerRowsAfter(b: OutcomeBooking, charges: readonly ChargeMoneyRow[], chargeId: string, totalCents: number): { booking: BookingMoneyRow; charges: ChargeMoneyRow[] } {
  return { booking: { ...b, total_price: totalCents }, charges: charges.map((c) => (c.id === chargeId ? { ...c, status: ChargeStatus.Succeeded } : c)) };
}

/** The decision for charge `c` that just succeeded (its fields `chargeFields`), paying booking `state.booking`. */
function paid(state: ChargeOutcomeState, c: OutcomeCharge, chargeFields: Record<string, FieldValue>, nowMs: number): Outcome<ChargeOutcomeMail, ChargeOutcomeAnswer> {
  const changes: Change[] = [{ op: 'update', collection: 'charges', id: c.id, fields: chargeFields }];
  const b = state.booking;
  if (!b) return decided(changes, { found: true, changed: true, refundBookingId: '' });
  const mails: ChargeOutcomeMail[] = [];
  const fields: Record<string, FieldValue> = {};
  const after: Change[] = [];
  const live = isGoingAhead(b);
  let total = b.total_price;
  // A removal's price paid: the removal the booking held for it is booked (docs/decisions/029).
  if (live && c.kind === 'removal' && b.removal_hold === c.id && state.tokens) {
    const t = state.tokens;
    Object.assign(fields, removalBookedFields(b.ics_sequence, c.amount, b.total_price, b.price_lines ?? []));
    total = b.total_price + c.amount;
    after.push(
      // The booking's one link stays; its expiry follows the removal now booked (docs/decisions/027).
      ...linksFollowVisits(b.id, t, { install_date: b.install_date, removal_date: b.removal_date }),
      historyLine(b.id, 'customer_change', removalAddedHistory(b.removal_date, b.removal_time_slot, c.amount), t.historyClientId, nowMs),
    );
    const mail = { kind: 'removal_added' as const, bookingId: b.id, paidCents: c.amount, manageUrl: t.manageUrl };
    mails.push({ ...mail, to: 'customer' }, { ...mail, to: 'owner' });
  }
  const rows = ledgerRowsAfter(b, state.charges, c.id, total);
  // The balance is what the ledger still has to collect, never stored minus paid (docs/decisions/045).
  if (live && c.balance_amount > 0) {
    const left = balanceOf(bookingLedger(rows.booking, rows.charges));
    if (left === 0 && !b.balance_paid_at) fields.balance_paid_at = pbDate(nowMs);
  }
  // Only a card payment is given back on its own; cash recorded beyond the balance stays a credit the owner sees.
  const refunds = isRecordedMethod(c.method)
    ? []
    : refundsToQueue(movementsOf(rows.booking, rows.charges), ledgerBookingOfRows(rows.booking, rows.charges), c.id).filter((r) => collectionOf(r.of ?? '') === c.id);
  const writes = refundWrites(rows.charges, refunds);
  if (writes.depositRefund) fields.deposit_refund = writes.depositRefund;
  for (const [id, w] of writes.charges) after.push({ op: 'update', collection: 'charges', id, fields: { ...w } as Record<string, FieldValue> });
  // balance_remaining and payment_status follow from the rows as changed: the runner derives them (docs/decisions/061).
  if (Object.keys(fields).length > 0) changes.push({ op: 'update', collection: 'bookings', id: b.id, fields });
  changes.push(...after);
  if (refunds.length > 0) {
    mails.push({ kind: 'late_payment', chargeId: c.id, refundCents: refunds.reduce((t, r) => t + r.amountCents, 0) });
    return { changes, mails, answer: { found: true, changed: true, refundBookingId: b.id } };
  }
  mails.push({ kind: 'receipt', chargeId: c.id });
  return { changes, mails, answer: { found: true, changed: true, refundBookingId: '' } };
}

export const chargeOutcomeCommand: Command<ChargeOutcomeInput, ChargeOutcomeState, ChargeOutcomeMail, ChargeOutcomeAnswer> = {
  name: 'charge-outcome',
  // Never a request's body: the server builds the input from Stripe's answer or event.
  parse: () => ({ ok: false, message: 'A charge outcome is recorded by the server only.' }),
  idempotency: { by: 'natural', header: 'none', why: 'an outcome applies only to a charge in the state it moves from; a replay finds it moved on and changes nothing' },
  decide(state, input, nowMs) {
    const c = state.charge;
    if (!c) return decided([], { found: false, changed: false, refundBookingId: '' });
    const fields = chargeStep(c, input);
    if (!fields) return decided([], { found: true, changed: false, refundBookingId: '' });
    if (fields.status === ChargeStatus.Succeeded) return paid(state, c, fields, nowMs);
    const changes: Change[] = [{ op: 'update', collection: 'charges', id: c.id, fields }];
    const b = state.booking;
    if (fields.status !== ChargeStatus.Failed) return decided(changes, { found: true, changed: true, refundBookingId: '' });
    // A failed charge lets go of the removal date its booking held for it (docs/decisions/029).
    if (b && b.removal_hold === c.id) changes.push({ op: 'update', collection: 'bookings', id: b.id, fields: { removal_hold: '', removal_date: '', removal_time_slot: '' } });
    // The owner hears of a failure only after the fact (the bank's answer); our own call's failure is answered to its caller.
    const mails: ChargeOutcomeMail[] = input.via === 'intent' && b ? [{ kind: 'charge_failed', chargeId: c.id }] : [];
    return { changes, mails, answer: { found: true, changed: true, refundBookingId: '' } };
  },
};
