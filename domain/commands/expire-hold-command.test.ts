import { describe, expect, it } from 'vitest';
import { LIFECYCLE_MESSAGES } from '../booking/lifecycle';
import { EXPIRE_HOLD_MESSAGES, expireHoldCommand, type ExpireHoldState } from './expire-hold-command';

const NOW = Date.parse('2026-11-20T17:00:00Z');
const held: NonNullable<ExpireHoldState['booking']> = {
  id: 'b1',
  status: 'pending_payment' as const,
  payment_status: 'pending' as const,
  cancel_reason: '' as const,
  holdExpiresAtMs: NOW - 1000,
  install_done_at: '',
  removal_done_at: '',
  removal_date: '2026-12-28',
  removal_time_slot: '9-15',
  removal_hold: '',
};
const decide = (booking: ExpireHoldState['booking']) => expireHoldCommand.decide({ booking }, { bookingId: 'b1' }, NOW);

describe('the expire-checkout-hold command', () => {
  it.each([
    ['a hold that ended a second ago', held],
    ['a hold that ended a day ago', { ...held, holdExpiresAtMs: NOW - 86_400_000 }],
  ])('cancels %s with reason hold_expired', (_name, booking) => {
    expect(decide(booking)).toEqual({
      changes: [{ op: 'update', collection: 'bookings', id: 'b1', fields: { status: 'cancelled', cancel_reason: 'hold_expired' } }],
      mails: [],
      answer: { cancelled: true, bookingId: 'b1' },
    });
  });

  it.each([
    ['a booking gone', null, 404, EXPIRE_HOLD_MESSAGES.notFound],
    ['a hold still running', { ...held, holdExpiresAtMs: NOW + 60_000 }, 409, EXPIRE_HOLD_MESSAGES.running],
    ['a hold ending this very instant', { ...held, holdExpiresAtMs: NOW }, 409, EXPIRE_HOLD_MESSAGES.running],
    ['a booking without a hold time', { ...held, holdExpiresAtMs: NaN }, 409, EXPIRE_HOLD_MESSAGES.running],
    ['a deposit paid meanwhile', { ...held, status: 'confirmed', payment_status: 'deposit_paid' }, 409, EXPIRE_HOLD_MESSAGES.notHeld],
    ['a booking already cancelled (a second run)', { ...held, status: 'cancelled', cancel_reason: 'hold_expired' }, 409, LIFECYCLE_MESSAGES.notPending],
    ['a payment conflict', { ...held, status: 'payment_conflict' }, 409, LIFECYCLE_MESSAGES.notPending],
  ] as const)('refuses %s', (_name, booking, status, message) => {
    expect(decide(booking)).toEqual({ status, message });
  });
});
