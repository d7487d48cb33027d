import { describe, expect, it } from 'vitest';
import { CHARGE_MESSAGES, PAYMENT_GOING_THROUGH } from '../money/balance-charge';
import type { ChargeMoneyRow } from '../money/ledger';
import { RECORDED_PAYMENT_MESSAGES as M } from '../money/recorded-payments';
import { isRefusal, type Change } from './command';
import { derivedAfter } from '../../tests/support/derived-money';
import {
  RECORDED_PAYMENT_COMMAND_MESSAGES as C,
  recordPaymentCommand,
  voidPaymentCommand,
  type PaymentBooking,
  type RecordPaymentInput,
  type RecordPaymentState,
  type VoidPaymentState,
} from './recorded-payment-command';

const NOW = Date.parse('2026-11-20T17:00:00Z');
const AT = '2026-11-20 17:00:00.000Z';

const cash = (id: string, amount: number, balance: number, status: ChargeMoneyRow['status'] = 'succeeded'): ChargeMoneyRow => ({
  id,
  kind: 'balance',
  amount,
  balance_amount: balance,
  damages_amount: 0,
  status,
  method: 'cash',
  stripe_checkout_session_id: '',
});

/**
 * A confirmed $1,100 booking, deposit $275 paid by card, with `charges`; `balance` is what they
 * leave due (the test's story: the command derives it from the rows, docs/decisions/045).
 */
function booking(balance: number, charges: ChargeMoneyRow[] = [], over: Partial<PaymentBooking> = {}): PaymentBooking {
  const paid = balance === 0;
  return {
    id: 'b1',
    status: 'confirmed' as const,
    payment_status: paid ? 'paid' : 'deposit_paid',
    balance_paid_at: paid ? '2026-11-19 10:00:00.000Z' : '',
    money: {
      booking: {
        status: 'confirmed' as const,
        payment_status: paid ? 'paid' : 'deposit_paid',
        total_price: 110000,
        deposit_amount: 27500,
        deposit_method: '',
        deposit_paid_at: '2026-11-01 12:00:00.000Z',
        dispute_id: '',
        cancel_reason: '' as const,
      },
      charges,
      ledger: { totalCents: 110000, depositCents: 27500, cancelled: false, kept: 'deposit' },
    },
    ...over,
  };
}

const recordState = (over: Partial<RecordPaymentState> = {}): RecordPaymentState => ({
  key: 'k1',
  fingerprint: 'f1',
  freshId: 'fresh0000000001',
  staffId: 's1',
  paymentOpen: false,
  booking: booking(82500),
  ...over,
});
const input = (over: Partial<RecordPaymentInput> = {}): RecordPaymentInput => ({ bookingId: 'b1', method: 'cash', amountCents: 82500, checkNumber: '', note: '', clientId: '', ...over });

