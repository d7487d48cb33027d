import { describe, expect, it } from 'vitest';
import { pendingPaymentRow } from '../../tests/support/domain-builders';
import type { PaymentBookingRow } from './booking-money';
import { derivedAfter } from '../../tests/support/derived-money';
import { releaseHoldCommand, type ReleaseHoldState } from './release-hold-command';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const row = pendingPaymentRow;
const state = (booking: PaymentBookingRow | null): ReleaseHoldState => ({ booking, charges: [] });

describe('the release-hold command', () => {
  it.each([['hold_expired' as const], ['customer_cancelled' as const]])('cancels a waiting booking with %s', (reason) => {
    const out = releaseHoldCommand.decide(state(row()), { sessionId: 'cs_1', reason }, NOW);
    expect(out).toEqual({
      changes: [{ op: 'update', collection: 'bookings', id: 'b1', fields: { status: 'cancelled', cancel_reason: reason } }],
      mails: [],
      answer: { bookingId: 'b1', released: true },
    });
    // Its payment_status is the runner's, from the rows written (docs/decisions/061).
    expect(derivedAfter(row(), [], 'changes' in out ? out.changes : []).payment_status).toBe('pending');
  });

  it.each([
    ['a confirmed booking', row({ status: 'confirmed', payment_status: 'deposit_paid' })],
    ['a booking already cancelled (a replay)', row({ status: 'cancelled', cancel_reason: 'hold_expired' })],
    ['a payment on its way', row({ payment_status: 'deposit_paid' })],
    ['a conflict', row({ status: 'payment_conflict', payment_status: 'refund_pending' })],
  ])('leaves %s untouched', (_name, booking) => {
    expect(releaseHoldCommand.decide(state(booking), { sessionId: 'cs_1', reason: 'hold_expired' }, NOW)).toEqual({ changes: [], mails: [], answer: { bookingId: 'b1', released: false } });
  });

  it('answers no booking for an unknown session', () => {
    expect(releaseHoldCommand.decide(state(null), { sessionId: 'cs_x', reason: 'hold_expired' }, NOW)).toEqual({ changes: [], mails: [], answer: { bookingId: '', released: false } });
  });

  it('parses a session and reads any other reason as an expiry', () => {
    expect(releaseHoldCommand.parse({}, [])).toEqual({ ok: false, message: 'No payment session found.' });
    expect(releaseHoldCommand.parse({ sessionId: ' cs_1 ', reason: 'x' }, [])).toEqual({ ok: true, value: { sessionId: 'cs_1', reason: 'hold_expired' } });
    expect(releaseHoldCommand.idempotency).toMatchObject({ by: 'natural' });
  });
});
