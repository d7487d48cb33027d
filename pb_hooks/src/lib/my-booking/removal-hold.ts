/**
 * The removal a customer adds through the manage link (docs/decisions/029), while its price is
 * paid on a Checkout page: the booking holds the date and slot (`removal_date`,
 * `removal_time_slot`) with `removal_hold` naming the charge, so the overlap check keeps them
 * for this customer, but it has no removal visit yet. Called inside the transactions that
 * settle the charge (lib/payments/balance-charges.ts); a free addition is booked by the
 * command (domain/commands/add-removal-command.ts) with the same fields and history line.
 */
import { removalAddedHistory, removalBookedFields } from '@domain/commands/add-removal-command';
import { configuredOrigin } from '../http';
import { removalAddedMails } from '../mail/booking-change';
import { queueMail } from '../mail/mail-outbox';
import { issueManageToken, linksFollowBooking, manageUrl, recordCustomerChange } from './manage-links';

/**
 * Books the removal `booking` holds, for `paidCents` (0: free): the removal becomes part of the
 * booking (its price added to the total and the price lines, the balance unchanged because it
 * is paid), the calendar SEQUENCE rises, the links in force follow the visits (the same link
 * keeps working, docs/decisions/027), the history records it, and both sides are e-mailed. Returns the mail outbox ids.
 */
export function bookHeldRemoval(tx: CoreApp, booking: core.Record, paidCents: number, now: number): string[] {
  const lines = JSON.parse(booking.getString('price_lines') || '[]') as unknown[];
  booking.load(removalBookedFields(booking.getInt('ics_sequence'), paidCents, booking.getInt('total_price'), Array.isArray(lines) ? lines : []));
  tx.save(booking);
  linksFollowBooking(tx, booking);
  recordCustomerChange(tx, booking.id, removalAddedHistory(booking.getString('removal_date'), booking.getString('removal_time_slot'), paidCents), now);
  const url = manageUrl(configuredOrigin(tx), issueManageToken(tx, booking));
  return removalAddedMails(booking, paidCents, url).map((m) => queueMail(tx, m));
}

/** Lets go of the date and slot held for charge `chargeId` (its Checkout page expired or failed); nothing when it holds none. */
export function releaseRemovalHold(tx: CoreApp, bookingId: string, chargeId: string): void {
  let booking: core.Record;
  try {
    booking = tx.findRecordById('bookings', bookingId);
  } catch {
    return;
  }
  if (booking.getString('removal_hold') !== chargeId) return;
  booking.set('removal_hold', '');
  booking.set('removal_date', '');
  booking.set('removal_time_slot', '');
  tx.save(booking);
}
