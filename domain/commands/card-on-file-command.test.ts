import { describe, expect, it } from 'vitest';
import { cardOnFileCommand } from './card-on-file-command';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const booking = (cardBrand: string, cardLast4: string) => ({ booking: { id: 'b1', cardBrand, cardLast4 } });
const card = (cardBrand: string, cardLast4: string) => ({ bookingId: 'b1', cardBrand, cardLast4 });

describe('the card-on-file command', () => {
  it.each([
    ['a first card is stored', booking('', ''), card('visa', '4242'), true],
    ['another card replaces it', booking('visa', '4242'), card('mastercard', '4444'), true],
    ['the same card again changes nothing', booking('visa', '4242'), card('visa', '4242'), false],
    ['an unnamed card keeps the one on file', booking('visa', '4242'), card('', ''), false],
    ['a brand without digits keeps it too', booking('visa', '4242'), card('amex', ''), false],
  ])('%s', (_name, state, input, stored) => {
    const out = cardOnFileCommand.decide(state, input, NOW);
    expect(out).toEqual({
      changes: stored ? [{ op: 'update', collection: 'bookings', id: 'b1', fields: { card_brand: input.cardBrand, card_last4: input.cardLast4 } }] : [],
      mails: [],
      answer: { stored },
    });
  });

  it('does nothing for a booking that is gone', () => {
    expect(cardOnFileCommand.decide({ booking: null }, card('visa', '4242'), NOW)).toEqual({ changes: [], mails: [], answer: { stored: false } });
  });

  it('parses a booking and drops a malformed last4', () => {
    expect(cardOnFileCommand.parse({}, [])).toEqual({ ok: false, message: 'Please choose the booking.' });
    expect(cardOnFileCommand.parse({ bookingId: 'b1', cardBrand: 'visa', cardLast4: '42' }, [])).toEqual({ ok: true, value: { bookingId: 'b1', cardBrand: 'visa', cardLast4: '' } });
  });
});
