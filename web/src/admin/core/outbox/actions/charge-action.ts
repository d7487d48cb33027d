/**
 * The balance plus damages charge (docs/product.md §7; docs/decisions/013, 016): sent to
 * POST /api/fn/charge-booking-balance with the entry's key as Idempotency-Key (one key per
 * attempt, made by the dialog: the server charges a key once). Nothing optimistic: the screen
 * waits for the answer, or shows the entry as queued.
 */
import { formatCents } from '@domain/money/cents';
import { chargeBookingBalance, type ChargeAnswer, type ChargeRequest } from '@/admin/core/api/charge-booking-balance';
import { defineAction, nothingToUndo, serverRows, type ActionEntry } from '../action-spec';

export interface ChargePayload extends ChargeRequest {
  [key: string]: unknown;
  /** What the dialog showed (cents): for the queued line only; the server prices it again. */
  estimateCents: number;
}

export const chargeAction = defineAction({
  kind: 'charge',
  send: (entry: ActionEntry<ChargePayload>): Promise<ChargeAnswer> => {
    const p = entry.payload;
    return chargeBookingBalance({ bookingId: p.bookingId, additionalCharges: p.additionalCharges, chargeDescription: p.chargeDescription }, entry.idempotencyKey);
  },
  async apply(mirror, _entry, answer) {
    await mirror.apply('charges', serverRows(answer.charge));
    await mirror.apply('bookings', serverRows(answer.booking));
  },
  undo: nothingToUndo,
  label: (p) => {
    const damages = p.additionalCharges && typeof p.additionalCharges === 'object';
    const estimate = typeof p.estimateCents === 'number' ? ` (about ${formatCents(p.estimateCents)})` : '';
    return `${damages ? 'Damages and balance charge' : 'Balance charge'}${estimate}`;
  },
});

// Listed among the offline actions by its kind (action-registry.ts OutboxActions; docs/decisions/066).
declare module '../action-registry' {
  interface OutboxActions {
    charge: typeof chargeAction;
  }
}
