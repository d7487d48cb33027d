import { z } from 'zod';
import type { BlockedDayChoice } from '@domain/commands/blocked-day-command';
import { pb } from '@/lib/pb';

const answerSchema = z.object({ choice: z.enum(['keep', 'emailed']), booking: z.looseObject({ id: z.string(), updated_at: z.string() }) });

/**
 * POST /api/fn/admin-bookings/blocked-day (admin only; domain/commands/blocked-day-command.ts):
 * the owner keeps booking `bookingId`'s visit on the blocked day `date` (YYYY-MM-DD), or e-mails
 * its customer `message`. `key` is the Idempotency-Key of this attempt (a retry sends the same
 * one: the e-mail goes once). Online only. Resolves with the stored choice and the booking;
 * rejects with a ClientResponseError (404 booking gone, 409 the day or the visit changed).
 */
export async function chooseForBlockedDay(bookingId: string, date: string, choice: BlockedDayChoice, message: string, key: string): Promise<z.infer<typeof answerSchema>> {
  const res = await pb.send('/api/fn/admin-bookings/blocked-day', { method: 'POST', headers: { 'Idempotency-Key': key }, body: { bookingId, date, choice, message }, requestKey: null });
  return answerSchema.parse(res);
}
