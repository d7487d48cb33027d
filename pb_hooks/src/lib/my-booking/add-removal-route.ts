/**
 * POST /api/fn/my-booking/add-removal { token, date, timeSlot, from? } (docs/decisions/029): the
 * customer adds the optional removal they skipped at booking, on a free removal slot at least
 * 7 days away (48 hours within the first 72 hours after booking). The rule is
 * domain/commands/add-removal-command.ts, run in the command runner's one transaction
 * (lib/commands/run-command.ts executeCommand), before the Stripe call when it is priced.
 * - Free (an upgrade includes it): booked at once → 200 { added: true, view }.
 * - Priced (pricing.ts removalAdditionCents, computed from the stored choices): the booking
 *   holds the date and slot for a `removal` charge in the same transaction as the overlap check
 *   (two customers onto one slot: one owner), and a Checkout page is opened for its price,
 *   outside it → 200 { url }; paying it books the removal (the charge webhook, with its receipt
 *   and the updated calendar), expiry lets the slot go. Demo mode opens the demo payment page
 *   the same way (payments/demo-checkout-route.ts: its Pay books the removal, its Cancel lets
 *   the slot go). A second request while the page is open gets the same { url }.
 * Refused: a dead link 404; a booking whose removal is not optional, already booked, not
 * confirmed and paid, or with another payment open 409; a `from` other than the removal as it is
 * (both '' when none: a page showing no removal) 409; a date too soon or taken 409; a date
 * outside the removal season or a slot not offered 400; Stripe unreachable 503 (nothing held).
 */
import { CHARGE_MESSAGES } from '@domain/money/balance-charge';
import { addRemovalCommand, removalChargeFingerprint, type AddRemovalAnswer, type AddRemovalInput, type AddRemovalState, type RemovalAddedMail } from '@domain/commands/add-removal-command';
import { choicesOfBooking } from '../booking-store/bookings-repo';
import { loadMoveWorld } from '../booking-changes/visit-move';
import { nowMs } from '../clock';
import type { ServerCommand } from '../commands/run-command';
import { apiError } from '../http';
import { runOutsideCall, type OutsideCall } from '../commands/run-outside-call';
import { removalAddedMails } from '../mail/booking-change';
import { openCharges } from '../ledger/balance-charges';
import { recordChargeOutcome } from '../payments/charge-outcome';
import { chargesOfBooking } from '../ledger-records';
import { payChargeByLink } from '../payments/balance-payment';
import { bookingFactsOf } from '../booking-changes/booking-command-state';
import { bookingForToken } from '../booking-store/manage-links';
import { myBookingView } from './my-booking-view';
import { bookingField } from '../booking-row';
import { ChargeStatus } from '@domain/money/charge-lifecycle';
import { chargeField } from '../charge-row';

/** The open Checkout page of the removal `booking` holds ('' when none), read in `app`. */
function heldRemovalUrl(app: CoreApp, booking: core.Record): string {
  const hold = bookingField(booking, 'removal_hold');
  if (!hold) return '';
  const charge = openCharges(app, booking.id).find((c) => c!.id === hold);
  return charge && chargeField(charge, 'status') === ChargeStatus.RequiresCheckout ? chargeField(charge, 'checkout_url') : '';
}

export const addRemoval: ServerCommand<AddRemovalInput, AddRemovalState, RemovalAddedMail, AddRemovalAnswer> = {
  command: addRemovalCommand,
  path: '/api/fn/my-booking/add-removal',
  load(tx, input) {
    const found = bookingForToken(tx, input.token, nowMs());
    if (!found) return { found: null };
    const r = found.booking;
    return {
      found: {
        booking: bookingFactsOf(r),
        choices: choicesOfBooking(r),
        openUrl: heldRemovalUrl(tx, r),
        openCharges: openCharges(tx, r.id).length,
        world: loadMoveWorld(tx, r, { visit: 'removal', date: input.date, timeSlot: input.timeSlot }, 'customer'),
        newCharge: {
          id: $security.randomStringWithAlphabet(15, 'abcdefghijklmnopqrstuvwxyz0123456789'),
          attempt: chargesOfBooking(tx, r.id).length + 1,
          fingerprint: $security.sha256(removalChargeFingerprint(r.id, input.date, input.timeSlot)),
        },
      },
    };
  },
  composeMail(tx, m) {
    const letters = removalAddedMails(tx.findRecordById('bookings', m.bookingId), m.paidCents, m.manageUrl);
    // The customer's letter first, then the owner's notice.
    const letter = letters[m.to === 'customer' ? 0 : 1];
    if (!letter) throw new Error(`no ${m.to} e-mail for a removal added`);
    return letter;
  },
  respond: (_app, a) => a,
};

/**
 * The added removal around Stripe (docs/decisions/048 and 063): the add-removal command decides
 * and, when priced, holds the slot with a pending charge; then the Checkout page is opened
 * outside any transaction and its outcome recorded by the charges' own path.
 */
export const addRemovalCall: OutsideCall<AddRemovalInput> = {
  path: addRemoval.path,
  request: addRemovalCommand,
  steps({ input, ctx }, run) {
    const answer = run.command(addRemoval, input) as AddRemovalAnswer;
    const addedView = (bookingId: string) => ({ added: true, view: myBookingView($app.findRecordById('bookings', bookingId), nowMs()) });
    if (answer.kind === 'open') return { url: answer.url };
    if (answer.kind === 'added') return addedView(answer.bookingId);

    // Held: the Checkout page is opened outside any transaction, and its outcome recorded by the
    // charges' own path (payments/charge-outcome.ts recordChargeOutcome, whose command books the removal when paid).
    const { bookingId, chargeId } = answer;
    const outcome = payChargeByLink($app.findRecordById('charges', chargeId), $app.findRecordById('bookings', bookingId), ctx.origin);
    // No clear answer from Stripe: nothing was shown to the customer, so the hold is let go at once.
    const recorded = outcome.status === 'unknown' ? { status: ChargeStatus.Failed, paymentIntentId: '', error: CHARGE_MESSAGES.unreachable } : outcome;
    recordChargeOutcome($app, { via: 'call', chargeId, outcome: recorded });
    if (outcome.status === 'unknown') throw apiError(503, CHARGE_MESSAGES.unreachable);
    const charge = $app.findRecordById('charges', chargeId);
    const status = chargeField(charge, 'status');
    if (status === ChargeStatus.Succeeded) return addedView(bookingId);
    if (status === ChargeStatus.RequiresCheckout && chargeField(charge, 'checkout_url')) return { url: chargeField(charge, 'checkout_url') };
    throw apiError(502, chargeField(charge, 'error') || CHARGE_MESSAGES.failed);
  },
};

export function myBookingAddRemovalRoute(e: core.RequestEvent): void {
  runOutsideCall(e, addRemovalCall);
}
