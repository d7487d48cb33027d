import { z } from 'zod';
import { pb } from '@/lib/pb';

const answerSchema = z.object({
  /** The booking as it is now, for the admin's mirror. */
  booking: z.looseObject({ id: z.string(), updated_at: z.string() }),
  refunded: z.boolean(),
});
export type CancelAnswer = z.infer<typeof answerSchema>;

/** The owner's own choices on a cancel, beyond refunding or keeping the deposit. */
export interface CancelExtras {
  /** Her own refund, in cents (0..what the payments still hold); absent: what the policy refunds. */
  refundCents?: number;
  /** A personal message for the customer's cancellation e-mail (plain text, at most 1,000 characters). */
  message?: string;
}

/**
 * POST /api/fn/admin-bookings/cancel (admin only; docs/decisions/032): cancels `bookingId`,
 * refunding the deposit when `refund` (once, under Stripe's key for the booking) or keeping it,
 * or refunding `extras.refundCents` as the ledger splits it (domain/commands/
 * booking-cancel-command.ts ownerRefundSplit), with `extras.message` in the customer's e-mail.
 * A booking already cancelled answers as it is, so a replay is harmless. Rejects with a
 * ClientResponseError (400 an amount above what is refundable, 409 money in flight or not confirmed).
 */
export async function cancelBooking(bookingId: string, refund: boolean, idempotencyKey: string, extras: CancelExtras = {}): Promise<CancelAnswer> {
  const body = { bookingId, refund, ...extras };
  const res = await pb.send('/api/fn/admin-bookings/cancel', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey }, requestKey: null });
  return answerSchema.parse(res);
}
