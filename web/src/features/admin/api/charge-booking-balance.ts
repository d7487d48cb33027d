import { z } from 'zod';
import { pb } from '../../../lib/pb';

/**
 * The damage selection the server prices itself (issue 9 part C; never an amount):
 * per-item quantities, the flat incidentals charge, or a total loss.
 */
export interface AdditionalCharges {
  items: { small?: number; fixtures?: number; textiles?: number };
  incidentals?: boolean;
  totalLoss?: boolean;
}

export interface ChargeRequest {
  bookingId: string;
  additionalCharges: AdditionalCharges;
  chargeDescription: string;
}

const answerSchema = z.object({
  success: z.boolean(),
  error: z.string().nullish(),
  requiresCheckout: z.boolean().nullish(),
  checkoutUrl: z.string().nullish(),
  /** Cents. */
  amountCharged: z.number().nullish(),
});
export type ChargeAnswer = z.infer<typeof answerSchema>;

/** SPEC.md §7 default description and §8 messages. */
export const CHARGE_MESSAGES = {
  defaultDescription: 'Post-removal damages and incidentals',
  failed: 'Failed to charge card',
  linkCreated: 'Payment Link Created',
  linkCreatedText: 'The card needs the customer: they must complete the checkout that opened in a new tab.',
  selectDamage: 'Please select at least one damage item to charge',
} as const;

/**
 * POST /api/fn/charge-booking-balance (admin only): charges the balance plus the damages
 * off-session, or answers requiresCheckout with a Checkout link. `idempotencyKey` is sent as
 * the Idempotency-Key header: the same key sent again returns the first answer and never
 * charges twice, so a retry after a lost answer must reuse it. Rejects with a
 * ClientResponseError (409 when nothing is left to pay).
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
