import { z } from 'zod';
import { pb } from '@/lib/pb';

const answerSchema = z.object({ sent: z.literal(true), email: z.string() });
export type FreshLinkAnswer = z.infer<typeof answerSchema>;

/**
 * POST /api/fn/admin-bookings/send-link (admin only; docs/decisions/027): e-mails the customer
 * of `bookingId` a fresh manage link, which ends the one they had. The same `idempotencyKey`
 * again sends nothing more and answers the same. Online only. Rejects with a
 * ClientResponseError (404 no such booking; 409 not confirmed yet, or no e-mail address).
 */
export async function sendFreshLink(bookingId: string, idempotencyKey: string): Promise<FreshLinkAnswer> {
  const res = await pb.send('/api/fn/admin-bookings/send-link', { method: 'POST', body: { bookingId }, headers: { 'Idempotency-Key': idempotencyKey }, requestKey: null });
  return answerSchema.parse(res);
}
