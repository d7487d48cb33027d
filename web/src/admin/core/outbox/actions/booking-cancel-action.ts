/**
 * The owner's cancellation of a booking, the deposit refunded or kept (docs/decisions/032),
 * applied once under the entry's key; the screen waits for the answer or shows it queued.
 */
import { cancelBooking } from '@/admin/core/api/cancel-booking';
import { defineAction, nothingToUndo, serverRows, type ActionEntry } from '../action-spec';

export interface BookingCancelPayload {
  [key: string]: unknown;
  bookingId: string;
  refund: boolean;
}

export const bookingCancelAction = defineAction({
  kind: 'booking_cancel',
  send: (entry: ActionEntry<BookingCancelPayload>) => cancelBooking(entry.payload.bookingId, entry.payload.refund, entry.idempotencyKey),
  async apply(mirror, _entry, answer) {
    await mirror.apply('bookings', serverRows(answer.booking));
  },
  undo: nothingToUndo,
  label: (p) => (p.refund ? 'Cancel the booking, refund the deposit' : 'Cancel the booking, keep the deposit'),
});
