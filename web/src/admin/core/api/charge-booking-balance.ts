import { z } from 'zod';
import type { DamageSelection } from '@domain/money/damages';
import { pb } from '@/lib/pb';

/**
 * The body of charge-booking-balance (docs/product.md §7; docs/decisions/015): the booking, the damage selection
 * the server prices itself (domain/money/damages.ts; null to charge the balance alone) and the
 * description ('Post-removal damages and incidentals' by default).
 */
export interface ChargeRequest {
  bookingId: string;
  additionalCharges: DamageSelection | null;
  chargeDescription: string;
}

const answerSchema = z.object({
  success: z.boolean(),
  error: z.string().nullish(),
  requiresCheckout: z.boolean().nullish(),
  checkoutUrl: z.string().nullish(),
  /** Cents. */
  amountCharged: z.number().nullish(),
  /** The charge and booking records as they are after the attempt, for the admin's mirror. */
  charge: z.looseObject({ id: z.string(), updated_at: z.string() }).nullish(),
  booking: z.looseObject({ id: z.string(), updated_at: z.string() }).nullish(),
});
export type ChargeAnswer = z.infer<typeof answerSchema>;

/**
 * POST /api/fn/charge-booking-balance (admin only): charges the balance plus the damages
 * off-session, or answers requiresCheckout with a Checkout link. `idempotencyKey` is sent as
 * the Idempotency-Key header: the same key sent again returns the first answer and never
 * charges twice, so a retry after a lost answer must reuse it. Rejects with a
 * ClientResponseError (409 when nothing is left to pay or the booking cannot be charged).
 */
export async function chargeBookingBalance(req: ChargeRequest, idempotencyKey: string): Promise<ChargeAnswer> {
  const res = await pb.send('/api/fn/charge-booking-balance', {
    method: 'POST',
    body: req,
    headers: { 'Idempotency-Key': idempotencyKey },
    requestKey: null,
  });
  return answerSchema.parse(res);
}

/**
 * A fresh Idempotency-Key: 32 random hex digits (crypto.getRandomValues also works on a plain
 * http:// address, where crypto.randomUUID does not).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `charge-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
