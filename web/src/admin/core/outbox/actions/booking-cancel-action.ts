/**
 * The owner's cancellation of a booking, the deposit refunded or kept, or her own refund amount,
 * with an optional personal message for the customer (docs/decisions/032), applied once under
 * the entry's key; the screen waits for the answer or shows it queued.
 */
import { cancelBooking } from '@/admin/core/api/cancel-booking';
import { formatCents } from '@domain/money/cents';
import { defineAction, nothingToUndo, serverRows, type ActionEntry } from '../action-spec';

export interface BookingCancelPayload {
  [key: string]: unknown;
  bookingId: string;
  refund: boolean;
  /** Her own refund in cents, when she chose the amount (entries queued before it have none). */
  refundCents?: number;
  message?: string;
}

export const bookingCancelAction = defineAction({
  kind: 'booking_cancel',
  send: (entry: ActionEntry<BookingCancelPayload>) => {
    const { bookingId, refund, refundCents, message } = entry.payload;
    // Only the choices made go to the server: a plain cancel stays the request it always was.
    const extras = { ...(refundCents !== undefined ? { refundCents } : {}), ...(message ? { message } : {}) };
    return Object.keys(extras).length > 0 ? cancelBooking(bookingId, refund, entry.idempotencyKey, extras) : cancelBooking(bookingId, refund, entry.idempotencyKey);
  },
  async apply(mirror, _entry, answer) {
    await mirror.apply('bookings', serverRows(answer.booking));
  },
  undo: nothingToUndo,
  label: (p) =>
    typeof p.refundCents === 'number' ? `Cancel the booking, refund ${formatCents(p.refundCents)}` : p.refund ? 'Cancel the booking, refund the deposit' : 'Cancel the booking, keep the deposit',
});

// Listed among the offline actions by its kind (action-registry.ts OutboxActions; docs/decisions/066).
declare module '../action-registry' {
  interface OutboxActions {
    booking_cancel: typeof bookingCancelAction;
  }
}
