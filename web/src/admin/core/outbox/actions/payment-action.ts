/**
 * A payment taken at the door (docs/decisions/030): the entry's id is the payment's record id,
 * counted once under the entry's key; a `queued` charges row of that id shows at once, so the
 * balance never invites the same money twice.
 */
import { paymentMethodText, type RecordedPaymentRequest } from '@domain/money/recorded-payments';
import { formatCents } from '@domain/money/cents';
import { recordPayment } from '@/admin/core/api/record-payment';
import { defineAction, removeOptimisticRow, serverRows, str, type ActionEntry } from '../action-spec';
import { QUEUED_ON_DEVICE } from '@domain/money/charge-lifecycle';

export type PaymentPayload = RecordedPaymentRequest & { [key: string]: unknown };

/** A PocketBase datetime for an instant. */
const pbDate = (d: Date) => d.toISOString().replace('T', ' ');

export const paymentAction = defineAction({
  kind: 'payment',
  send: (entry: ActionEntry<PaymentPayload>) => {
    const p = entry.payload;
    return recordPayment(entry.id, { bookingId: p.bookingId, method: p.method, amountCents: p.amountCents, checkNumber: p.checkNumber, note: p.note }, entry.idempotencyKey);
  },
  async apply(mirror, _entry, answer) {
    // The server's payment replaces the queued row of the same id.
    await mirror.apply('charges', serverRows(answer.payment));
    await mirror.apply('bookings', serverRows(answer.booking));
  },
  optimistic: (entry, { at }) => {
    const p = entry.payload;
    return {
      collection: 'charges',
      row: {
        id: entry.id,
        booking: p.bookingId,
        kind: 'balance',
        amount: p.amountCents,
        description: paymentMethodText(p.method, p.checkNumber, p.note),
        status: QUEUED_ON_DEVICE,
        checkout_url: '',
        error: '',
        method: p.method,
        check_number: p.checkNumber,
        note: p.note,
        created_by: entry.accountId,
        created_at: pbDate(at),
        updated_at: '',
      },
    };
  },
  undo: removeOptimisticRow('charges'),
  label: (p) => {
    const amount = typeof p.amountCents === 'number' ? formatCents(p.amountCents) : '';
    return `${paymentMethodText(str(p.method), str(p.checkNumber), str(p.note))} payment${amount ? ` of ${amount}` : ''}`;
  },
});

// Listed among the offline actions by its kind (action-registry.ts OutboxActions; docs/decisions/066).
declare module '../action-registry' {
  interface OutboxActions {
    payment: typeof paymentAction;
  }
}
