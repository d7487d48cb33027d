import { z } from 'zod';
import type { VisitKind } from '@domain/schedule/slots';
import { pb } from '@/lib/pb';

const answerSchema = z.object({
  /** The booking as it is now, for the admin's mirror. */
  booking: z.looseObject({ id: z.string(), updated_at: z.string() }),
});
export type MoveAnswer = z.infer<typeof answerSchema>;

/** The owner's move of one visit (docs/decisions/036): `date` `YYYY-MM-DD` (New York), `timeSlot` a slot id ('9-15'). */
export interface VisitMoveRequest {
  bookingId: string;
  visit: VisitKind;
  date: string;
  timeSlot: string;
}

/**
 * POST /api/fn/admin-bookings/move (admin only): moves a booking's installation or removal to
 * another free slot and e-mails the customer; a replay of the key changes nothing. Rejects with
 * a ClientResponseError (400 a date or slot the season refuses, 409 the slot taken meanwhile or
 * a visit that can no longer move).
 */
export async function moveVisit(req: VisitMoveRequest, idempotencyKey: string): Promise<MoveAnswer> {
  const res = await pb.send('/api/fn/admin-bookings/move', { method: 'POST', body: req, headers: { 'Idempotency-Key': idempotencyKey }, requestKey: null });
  return answerSchema.parse(res);
}
