import { z } from 'zod';
import { pb } from '@/lib/pb';

const answerSchema = z.object({ booking: z.looseObject({ id: z.string(), updated_at: z.string() }) });

/**
 * POST /api/fn/admin-refunds/returned (admin only; docs/decisions/045): the owner gave back by
 * hand the money of payment `paymentId` ('deposit' or a charge's id) of booking `bookingId`;
 * the customer's refund receipt goes out then. Online only. Resolves with the booking as the
 * server now has it; rejects with a ClientResponseError (404 booking gone, 409 nothing to give back).
 */
export async function markRefundReturned(bookingId: string, paymentId: string): Promise<z.infer<typeof answerSchema>> {
  const res = await pb.send('/api/fn/admin-refunds/returned', { method: 'POST', body: { bookingId, paymentId }, requestKey: null });
  return answerSchema.parse(res);
}