describe('the record-payment command', () => {
  it.each([
    ['the whole balance in cash: paid off', input(), booking(82500), 82500, { balance_remaining: 0, payment_status: 'paid', balance_paid_at: AT }],
    ['a part by check: the rest stays due', input({ method: 'check', checkNumber: '1042', amountCents: 30000 }), booking(82500), 30000, { balance_remaining: 52500, payment_status: 'deposit_paid' }],
    ['more than the balance: the rest is a credit', input({ amountCents: 90000 }), booking(82500), 82500, { balance_remaining: 0, payment_status: 'paid', balance_paid_at: AT }],
    ['a second payment of a paid booking: the booking unchanged', input(), booking(0, [cash('c0', 82500, 82500)]), 0, { balance_remaining: 0, payment_status: 'paid' }],
    [
      'the rest after a check paid part: the ledger of both, paid off',
      input({ amountCents: 52500 }),
      booking(52500, [{ ...cash('c0', 30000, 30000), method: 'check' }]),
      52500,
      { balance_remaining: 0, payment_status: 'paid', balance_paid_at: AT },
    ],
    [
      'a part after a card charge paid part: what the ledger still has to collect',
      input({ amountCents: 20000 }),
      booking(32500, [{ ...cash('c0', 50000, 50000), method: '' }]),
      20000,
      { balance_remaining: 12500, payment_status: 'deposit_paid' },
    ],
  ])('%s', (_name, inp, b, part, bookingFields) => {
    const out = recordPaymentCommand.decide(recordState({ booking: b }), inp, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.answer).toEqual({ paymentId: 'fresh0000000001' });
    expect(out.mails).toEqual([{ paymentId: 'fresh0000000001' }]);
    expect(out.changes[0]).toMatchObject({
      op: 'create',
      collection: 'charges',
      id: 'fresh0000000001',
      fields: {
        booking: 'b1',
        kind: 'balance',
        method: inp.method,
        amount: inp.amountCents,
        balance_amount: part,
        status: 'succeeded' as const,
        idempotency_key: 'k1',
        request_fingerprint: 'f1',
        requested_at: AT,
        created_by: 's1',
      },
    });
    // The command writes only balance_paid_at; balance_remaining and payment_status are the runner's, from the rows written (docs/decisions/061).
    const { balance_remaining, payment_status, ...written } = bookingFields as { balance_remaining: number; payment_status: string; balance_paid_at?: string };
    expect(out.changes.slice(1)).toEqual(Object.keys(written).length > 0 ? [{ op: 'update', collection: 'bookings', id: 'b1', fields: written }] : []);
    expect(derivedAfter(b.money.booking, b.money.charges, out.changes)).toEqual({ balance_remaining, payment_status });
  });

  it.each([
    ['the balance and all the damages', 82500 + 1500, 'balance_and_damages', 82500, 1500],
    ['the balance and part of the damages', 82500 + 500, 'balance_and_damages', 82500, 500],
    ['only the damages, the balance already paid', 1500, 'damages', 0, 1500],
  ])('a payment recorded while a damages link closes pays %s: the damages stay owed, nothing is a credit', (_name, amount, kind, part, damages) => {
    const closedDamages = { cents: 1500, lines: [{ label: 'Small pieces', quantity: 3, cents: 1500 }], description: 'Broken ornaments' };
    const b = part === 0 ? booking(0, [cash('c0', 82500, 82500)]) : booking(82500);
    const out = recordPaymentCommand.decide(recordState({ booking: b, closedDamages }), input({ amountCents: amount }), NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]).toMatchObject({ fields: { kind, amount, balance_amount: part, damages_amount: damages, damage_lines: closedDamages.lines, description: 'Broken ornaments (Cash)' } });
  });

  it('keeps the phone’s id', () => {
    const out = recordPaymentCommand.decide(recordState(), input({ clientId: 'abcdefghij12345' }), NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.answer).toEqual({ paymentId: 'abcdefghij12345' });
    expect(out.changes[0]).toMatchObject({ id: 'abcdefghij12345' });
  });

  it.each([
    ['a card payment going through', recordState({ paymentOpen: true }), 409, PAYMENT_GOING_THROUGH],
    ['no such booking', recordState({ booking: null }), 404, C.bookingNotFound],
    ['a cancelled booking', recordState({ booking: booking(82500, [], { status: 'cancelled' }) }), 409, CHARGE_MESSAGES.cancelled],
    ['an unpaid deposit', recordState({ booking: booking(82500, [], { payment_status: 'pending' }) }), 409, CHARGE_MESSAGES.depositUnpaid],
  ])('refuses %s', (_name, s, status, message) => {
    expect(recordPaymentCommand.decide(s, input(), NOW)).toEqual({ status, message });
  });

  it('parses with the request parser, keeps only an id of the right shape, and needs the key header', () => {
    expect(recordPaymentCommand.parse({ id: 'abcdefghij12345', bookingId: 'b1', method: 'cash', amountCents: 100 }, [])).toMatchObject({ ok: true, value: { clientId: 'abcdefghij12345' } });
    expect(recordPaymentCommand.parse({ id: 'BAD', bookingId: 'b1', method: 'cash', amountCents: 100 }, [])).toMatchObject({ ok: true, value: { clientId: '' } });
    expect(recordPaymentCommand.parse({ bookingId: 'b1', method: 'card', amountCents: 100 }, [])).toEqual({ ok: false, message: M.method });
    // Keyed through the runner's store, which words a reuse of the key with the payment's sentence.
    expect(recordPaymentCommand.idempotency).toMatchObject({ by: 'key', header: 'required', reused: M.keyReused });
  });
});

