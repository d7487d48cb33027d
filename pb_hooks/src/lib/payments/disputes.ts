/**
 * `charge.dispute.created` (docs/decisions/021): the customer's bank disputes a payment. The
 * booking that payment belongs to (its deposit, or one of its charges) is flagged 'Disputed'
 * (`dispute_id`, `disputed_at`) and the owner is e-mailed, in one transaction; a redelivered
 * event changes nothing and e-mails no one again. On the command path: the rule is
 * domain/commands/dispute-command.ts (docs/architecture.md "The path of a command").
 */
import { disputeCommand, type DisputeAnswer, type DisputeInput, type DisputeMail, type DisputeState } from '@domain/commands/dispute-command';
import { executeCommand, type ServerCommand } from '../commands/run-command';
import { disputeNotice, type DisputeFacts } from '../mail/owner-notices';
import { logError } from '../log';
import { bookingField } from '../booking-row';
import { findRecord } from '../records';
import { chargeField } from '../charge-row';

/** The booking whose deposit or charge was PaymentIntent `paymentIntentId`, or null. */
function bookingOfIntent(tx: CoreApp, paymentIntentId: string): core.Record | null {
  const params = { pi: paymentIntentId } as unknown as dbx.Params;
  const deposit = tx.findRecordsByFilter('bookings', 'payment_intent_id = {:pi}', '', 1, 0, params);
  if (deposit[0]) return deposit[0];
  const charge = tx.findRecordsByFilter('charges', 'stripe_payment_intent_id = {:pi}', '', 1, 0, params);
  return charge[0] ? findRecord(tx, 'bookings', chargeField(charge[0], 'booking')) : null;
}

/** The dispute command on the server; run through `executeCommand` by the webhook once its signature is checked. */
export const disputeServer: ServerCommand<DisputeInput, DisputeState, DisputeMail, DisputeAnswer> = {
  command: disputeCommand,
  path: '/api/fn/stripe-webhook',
  load(tx, input) {
    const booking = bookingOfIntent(tx, input.paymentIntentId);
    return { booking: booking ? { id: booking.id, disputeId: bookingField(booking, 'dispute_id') } : null };
  },
  composeMail: (tx, m) =>
    disputeNotice(tx.findRecordById('bookings', m.bookingId), { id: m.dispute.disputeId, amountCents: m.dispute.amountCents, reason: m.dispute.reason, paymentIntentId: m.dispute.paymentIntentId }),
  respond: (_app, a) => a,
};

/** Flags the booking of dispute `d`; false when no booking has its payment. Throws when the write fails (our 5xx). */
export function recordDispute(app: CoreApp, d: DisputeFacts): boolean {
  const input: DisputeInput = { disputeId: d.id, amountCents: d.amountCents, reason: d.reason, paymentIntentId: d.paymentIntentId };
  const run = executeCommand(app, disputeServer, input, { staffId: '', origin: '', fingerprint: '' });
  const found = run.kind === 'answered' && (run.body as DisputeAnswer).found;
  if (!found) logError(`stripe-webhook: dispute ${d.id} on ${d.paymentIntentId}, which no booking has`);
  return found;
}
