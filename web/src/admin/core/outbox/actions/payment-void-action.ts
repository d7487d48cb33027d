/**
 * The void of a payment recorded at the door (docs/decisions/030), once under the entry's key;
 * the payments panel shows the queued void beside its payment.
 */
import { voidPayment } from '@/admin/core/api/record-payment';
import { defineAction, nothingToUndo, serverRows, str, type ActionEntry } from '../action-spec';

export interface PaymentVoidPayload {
  [key: string]: unknown;
  bookingId: string;
  paymentId: string;
  reason: string;
}

export const paymentVoidAction = defineAction({
  kind: 'payment_void',
  send: (entry: ActionEntry<PaymentVoidPayload>) => voidPayment(entry.payload.paymentId, entry.payload.reason, entry.idempotencyKey),
  async apply(mirror, _entry, answer) {
    await mirror.apply('charges', serverRows(answer.payment));
    await mirror.apply('bookings', serverRows(answer.booking));
  },
  undo: nothingToUndo,
  label: (p) => `Void of a payment: “${str(p.reason)}”`,
});

// Listed among the offline actions by its kind (action-registry.ts OutboxActions; docs/decisions/066).
declare module '../action-registry' {
  interface OutboxActions {
    payment_void: typeof paymentVoidAction;
  }
}