const voidState = (over: Partial<VoidPaymentState> = {}): VoidPaymentState => ({
  staffId: 's1',
  payment: { id: 'c1', method: 'cash', status: 'succeeded', amountCents: 82500, balanceCents: 82500 },
  booking: booking(0, [cash('c1', 82500, 82500)]),
  others: [],
  ...over,
});

/** What the runner stores as the booking's money once the void's `changes` are written (docs/decisions/061). */
const derivedOf = (s: VoidPaymentState, changes: readonly Change[]) => derivedAfter(s.booking!.money.booking, s.booking!.money.charges, changes);

describe('the void-payment command', () => {
  it('voids the only payment: the balance due again, deposit_paid, no longer paid off, a corrected receipt', () => {
    const out = voidPaymentCommand.decide(voidState(), { paymentId: 'c1', reason: 'Typo' }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out).toEqual({
      changes: [
        { op: 'update', collection: 'charges', id: 'c1', fields: { status: 'voided', voided_at: AT, void_reason: 'Typo', voided_by: 's1' } },
        { op: 'update', collection: 'bookings', id: 'b1', fields: { balance_paid_at: '' } },
      ],
      mails: [{ paymentId: 'c1' }],
      answer: { paymentId: 'c1' },
    });
    expect(derivedOf(voidState(), out.changes)).toEqual({ balance_remaining: 82500, payment_status: 'deposit_paid' });
  });

  it('voids one of two payments of the same balance: the other covers it, still paid', () => {
    const s = voidState({ booking: booking(0, [cash('c1', 82500, 82500), cash('c2', 82500, 0)]), others: [{ id: 'c2', amountCents: 82500, balanceCents: 0 }] });
    const out = voidPaymentCommand.decide(s, { paymentId: 'c1', reason: 'Twice' }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes.slice(1)).toEqual([{ op: 'update', collection: 'charges', id: 'c2', fields: { balance_amount: 82500 } }]);
    expect(derivedOf(s, out.changes)).toEqual({ balance_remaining: 0, payment_status: 'paid' });
  });

  it('voids the second of two partial payments: the ledger of the one left, whatever was stored', () => {
    const s = voidState({
      payment: { id: 'c2', method: 'cash', status: 'succeeded', amountCents: 52500, balanceCents: 52500 },
      booking: booking(0, [cash('c1', 30000, 30000), cash('c2', 52500, 52500)]),
      others: [{ id: 'c1', amountCents: 30000, balanceCents: 30000 }],
    });
    const out = voidPaymentCommand.decide(s, { paymentId: 'c2', reason: 'Bounced' }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes.slice(1)).toEqual([{ op: 'update', collection: 'bookings', id: 'b1', fields: { balance_paid_at: '' } }]);
    expect(derivedOf(s, out.changes)).toEqual({ balance_remaining: 52500, payment_status: 'deposit_paid' });
  });

  it.each([
    ['no such payment', voidState({ payment: null }), { status: 404, message: C.paymentNotFound }],
    ['a card payment', voidState({ payment: { id: 'c1', method: '', status: 'succeeded', amountCents: 1, balanceCents: 1 } }), { status: 409, message: M.notVoidable }],
    [
      'a payment voided already (a replay)',
      voidState({ payment: { id: 'c1', method: 'cash', status: 'voided', amountCents: 1, balanceCents: 1 } }),
      { changes: [], mails: [], answer: { paymentId: 'c1' } },
    ],
  ])('%s', (_name, s, outcome) => {
    expect(voidPaymentCommand.decide(s, { paymentId: 'c1', reason: 'x' }, NOW)).toEqual(outcome);
  });

  it.each([
    [{ reason: 'x' }, C.voidMissing],
    [{ paymentId: 'c1' }, M.voidReason],
    [{ paymentId: 'c1', reason: 'x'.repeat(501) }, C.voidReasonTooLong],
  ])('parse refuses %j', (body, message) => {
    expect(voidPaymentCommand.parse(body, [])).toEqual({ ok: false, message });
  });
});
