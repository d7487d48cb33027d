import { describe, expect, it } from 'vitest';
import {
  balanceCell,
  type BalanceCell,
  bookingStatusLabel,
  bookingStatusTone,
  compareNewestFirst,
  depositState,
  isAbandonedCheckout,
  packageTitle,
  paymentDashboardUrl,
  paymentStatusLabel,
  paymentStatusTone,
} from './display';
import type { BookingStatus, PaymentStatus } from './lifecycle';

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

describe("balanceCell (docs/product.md §2 Balance Due; the booking's ledger, docs/decisions/045)", () => {
  // The rows as the admin's mirror holds them: the booking and its charges.
  const paidDeposit = {
    total_price: 165000,
    deposit_amount: 82500,
    deposit_paid_at: '2026-11-03 15:00:00.000Z',
    balance_remaining: 82500,
    payment_status: 'deposit_paid' as const,
    status: 'confirmed' as const,
  };
  const balancePaid = { id: 'c1', booking: 'b1', kind: 'balance', amount: 82500, balance_amount: 82500, status: 'succeeded' };
  it.each<[string, Record<string, unknown> & { status: BookingStatus; payment_status: PaymentStatus }, Record<string, unknown>[], BalanceCell]>([
    ['deposit paid with a balance', paidDeposit, [], { kind: 'due', cents: 82500 }],
    ['paid in full', { ...paidDeposit, balance_remaining: 0, payment_status: 'paid' }, [balancePaid], { kind: 'paid' }],
    ['nothing left but not marked paid', { total_price: 0, deposit_amount: 0, balance_remaining: 0, payment_status: 'deposit_paid', status: 'confirmed' }, [], { kind: 'none' }],
    ['an unpaid hold', { total_price: 165000, deposit_amount: 82500, balance_remaining: 165000, payment_status: 'pending', status: 'pending_payment' }, [], { kind: 'owed', cents: 165000 }],
    ['a cancelled booking: nothing due', { ...paidDeposit, status: 'cancelled' }, [], { kind: 'nothing_due' }],
    ['a cancelled booking, deposit refunded', { ...paidDeposit, balance_remaining: 165000, payment_status: 'refunded', status: 'cancelled' }, [], { kind: 'nothing_due' }],
    ['a refunded conflict', { ...paidDeposit, balance_remaining: 0, payment_status: 'refunded', status: 'payment_conflict' }, [], { kind: 'none' }],
    // What balance_remaining alone could not say.
    [
      'cash recorded on this device, not yet sent: pending, the rest due',
      paidDeposit,
      [{ ...balancePaid, method: 'cash', amount: 20000, status: 'queued' }],
      { kind: 'pending', cents: 62500, pendingCents: 20000 },
    ],
    [
      'a payment link open for the balance: nothing more to charge',
      paidDeposit,
      [{ ...balancePaid, status: 'requires_checkout', stripe_checkout_session_id: 'cs_1' }],
      { kind: 'pending', cents: 0, pendingCents: 82500 },
    ],
    ['cash voided: due again', { ...paidDeposit, balance_remaining: 82500 }, [{ ...balancePaid, method: 'cash', status: 'voided' }], { kind: 'due', cents: 82500 }],
    [
      'the balance and damages paid together',
      { ...paidDeposit, balance_remaining: 0, payment_status: 'paid' },
      [{ ...balancePaid, kind: 'balance_and_damages', amount: 86000, damages_amount: 3500 }],
      { kind: 'paid' },
    ],
  ])('%s', (_name, b, charges, cell) => {
    expect(balanceCell(b, charges)).toEqual(cell);
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
    expect(depositState({ payment_status: status as PaymentStatus })).toBe(state);
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
  ] as const)('%s → %s', (_name, b, abandoned) => {
    expect(isAbandonedCheckout(b, NOW)).toBe(abandoned);
  });
});

describe('status labels and colours (docs/product.md §4)', () => {
  it('colours payment statuses paid green, deposit_paid yellow, pending orange, others grey', () => {
    expect((['paid', 'deposit_paid', 'pending', 'refunded'] as const).map((s) => paymentStatusTone(s))).toEqual(['green', 'yellow', 'orange', 'grey']);
  });
  it('names statuses', () => {
    expect(bookingStatusLabel('pending_payment')).toBe('Awaiting payment');
    expect(bookingStatusLabel('odd' as BookingStatus)).toBe('odd');
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
