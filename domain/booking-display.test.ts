import { describe, expect, it } from 'vitest';
import {
  balanceCell,
  bookingStatusLabel,
  bookingStatusTone,
  compareNewestFirst,
  depositState,
  isAbandonedCheckout,
  packageTitle,
  paymentDashboardUrl,
  paymentStatusLabel,
  paymentStatusTone,
} from './booking-display';

const NOW = Date.parse('2026-11-20T17:00:00Z');

describe('packageTitle (docs/product.md §1 legacy names)', () => {
  it.each([
    ['designer', 'Adorned Arrangement'],
    ['premium', 'Elevated Arbor'],
    ['luxury', 'Curated Christmas'],
    ['elevated-arbor', 'Elevated Arbor'],
    ['Curated Christmas', 'Curated Christmas'],
    ['something-else', 'something-else'],
  ])('%s → %s', (type, title) => {
    expect(packageTitle(type)).toBe(title);
  });
});

describe('balanceCell (docs/product.md §2 Balance Due)', () => {
  it.each([
    ['deposit paid with a balance', { balance_remaining: 82500, payment_status: 'deposit_paid', status: 'confirmed' }, { kind: 'due', cents: 82500 }],
    ['paid in full', { balance_remaining: 0, payment_status: 'paid', status: 'confirmed' }, { kind: 'paid' }],
    ['nothing left but not marked paid', { balance_remaining: 0, payment_status: 'deposit_paid', status: 'confirmed' }, { kind: 'none' }],
    ['an unpaid hold', { balance_remaining: 165000, payment_status: 'pending', status: 'pending_payment' }, { kind: 'owed', cents: 165000 }],
    ['a cancelled booking: nothing due', { balance_remaining: 82500, payment_status: 'deposit_paid', status: 'cancelled' }, { kind: 'cancelled' }],
    ['a cancelled booking, deposit refunded', { balance_remaining: 165000, payment_status: 'refunded', status: 'cancelled' }, { kind: 'cancelled' }],
    ['a refunded conflict', { balance_remaining: 0, payment_status: 'refunded', status: 'payment_conflict' }, { kind: 'none' }],
  ])('%s', (_name, b, cell) => {
    expect(balanceCell(b)).toEqual(cell);
  });
});

describe('depositState and the payment link', () => {
  it.each([
    ['pending', 'pending'],
    ['deposit_paid', 'paid'],
    ['paid', 'paid'],
    ['refund_pending', 'refund_pending'],
    ['refunded', 'refunded'],
    ['', 'pending'],
  ])('%s → %s', (status, state) => {
    expect(depositState({ payment_status: status })).toBe(state);
  });

  it('links Stripe PaymentIntents only', () => {
    expect(paymentDashboardUrl({ payment_mode: 'stripe', payment_intent_id: 'pi_123abc' })).toBe('https://dashboard.stripe.com/payments/pi_123abc');
    expect(paymentDashboardUrl({ payment_mode: 'demo', payment_intent_id: 'demo_pi_1' })).toBeNull();
    expect(paymentDashboardUrl({ payment_mode: 'stripe', payment_intent_id: '' })).toBeNull();
    expect(paymentDashboardUrl({ payment_mode: 'stripe', payment_intent_id: 'pi_1/../x' })).toBeNull();
  });
});

describe('isAbandonedCheckout', () => {
  it.each([
    ['a cancelled unpaid hold', { status: 'cancelled', payment_status: 'pending' }, true],
    ['an expired hold not yet swept', { status: 'pending_payment', payment_status: 'pending', hold_expires_at: '2026-11-20 16:00:00.000Z' }, true],
    ['an open hold', { status: 'pending_payment', payment_status: 'pending', hold_expires_at: '2026-11-20 17:20:00.000Z' }, false],
    ['a confirmed booking', { status: 'confirmed', payment_status: 'deposit_paid' }, false],
    ['a cancelled paid booking', { status: 'cancelled', payment_status: 'deposit_paid' }, false],
    ['a refunded conflict', { status: 'payment_conflict', payment_status: 'refunded' }, false],
  ])('%s → %s', (_name, b, abandoned) => {
    expect(isAbandonedCheckout(b, NOW)).toBe(abandoned);
  });
});

describe('status labels and colours (docs/product.md §4)', () => {
  it('colours payment statuses paid green, deposit_paid yellow, pending orange, others grey', () => {
    expect(['paid', 'deposit_paid', 'pending', 'refunded'].map(paymentStatusTone)).toEqual(['green', 'yellow', 'orange', 'grey']);
  });
  it('names statuses', () => {
    expect(bookingStatusLabel('pending_payment')).toBe('Awaiting payment');
    expect(bookingStatusLabel('odd')).toBe('odd');
    expect(paymentStatusLabel('deposit_paid')).toBe('Deposit paid');
    expect(bookingStatusTone('completed')).toBe('green');
    expect(bookingStatusTone('cancelled')).toBe('grey');
  });
});

describe('compareNewestFirst', () => {
  it('sorts by created_at then id, newest first', () => {
    const rows = [
      { id: 'a', created_at: '2026-11-01 10:00:00.000Z' },
      { id: 'c', created_at: '2026-11-02 10:00:00.000Z' },
      { id: 'b', created_at: '2026-11-02 10:00:00.000Z' },
    ];
    expect([...rows].sort(compareNewestFirst).map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });
});
