import { describe, expect, it } from 'vitest';
import { isIdempotencyKey, isWizardId, paymentDecision, phoneDigits } from './ownership';

describe('paymentDecision', () => {
  it.each([
    // status, payment_status, cancel_reason, slots free, decision
    ['pending_payment', 'pending', '', true, 'confirm'],
    ['pending_payment', 'pending', '', false, 'conflict'],
    ['cancelled', 'pending', 'hold_expired', true, 'confirm'],
    ['cancelled', 'pending', 'hold_expired', false, 'conflict'],
    ['cancelled', 'pending', 'customer_cancelled', true, 'conflict'],
    ['cancelled', 'pending', 'replaced', true, 'conflict'],
    ['cancelled', 'pending', 'checkout_failed', true, 'conflict'],
    ['cancelled', 'pending', '', true, 'conflict'],
    ['confirmed', 'deposit_paid', '', false, 'already_settled'],
    ['completed', 'paid', '', true, 'already_settled'],
    ['payment_conflict', 'refund_pending', '', true, 'already_settled'],
    ['payment_conflict', 'refunded', '', true, 'already_settled'],
  ] as const)('%s / %s / %s, slots free %s → %s', (status, payment_status, cancel_reason, free, want) => {
    expect(paymentDecision({ status, payment_status, cancel_reason }, free)).toBe(want);
  });
});

describe('keys and ids', () => {
  it.each([
    ['abcdefgh', true],
    ['checkout:7f3c-11ee.b_1', true],
    ['short', false],
    ['has space in it', false],
    ['x'.repeat(255), true],
    ['x'.repeat(256), false],
    ['ünïcode-key', false],
  ])('Idempotency-Key %j → %s', (key, ok) => expect(isIdempotencyKey(key)).toBe(ok));

  it.each([
    ['wiz_abc123XYZ', true],
    ['1234567', false],
    ['a'.repeat(100), true],
    ['a'.repeat(101), false],
    ['with.dot.inside', false],
  ])('wizard id %j → %s', (id, ok) => expect(isWizardId(id)).toBe(ok));

  it('compares phones by digits', () => {
    expect(phoneDigits('(410) 555-0100')).toBe(phoneDigits('410 555 0100'));
    expect(phoneDigits('+1 410-555-0100')).toBe('14105550100');
  });
});
