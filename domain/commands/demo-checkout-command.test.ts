import { describe, expect, it } from 'vitest';
import { derivedAfter } from '../../tests/support/derived-money';
import { pendingPaymentRow } from '../../tests/support/domain-builders';
import type { PaymentBookingRow } from './booking-money';
import { isRefusal } from './command';
import { DEMO_CHECKOUT_MESSAGES as M, demoCancelCommand, demoChargeState, demoChargeStep, demoPayCommand, demoSessionState, type DemoPayState } from './demo-checkout-command';
import type { ChargeStatus } from '../money/charge-lifecycle';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const LATER = NOW + 10 * 60_000;
const EARLIER = NOW - 60_000;
const row = pendingPaymentRow;
const payState = (over: Partial<PaymentBookingRow> | null, holdExpiresAtMs = LATER, slotsFree = true): DemoPayState => ({
  booking: over === null ? null : { ...row(over), booked_by: '', checkout_session_id: 'demo_cs_1' },
  slotsFree,
  charges: [],
  converted: false,
  holdExpiresAtMs,
  paymentIntentId: 'demo_pi_1',
  origin: 'https://example.test',
});
const input = { sessionId: 'demo_cs_1' };

describe('the demo session state', () => {
  it.each([
    ['paid', { status: 'confirmed', payment_status: 'deposit_paid' }, LATER],
    ['cancelled', { status: 'cancelled', payment_status: 'pending' }, LATER],
    ['open', { status: 'pending_payment', payment_status: 'pending' }, LATER],
    ['expired', { status: 'pending_payment', payment_status: 'pending' }, EARLIER],
    ['expired', { status: 'pending_payment', payment_status: 'pending' }, NaN],
  ] as const)('%s', (want, b, hold) => expect(demoSessionState(b, hold, NOW)).toBe(want));
});

describe("a demo payment link's state, from its charge", () => {
  it.each([
    ['requires_checkout', 'open'],
    ['succeeded', 'paid'],
    ['failed', 'cancelled'],
    ['refunded', 'expired'],
    ['voided', 'expired'],
    ['pending', 'expired'],
  ])('%s → %s', (status, want) => expect(demoChargeState(status as ChargeStatus)).toBe(want));
});

describe('Pay and Cancel on a demo payment link', () => {
  it.each([
    ['pay', 'open', 'settle'],
    ['pay', 'paid', 'answer'],
    ['pay', 'cancelled', 'ended'],
    ['pay', 'expired', 'ended'],
    ['cancel', 'open', 'close'],
    ['cancel', 'paid', 'answer'],
    ['cancel', 'cancelled', 'answer'],
    ['cancel', 'expired', 'answer'],
  ] as const)('%s on %s → %s', (action, state, want) => expect(demoChargeStep(action, state)).toBe(want));
});

describe('the demo Pay command', () => {
  it('confirms an open session and sends the customer to the success page', () => {
    const out = demoPayCommand.decide(payState({}), input, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.answer).toEqual({ url: 'https://example.test/booking-success?session_id=demo_cs_1', bookingId: 'b1', outcome: 'confirmed', changed: true });
    expect(out.changes[0]!.fields).toMatchObject({ status: 'confirmed', payment_intent_id: 'demo_pi_1' });
    // Its payment_status is the runner's, from the rows written (docs/decisions/061).
    expect(derivedAfter(payState({}).booking!, [], out.changes).payment_status).toBe('deposit_paid');
    expect(out.mails).toHaveLength(3);
  });

  it('answers a conflict when the slot was lost (the route refunds it and answers 409)', () => {
    const out = demoPayCommand.decide(payState({}, LATER, false), input, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.answer).toMatchObject({ outcome: 'conflict', changed: true });
    expect(out.changes[0]!.fields).toMatchObject({ status: 'payment_conflict', deposit_refund: 'pending' });
  });

  it('answers a paid session again without a change', () => {
    expect(demoPayCommand.decide(payState({ status: 'confirmed', payment_status: 'deposit_paid' }), input, NOW)).toEqual({
      changes: [],
      mails: [],
      answer: { url: 'https://example.test/booking-success?session_id=demo_cs_1', bookingId: 'b1', outcome: 'confirmed', changed: false },
    });
  });

  it.each([
    ['an expired session', payState({}, EARLIER), 410, M.ended],
    ['a cancelled session', payState({ status: 'cancelled', cancel_reason: 'customer_cancelled' }), 410, M.ended],
    ['an unknown session', payState(null), 404, M.notFound],
  ])('refuses %s', (_name, state, status, message) => {
    expect(demoPayCommand.decide(state, input, NOW)).toEqual({ status, message });
  });

  it('parses only a demo session id', () => {
    expect(demoPayCommand.parse({ sessionId: 'cs_live_1' }, [])).toEqual({ ok: false, message: M.noSession });
    expect(demoPayCommand.parse({ sessionId: ' demo_cs_1 ' }, [])).toEqual({ ok: true, value: input });
  });
});

describe('the demo Cancel command', () => {
  const cancelState = (over: Partial<PaymentBookingRow> | null, holdExpiresAtMs = LATER) => ({
    booking: over === null ? null : row(over),
    charges: [],
    holdExpiresAtMs,
    origin: 'https://example.test',
  });

  it('lets an open session’s hold go (customer_cancelled)', () => {
    const out = demoCancelCommand.decide(cancelState({}), input, NOW);
    expect(derivedAfter(cancelState({}).booking!, [], 'changes' in out ? out.changes : []).payment_status).toBe('pending');
    expect(out).toEqual({
      changes: [{ op: 'update', collection: 'bookings', id: 'b1', fields: { status: 'cancelled', cancel_reason: 'customer_cancelled' } }],
      mails: [],
      answer: { url: 'https://example.test/booking-cancel' },
    });
  });

  it.each([
    ['a paid session', cancelState({ status: 'confirmed', payment_status: 'deposit_paid' })],
    ['an expired session', cancelState({}, EARLIER)],
    ['a cancelled session (a replay)', cancelState({ status: 'cancelled', cancel_reason: 'customer_cancelled' })],
  ])('changes nothing for %s', (_name, state) => {
    expect(demoCancelCommand.decide(state, input, NOW)).toEqual({ changes: [], mails: [], answer: { url: 'https://example.test/booking-cancel' } });
  });

  it('refuses an unknown session', () => {
    expect(demoCancelCommand.decide(cancelState(null), input, NOW)).toEqual({ status: 404, message: M.notFound });
  });
});
