import { ClientResponseError } from 'pocketbase';
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
 * (400 the wizard's messages, 409 a slot taken meanwhile; 409 with `code` 'offer_open' when the
 * slot is held only by a waitlist offer: see `openOfferSentence`). `endOffer`: book anyway, ending
 * that offer (the waiting customer is told) in the booking's transaction (the waitlist contract).
 */
export async function createPhoneBooking(bookingData: BookingRequestInput, deposit: PhoneDeposit, idempotencyKey: string, endOffer = false): Promise<PhoneBookingAnswer> {
  const res = await pb.send('/api/fn/admin-bookings/create', {
    method: 'POST',
    body: { bookingData, deposit: depositBody(deposit), ...(endOffer ? { endOffer: true } : {}) },
    headers: { 'Idempotency-Key': idempotencyKey },
    requestKey: null,
  });
  return answerSchema.parse(res);
}

const offerOpenSchema = z.object({ code: z.literal('offer_open'), message: z.string() });

/**
 * The server's sentence when a phone booking's slot is held only by an open waitlist offer
 * (409 { code: 'offer_open', message: 'An offer for this time is open to Jane D. until 8:00 PM.' }),
 * or null for any other failure.
 */
export function openOfferSentence(err: unknown): string | null {
  if (!(err instanceof ClientResponseError) || err.status !== 409) return null;
  const parsed = offerOpenSchema.safeParse(err.response);
  return parsed.success ? parsed.data.message : null;
}
