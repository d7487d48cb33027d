import { z } from 'zod';
import type { RecordedPaymentRequest } from '@domain/money/recorded-payments';
import { pb } from '@/lib/pb';

const answerSchema = z.object({
  /** The payment and its booking as they are now, for the admin's mirror. */
  payment: z.looseObject({ id: z.string(), updated_at: z.string() }),
  booking: z.looseObject({ id: z.string(), updated_at: z.string() }),
});
export type PaymentAnswer = z.infer<typeof answerSchema>;

/**
 * POST /api/fn/booking-payments (admin only; docs/decisions/030): records a cash, check or
 * other payment taken at the door as charge `id` (the client-made id), once per
 * `idempotencyKey` however often it is sent. Rejects with a ClientResponseError (400 a bad
 * amount or a check without its number, 409 a booking that cannot take payments).
 */
export async function recordPayment(id: string, req: RecordedPaymentRequest, idempotencyKey: string): Promise<PaymentAnswer> {
  const res = await pb.send('/api/fn/booking-payments', { method: 'POST', body: { id, ...req }, headers: { 'Idempotency-Key': idempotencyKey }, requestKey: null });
  return answerSchema.parse(res);
}

/** POST /api/fn/booking-payments/void: voids recorded payment `paymentId` with `reason`, once. */
export async function voidPayment(paymentId: string, reason: string, idempotencyKey: string): Promise<PaymentAnswer> {
  const res = await pb.send('/api/fn/booking-payments/void', { method: 'POST', body: { paymentId, reason }, headers: { 'Idempotency-Key': idempotencyKey }, requestKey: null });
  return answerSchema.parse(res);
}
