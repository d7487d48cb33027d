import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { openOfferSentence } from './create-phone-booking';

const refusal = (status: number, data: unknown) => new ClientResponseError({ url: '/api/fn/admin-bookings/create', status, response: data });

describe('openOfferSentence', () => {
  it('reads the sentence of a time held by a waitlist offer', () => {
    expect(openOfferSentence(refusal(409, { code: 'offer_open', message: 'An offer for this time is open to Jane D. until 8:00 PM.' }))).toBe(
      'An offer for this time is open to Jane D. until 8:00 PM.',
    );
  });

  it.each([
    ['a slot taken', refusal(409, { message: 'That time was just taken.' })],
    ['another status', refusal(400, { code: 'offer_open', message: 'x' })],
    ['not an answer', new Error('offline')],
  ])('is null for any other failure (%s)', (_, err) => {
    expect(openOfferSentence(err)).toBeNull();
  });
});
