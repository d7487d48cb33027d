/**
 * POST /api/fn/admin-bookings/cancel (docs/decisions/032), admin only: the owner cancels a
 * booking, choosing to refund the deposit or to keep it as the policy allows. The rule is
 * domain/commands/booking-cancel-command.ts ownerCancelCommand, run through the command
 * runner's transaction (lib/commands/run-command.ts executeCommand) between two Stripe calls.
 * Header Idempotency-Key (the phone's outbox sends its own, so it may come again); body
 * { bookingId, refund: boolean, refundCents?: number, message?: string } → 200 { booking, refunded }.
 * `refundCents` (integer cents, 0 up to what the payments still hold) replaces what the policy
 * refunds: the ledger splits it over the payments after the deposit, newest first, and gives
 * the deposit back only whole (ownerRefundSplit); `message` (plain text, at most 1,000
 * characters) is stored as `cancel_message` and goes into the customer's cancellation e-mail,
 * whichever path sends it.
 * - First, outside any transaction: the booking's open payment links are closed at Stripe
 *   (one way of collecting at a time, docs/decisions/045).
 * - In one transaction: the booking is cancelled (`owner_cancelled`, its slots free at once),
 *   the refunds the ledger asks for queued (the deposit when refunded, anything paid beyond it
 *   always), `payment_status` as the ledger reads it, the calendar SEQUENCE raised, its manage
 *   links revoked, the history written (`owner_change`), and, when nothing is to be refunded,
 *   the customer's cancellation e-mail (METHOD:CANCEL) and the owner's notice queued.
 * - Then the refunds, outside it, each payment its own way (lib/payments/refund.ts): a card
 *   through Stripe under a key per payment (a retry never refunds twice; demo recorded), cash
 *   or a check to be given back by hand. A Stripe failure stays pending, retried by the
 *   hold-expiry job.
 * A booking already cancelled answers as it is (a replay from the outbox changes nothing).
 * Refused: 400 a malformed body or key, a refund above what is refundable or one that would
 * give back part of the deposit (a plain sentence); 404 no such booking; 409 a booking that is not
 * confirmed, or whose money is still moving (a charge in flight or waiting on its link).
 */
import { CHARGE_MESSAGES } from '@domain/money/balance-charge';
import { ownerCancelCommand, type CancelAnswer, type CancellationMail, type OwnerCancelInput, type OwnerCancelState } from '@domain/commands/booking-cancel-command';
import type { ServerCommand } from '../commands/run-command';
import type { OutsideCall } from '../commands/run-outside-call';
import { cancelTargetOf, cancellationMail } from '../booking-changes/booking-command-state';
import { runRefunds } from '../payments/refund';
import { closeOpenCollections } from '../payments/open-collections';
import { findBooking } from '../booking-store/bookings-repo';
import { slotsFreed } from '../freed-slots';
import { BookingStatus, PaymentStatus } from '@domain/booking/lifecycle';
import { bookingField } from '../booking-row';

export const ownerCancel: ServerCommand<OwnerCancelInput, OwnerCancelState, CancellationMail, CancelAnswer> = {
  command: ownerCancelCommand,
  path: '/api/fn/admin-bookings/cancel',
  load(tx, input, ctx) {
    const r = findBooking(tx, input.bookingId);
    return { found: r ? cancelTargetOf(tx, r, 'owner') : null, paymentInFlight: CHARGE_MESSAGES.deleteInFlight, staffId: ctx.staffId };
  },
  composeMail: cancellationMail,
  respond: (_app, a) => a,
};

/**
 * The owner's cancel around Stripe (docs/decisions/048 and 063): the runner's request steps
 * (the admin, the key header, the body), then open payment links closed at Stripe, the cancel
 * command, the refunds at Stripe, and the freed slots offered to the waitlist.
 */
export const ownerCancelCall: OutsideCall<OwnerCancelInput> = {
  path: ownerCancel.path,
  caller: 'admin',
  request: ownerCancelCommand,
  steps({ input }, run) {
    // One way of collecting at a time: open payment links are closed first (docs/decisions/045).
    const existing = findBooking($app, input.bookingId);
    if (existing && existing.getString('status') === BookingStatus.Confirmed) closeOpenCollections($app, input.bookingId, CHARGE_MESSAGES.deleteInFlight);
    const answer = run.command(ownerCancel, input) as CancelAnswer;
    // A replay of the same request (the outbox) answers as the first did.
    const refunded =
      answer.refundsQueued || answer.refund
        ? runRefunds($app, answer.bookingId) || bookingField($app.findRecordById('bookings', answer.bookingId), 'payment_status') === PaymentStatus.Refunded
        : false;
    const booking = $app.findRecordById('bookings', answer.bookingId);
    // Its slots go to the people waiting for those days (best effort, after the commit).
    slotsFreed($app, [bookingField(booking, 'install_date'), bookingField(booking, 'removal_date')]);
    return { booking, refunded };
  },
};
