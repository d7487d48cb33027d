import { describe, expect, it } from 'vitest';
import { derivedAfter } from '../../tests/support/derived-money';
import { pendingPaymentRow } from '../../tests/support/domain-builders';
import { checkoutSessionCommand, type CheckoutSessionState } from './checkout-session-command';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const booking = (over: Partial<NonNullable<CheckoutSessionState['booking']>> = {}): CheckoutSessionState => ({
  booking: { ...pendingPaymentRow(), checkout_url: '', checkout_session_id: '', ...over },
});
const given = { bookingId: 'b1', sessionId: 'cs_1', url: 'https://checkout.stripe.com/c/cs_1' };
const failed = { bookingId: 'b1', sessionId: '', url: '' };

describe('the checkout-session command', () => {
  it('stores the session Stripe gave', () => {
    expect(checkoutSessionCommand.decide(booking(), given, NOW)).toEqual({
      changes: [{ op: 'update', collection: 'bookings', id: 'b1', fields: { checkout_session_id: 'cs_1', checkout_url: given.url } }],
      mails: [],
      answer: { url: given.url, sessionId: 'cs_1', bookingId: 'b1' },
    });
  });

  it.each([
    ['Stripe gave another session', given],
    ['Stripe failed this time', failed],
  ])('keeps a page stored meanwhile when %s', (_name, input) => {
    const stored = booking({ checkout_url: 'https://checkout.stripe.com/c/cs_0', checkout_session_id: 'cs_0' });
    expect(checkoutSessionCommand.decide(stored, input, NOW)).toEqual({ changes: [], mails: [], answer: { url: 'https://checkout.stripe.com/c/cs_0', sessionId: 'cs_0', bookingId: 'b1' } });
  });

  it('lets the hold go when Stripe failed and no page is stored (checkout_failed)', () => {
    const out = checkoutSessionCommand.decide(booking(), failed, NOW);
    expect(out).toEqual({
      changes: [{ op: 'update', collection: 'bookings', id: 'b1', fields: { status: 'cancelled', cancel_reason: 'checkout_failed' } }],
      mails: [],
      answer: { url: '', sessionId: '', bookingId: 'b1' },
    });
    // Its payment_status is the runner's, from the rows written (docs/decisions/061).
    expect(derivedAfter(booking().booking!, [], 'changes' in out ? out.changes : []).payment_status).toBe('pending');
  });

  it.each([
    ['already let go', booking({ status: 'cancelled', cancel_reason: 'checkout_failed' })],
    ['gone', { booking: null }],
  ])('changes nothing for a booking %s', (_name, state) => {
    expect(checkoutSessionCommand.decide(state, failed, NOW)).toEqual({ changes: [], mails: [], answer: { url: '', sessionId: '', bookingId: 'b1' } });
  });

  it('parses a session only with both its id and URL', () => {
    expect(checkoutSessionCommand.parse({ bookingId: 'b1', sessionId: 'cs_1' }, [])).toEqual({ ok: true, value: failed });
    expect(checkoutSessionCommand.parse({}, [])).toEqual({ ok: false, message: 'Please choose the booking.' });
  });
});
