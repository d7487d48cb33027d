import { z } from 'zod';
import { pb } from '@/lib/pb';

const answerSchema = z.object({
  /** The booking as it is now, for the admin's mirror. */
  booking: z.looseObject({ id: z.string(), updated_at: z.string() }),
  refunded: z.boolean(),
});
export type CancelAnswer = z.infer<typeof answerSchema>;

/**
 * POST /api/fn/admin-bookings/cancel (admin only; docs/decisions/032): cancels `bookingId`,
 * refunding the deposit when `refund` (once, under Stripe's key for the booking) or keeping it.
 * A booking already cancelled answers as it is, so a replay is harmless. Rejects with a
 * ClientResponseError (409 money in flight or not confirmed).
 */
export async function cancelBooking(bookingId: string, refund: boolean, idempotencyKey: string): Promise<CancelAnswer> {
  const res = await pb.send('/api/fn/admin-bookings/cancel', { method: 'POST', body: { bookingId, refund }, headers: { 'Idempotency-Key': idempotencyKey }, requestKey: null });
  return answerSchema.parse(res);
}
