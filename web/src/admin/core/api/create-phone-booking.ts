import { z } from 'zod';
import type { PhoneDeposit } from '@domain/booking/phone-booking';
import type { BookingRequestInput } from '@domain/booking/schemas';
import { pb } from '@/lib/pb';

const answerSchema = z.object({
  /** The new booking, for the admin's mirror. */
  booking: z.looseObject({ id: z.string(), updated_at: z.string(), status: z.string() }),
  /** The deposit's Checkout link e-mailed to the customer ('' when the deposit was taken). */
  url: z.string(),
});
export type PhoneBookingAnswer = z.infer<typeof answerSchema>;

/** The deposit as the request sends it: 'link', or how it was paid now. */
export function depositBody(d: PhoneDeposit): unknown {
  return d.kind === 'link' ? 'link' : { method: d.method, checkNumber: d.checkNumber, note: d.note };
}

/**
 * POST /api/fn/admin-bookings/create (admin only; docs/decisions/037): books `bookingData` (the
 * wizard's request) for a customer who phoned, the deposit taken now or sent as a link; the same
 * `idempotencyKey` again gets the same booking. Online only. Rejects with a ClientResponseError
 * (400 the wizard's messages, 409 a slot taken meanwhile).
 */
export async function createPhoneBooking(bookingData: BookingRequestInput, deposit: PhoneDeposit, idempotencyKey: string): Promise<PhoneBookingAnswer> {
  const res = await pb.send('/api/fn/admin-bookings/create', {
    method: 'POST',
    body: { bookingData, deposit: depositBody(deposit) },
    headers: { 'Idempotency-Key': idempotencyKey },
    requestKey: null,
  });
  return answerSchema.parse(res);
}
