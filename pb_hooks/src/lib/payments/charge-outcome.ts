/**
 * The outcome of a balance, damages or removal charge recorded on the server (docs/architecture.md
 * "The path of a command"; docs/decisions/013, 021, 045, 047): the charge-outcome command
 * (domain/commands/charge-outcome-command.ts) bound to the records, and recordChargeOutcome, the
 * one way every caller records one: the charge routes after their Stripe call (charge-booking-
 * balance-route.ts, my-booking pay-balance and add-removal), the Stripe webhook
 * (balance-webhook.ts), the reconcile job (charge-reconcile.ts) and the closing of open payment
 * links (open-collections.ts). Called outside any transaction.
 */
import {
  chargeOutcomeCommand,
  type ChargeOutcomeAnswer,
  type ChargeOutcomeInput,
  type ChargeOutcomeMail,
  type ChargeOutcomeState,
  type OutcomeBooking,
  OUTCOME_CHARGE_FIELDS,
  type OutcomeCharge,
} from '@domain/commands/charge-outcome-command';
import { findBooking } from '../booking-store/bookings-repo';
import { executeCommand, type ServerCommand } from '../commands/run-command';
import { removalAddedMails } from '../mail/booking-change';
import { chargeFailedNotice, latePaymentNotice } from '../mail/owner-notices';
import { changeTokensFor } from '../booking-changes/booking-command-state';
import { paidChargeReceipt } from '../ledger/balance-charges';
import { bookingMoneyRowOf, chargeMoneyRowOf, chargesOfBooking } from '../ledger-records';
import { runRefunds } from './refund';
import { bookingField, bookingFieldsOf } from '../booking-row';
import { findRecord } from '../records';
import { chargeField, chargeFieldsOf } from '../charge-row';

/** The charge fields the outcome command reads. */
function outcomeChargeOf(rec: core.Record): OutcomeCharge {
  return chargeFieldsOf(rec, OUTCOME_CHARGE_FIELDS);
}

/** The booking fields the outcome command reads. */
function outcomeBookingOf(b: core.Record): OutcomeBooking {
  return {
    ...bookingMoneyRowOf(b),
    ...bookingFieldsOf(b, ['id', 'balance_paid_at', 'removal_hold', 'removal_date', 'removal_time_slot', 'install_date', 'ics_sequence', 'price_lines']),
  };
}

/**
 * The charge-outcome command on the server (domain/commands/charge-outcome-command.ts): `load`
 * reads the charge, its booking and the booking's charges in the transaction (and, for a
 * removal the charge would book, the renewed link's token and the history line's id);
 * `composeMail` words the e-mails from the records as changed. Not a route of its own: the
 * charge routes, the Stripe webhook and the reconcile job run it (recordChargeOutcome).
 */
export const chargeOutcome: ServerCommand<ChargeOutcomeInput, ChargeOutcomeState, ChargeOutcomeMail, ChargeOutcomeAnswer> = {
  command: chargeOutcomeCommand,
  // Declared for the runner only: the webhook is the one route every input may come from.
  path: '/api/fn/stripe-webhook',
  load(tx, input) {
    const rec = findRecord(tx, 'charges', input.chargeId);
    if (!rec) return { charge: null, booking: null, charges: [], tokens: null };
    const b = findBooking(tx, chargeField(rec, 'booking'));
    if (!b) return { charge: outcomeChargeOf(rec), booking: null, charges: [], tokens: null };
    const books = chargeField(rec, 'kind') === 'removal' && bookingField(b, 'removal_hold') === rec.id;
    return {
      charge: outcomeChargeOf(rec),
      booking: outcomeBookingOf(b),
      charges: chargesOfBooking(tx, b.id).map(chargeMoneyRowOf),
      tokens: books ? changeTokensFor(tx, b.id, 'customer') : null,
    };
  },
  composeMail(tx, m) {
    if (m.kind === 'removal_added') {
      const letters = removalAddedMails(tx.findRecordById('bookings', m.bookingId), m.paidCents, m.manageUrl);
      // The customer's letter first, then the owner's notice.
      const letter = letters[m.to === 'customer' ? 0 : 1];
      if (!letter) throw new Error(`no ${m.to} e-mail for a removal added`);
      return letter;
    }
    const charge = tx.findRecordById('charges', m.chargeId);
    const booking = tx.findRecordById('bookings', chargeField(charge, 'booking'));
    if (m.kind === 'late_payment') return latePaymentNotice(charge, booking, m.refundCents);
    if (m.kind === 'charge_failed') return chargeFailedNotice(tx, charge, booking);
    return paidChargeReceipt(tx, charge, booking);
  },
  respond(app, a) {
    // A late payment's refund is asked of Stripe after the commit, outside any transaction.
    if (a.refundBookingId) runRefunds(app, a.refundBookingId);
    return a;
  },
};

/**
 * Records how charge `input.chargeId` went (domain/commands/charge-outcome-command.ts: our own
 * Stripe call's answer, the bank's settlement of its intent, its Checkout link paid or
 * expired) through the runner's one transaction (run-command.ts executeCommand): the charge and
 * its booking written, the e-mails queued with them and sent after the commit, then a late
 * payment's refund run. Call outside any transaction. Answers whether the charge exists
 * (`found`: false for money whose charge was deleted with its booking) and whether it changed.
 */
export function recordChargeOutcome(app: CoreApp, input: ChargeOutcomeInput): ChargeOutcomeAnswer {
  const run = executeCommand(app, chargeOutcome, input, { staffId: '', origin: '', fingerprint: '' });
  if (run.kind !== 'answered') throw new Error('recordChargeOutcome: the charge-outcome command never refuses');
  return run.body as ChargeOutcomeAnswer;
}

/** The Checkout link of charge `chargeId` expired unpaid, or we closed it: the charge failed, the booking may be charged again. */
export function expireChargeCheckout(app: CoreApp, chargeId: string, sessionId: string): void {
  recordChargeOutcome(app, { via: 'checkout_expired', chargeId, sessionId });
}
