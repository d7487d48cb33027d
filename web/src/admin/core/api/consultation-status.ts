import { z } from 'zod';
import type { ConsultationAction } from '@domain/consultations/consultation-status';
import { pb } from '@/lib/pb';

const answerSchema = z.object({
  /** The consultation request as it is now, for the admin's mirror. */
  consultation: z.looseObject({ id: z.string(), updated_at: z.string() }),
});
export type ConsultationAnswer = z.infer<typeof answerSchema>;

/** What the owner does with a consultation request (docs/decisions/033). */
export interface ConsultationChange {
  id: string;
  action: ConsultationAction;
  /** The new date and slot of a reschedule ('' otherwise). */
  date: string;
  timeSlot: string;
}

/**
 * POST /api/fn/consultations/status (admin only): confirms, moves, marks done or cancels a
 * consultation request and e-mails the customer; the same action again changes nothing.
 * Rejects with a ClientResponseError (409 a slot taken meanwhile or a done or cancelled request).
 */
export async function answerConsultation(change: ConsultationChange, idempotencyKey: string): Promise<ConsultationAnswer> {
  const res = await pb.send('/api/fn/consultations/status', { method: 'POST', body: change, headers: { 'Idempotency-Key': idempotencyKey }, requestKey: null });
  return answerSchema.parse(res);
}
