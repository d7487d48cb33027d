/**
 * POST /api/fn/my-booking/add-removal { token, date, timeSlot } (docs/decisions/029): the
 * customer adds the optional removal they skipped at booking, on a free removal slot at least
 * 7 days away (48 hours within the first 72 hours after booking).
 * - Free (an upgrade includes it): booked at once → 200 { added: true, view }.
 * - Priced (pricing.ts removalAdditionCents, computed here from the stored choices): the
 *   booking holds the date and slot for a `removal` charge in the same transaction as the
 *   overlap check (two customers onto one slot: one owner), and a Checkout page is opened for
 *   its price → 200 { url }; paying it books the removal (the charge webhook, with its receipt
 *   and the updated calendar), expiry lets the slot go. Demo mode pays at once →
 *   200 { added: true, view }. A second request while the page is open gets the same { url }.
 * Refused: a dead link 404; a booking whose removal is not optional, already booked, not
 * confirmed and paid, or with another payment open 409; a date too soon or taken 409; a date
 * outside the removal season or a slot not offered 400; Stripe unreachable 503 (nothing held).
 */
import { CHARGE_MESSAGES } from '@domain/balance-charge';
import { isTreeSize } from '@domain/catalog';
import { slotHasConflict } from '@domain/overlap';
import { removalAdditionCents } from '@domain/pricing';
import { removalDateProblem } from '@domain/season';
import { SELF_SERVICE_MESSAGES as M, visitChangeDeadlineMs, visitStartMs } from '@domain/self-service';
import { findSlot } from '@domain/slots';
import { bookingsOnDates, choicesOfBooking } from '../bookings/bookings-repo';
import { nowMs, toPbDate } from '../clock';
import { apiError, appOrigin, badRequest, readJsonObject } from '../http';
import { deliverMail } from '../mail/mail-outbox';
import { openCharges, recordChargeOutcome } from '../payments/balance-charges';
import { payChargeByLink } from '../payments/balance-payment';
import { loadBookingDateContext, loadCrews } from '../settings';
import { changeByLink, requireBooking } from './manage-links';
import { myBookingView } from './my-booking-view';
import { bookHeldRemoval } from './removal-hold';

/** The open Checkout page of the removal booking `booking` holds, or null. */
function heldRemovalUrl(booking: core.Record): string | null {
  const hold = booking.getString('removal_hold');
  if (!hold) return null;
  const charge = openCharges($app, booking.id).find((c) => c!.id === hold);
  return charge && charge.getString('status') === 'requires_checkout' ? charge.getString('checkout_url') || null : null;
}

export function myBookingAddRemovalRoute(e: core.RequestEvent): void {
  const body = readJsonObject(e);
  const now = nowMs();
  const booking = requireBooking($app, body, now);
  const open = heldRemovalUrl(booking);
  if (open) return e.json(200, { url: open });

  const choices = choicesOfBooking(booking);
  const cents = choices ? removalAdditionCents(choices) : null;
  if (cents === null) throw apiError(409, M.removalClosed);
  const date = typeof body.date === 'string' ? body.date : '';
  const problem = removalDateProblem(date, booking.getString('install_date'), loadBookingDateContext($app, booking.getString('install_date')));
  if (problem) throw badRequest(problem);
  const size = booking.getString('tree_size');
  const slot = isTreeSize(size) ? findSlot(size, date, 'removal', typeof body.timeSlot === 'string' ? body.timeSlot : '') : null;
  if (!slot) throw badRequest('That removal time slot is not offered on this date. Please choose another slot.');

  const crews = loadCrews($app);
  let chargeId = '';
  let mailIds: string[] = [];
  const bookingId = changeByLink(body, now, (tx, b, options) => {
    if (!options.addRemoval) return { status: 409, message: M.removalClosed };
    if (b.getString('removal_hold') || openCharges(tx, b.id).length > 0) return { status: 409, message: M.removalPaymentOpen };
    if (now >= visitChangeDeadlineMs('removal', visitStartMs(date, slot.id), options.changeWindowEndsAtMs)) return { status: 409, message: M.removalTooSoon };
    const others = bookingsOnDates(tx, [date]).filter((o) => o.id !== b.id);
    if (slotHasConflict(date, slot, others, now, crews)) return { status: 409, message: M.slotTaken };

    b.set('removal_date', date);
    b.set('removal_time_slot', slot.id);
    if (cents === 0) {
      mailIds = bookHeldRemoval(tx, b, 0, now);
      return;
    }
    const charge = new Record(tx.findCollectionByNameOrId('charges'));
    charge.load({
      booking: b.id,
      kind: 'removal',
      amount: cents,
      balance_amount: 0,
      damages_amount: 0,
      damage_lines: [],
      description: 'Removal service',
      // One removal payment at a time per booking (checked above), so the count numbers the attempt.
      idempotency_key: `customer-removal-${b.id}-${tx.findRecordsByFilter('charges', 'booking = {:b}', '', 0, 0, { b: b.id } as unknown as dbx.Params).length + 1}`,
      request_fingerprint: $security.sha256(JSON.stringify(['removal', b.id, date, slot.id])),
      status: 'pending',
      attempted_at: toPbDate(now),
      requested_at: toPbDate(now),
      created_by: '',
    });
    tx.save(charge);
    chargeId = charge.id;
    b.set('removal_hold', charge.id);
    tx.save(b);
  });
  if (!chargeId) {
    deliverMail($app, mailIds);
    return e.json(200, { added: true, view: myBookingView($app.findRecordById('bookings', bookingId), now) });
  }

  const held = $app.findRecordById('bookings', bookingId);
  const outcome = payChargeByLink($app.findRecordById('charges', chargeId), held, appOrigin(e));
  // No clear answer from Stripe: nothing was shown to the customer, so the hold is let go at once.
  const recorded = outcome.status === 'unknown' ? { status: 'failed' as const, paymentIntentId: '', error: CHARGE_MESSAGES.unreachable } : outcome;
  deliverMail($app, recordChargeOutcome($app, chargeId, recorded));
  if (outcome.status === 'unknown') throw apiError(503, CHARGE_MESSAGES.unreachable);
  const charge = $app.findRecordById('charges', chargeId);
  const status = charge.getString('status');
  if (status === 'succeeded') return e.json(200, { added: true, view: myBookingView($app.findRecordById('bookings', bookingId), now) });
  if (status === 'requires_checkout' && charge.getString('checkout_url')) return e.json(200, { url: charge.getString('checkout_url') });
  throw apiError(502, charge.getString('error') || CHARGE_MESSAGES.failed);
}
