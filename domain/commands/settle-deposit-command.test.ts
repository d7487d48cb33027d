import { describe, expect, it } from 'vitest';
import { pendingPaymentRow } from '../../tests/support/domain-builders';
import type { PaymentBookingRow } from './booking-money';
import { isRefusal, pbDate } from './command';
import { derivedAfter } from '../../tests/support/derived-money';
import { settleDepositCommand, type SettleDepositInput, type SettleDepositState } from './settle-deposit-command';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const row = (over: Partial<PaymentBookingRow & { booked_by: string }> = {}): SettleDepositState['booking'] => ({ ...pendingPaymentRow(), booked_by: '', checkout_session_id: 'cs_1', ...over });
const state = (booking: SettleDepositState['booking'], slotsFree = true, converted = false): SettleDepositState => ({ booking, slotsFree, charges: [], converted });
const input: SettleDepositInput = { sessionId: 'cs_1', paymentIntentId: 'pi_1', customerId: 'cus_1', paymentMethodId: 'pm_1', cardBrand: 'visa', cardLast4: '4242' };

describe('the settle-deposit command', () => {
  it.each([
    ['a waiting booking with its slots free is confirmed', row(), true, 'confirmed', { status: 'confirmed', payment_status: 'deposit_paid', cancel_reason: '', balance_remaining: 20_000 }],
    [
      'a lapsed hold whose slots stayed free is confirmed',
      row({ status: 'cancelled', cancel_reason: 'hold_expired' }),
      true,
      'confirmed',
      { status: 'confirmed', payment_status: 'deposit_paid', cancel_reason: '' },
    ],
    [
      'a lapsed hold whose slot was resold is a conflict, refund queued',
      row({ status: 'cancelled', cancel_reason: 'hold_expired' }),
      false,
      'conflict',
      { status: 'payment_conflict', payment_status: 'refund_pending', deposit_refund: 'pending' },
    ],
    [
      'a replaced checkout is a conflict',
      row({ status: 'cancelled', cancel_reason: 'replaced' }),
      true,
      'conflict',
      { status: 'payment_conflict', payment_status: 'refund_pending', cancel_reason: 'replaced' },
    ],
    ['a waiting booking that lost its slot is a conflict', row(), false, 'conflict', { status: 'payment_conflict', payment_status: 'refund_pending' }],
  ])('%s', (_name, booking, slotsFree, outcome, fields) => {
    const out = settleDepositCommand.decide(state(booking, slotsFree), input, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.answer).toEqual({ bookingId: 'b1', outcome, changed: true });
    const update = out.changes[0]!;
    expect(update).toMatchObject({ op: 'update', collection: 'bookings', id: 'b1' });
    // The money fields are the runner's, derived from the rows written (docs/decisions/061).
    const { payment_status, balance_remaining, ...written } = fields as typeof fields & { balance_remaining?: number };
    expect(update.fields).not.toHaveProperty('payment_status');
    expect(update.fields).not.toHaveProperty('balance_remaining');
    expect(derivedAfter(booking!, [], out.changes)).toMatchObject(balance_remaining === undefined ? { payment_status } : { payment_status, balance_remaining });
    expect(update.fields).toMatchObject({
      ...written,
      payment_intent_id: 'pi_1',
      stripe_customer_id: 'cus_1',
      payment_method_id: 'pm_1',
      card_brand: 'visa',
      card_last4: '4242',
      deposit_paid_at: pbDate(NOW),
    });
    expect(out.mails.map((m) => m.kind)).toEqual(outcome === 'confirmed' ? ['confirmation', 'owner_notice', 'receipt'] : []);
  });

  it.each([
    ['deposit paid', row({ status: 'confirmed', payment_status: 'deposit_paid' }), 'confirmed'],
    ['paid in full', row({ status: 'confirmed', payment_status: 'paid' }), 'confirmed'],
    ['already a conflict', row({ status: 'payment_conflict', payment_status: 'refund_pending' }), 'conflict'],
  ])('a booking %s changes nothing and mails nothing (a replay)', (_name, booking, outcome) => {
    expect(settleDepositCommand.decide(state(booking), input, NOW)).toEqual({ changes: [], mails: [], answer: { bookingId: 'b1', outcome, changed: false } });
  });

  it('answers no booking for an unknown session (the webhook refunds it as an orphan)', () => {
    expect(settleDepositCommand.decide(state(null), input, NOW)).toEqual({ changes: [], mails: [], answer: { bookingId: '', outcome: null, changed: false } });
  });

  it('records a website conversion once, never a phone booking’s', () => {
    const created = (s: SettleDepositState) => {
      const out = settleDepositCommand.decide(s, input, NOW);
      if (isRefusal(out)) throw new Error(out.message);
      return out.changes.filter((c) => c.op === 'create');
    };
    expect(created(state(row()))).toEqual([
      {
        op: 'create',
        collection: 'analytics_events',
        fields: { event_type: 'conversion', page_path: '/booking/success', converted: true, metadata: { booking_id: 'b1', session_id: 'cs_1', paid_at: pbDate(NOW) } },
      },
    ]);
    expect(created(state(row(), true, true))).toEqual([]);
    expect(created(state(row({ booked_by: 'staff1' })))).toEqual([]);
  });

  it('leaves the card empty when the payment did not say, and takes the ledger’s "paid" for a deposit of the whole price', () => {
    const booking = row({ deposit_amount: 40_000 });
    const out = settleDepositCommand.decide(state(booking), { ...input, cardBrand: '', cardLast4: '' }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]!.fields).not.toHaveProperty('card_brand');
    expect(out.changes[0]!.fields).not.toHaveProperty('card_last4');
    expect(derivedAfter(booking!, [], out.changes)).toEqual({ payment_status: 'paid', balance_remaining: 0 });
  });

  it('refuses with the lifecycle’s sentence a state no transition leads from', () => {
    const out = settleDepositCommand.decide(state(row({ status: 'completed', payment_status: 'pending' })), input, NOW);
    expect(out).toEqual({ status: 409, message: 'This booking is no longer waiting for its deposit.' });
  });

  it('parses a session and a payment, keeping only a 4-digit last4', () => {
    expect(settleDepositCommand.parse({ sessionId: 'cs_1' }, [])).toEqual({ ok: false, message: 'No payment session found.' });
    expect(settleDepositCommand.parse({ sessionId: 'cs_1', paymentIntentId: 'pi_1', cardBrand: 'visa', cardLast4: '42x2' }, [])).toEqual({
      ok: true,
      value: { sessionId: 'cs_1', paymentIntentId: 'pi_1', customerId: '', paymentMethodId: '', cardBrand: 'visa', cardLast4: '' },
    });
    expect(settleDepositCommand.idempotency).toMatchObject({ by: 'natural', header: 'none' });
  });
});
