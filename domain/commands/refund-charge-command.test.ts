import { describe, expect, it } from 'vitest';
import type { ChargeMoneyRow, ChargeRefundRow } from '../money/ledger';
import type { RecordRefundsState } from './record-refunds-command';
import { REFUND_CHARGE_MESSAGES, parseRefundCharge, refundChargeCommand, refundTooMuch } from './refund-charge-command';

const NOW = Date.parse('2026-11-20T17:00:00Z');
const booking = {
  id: 'b1',
  refund_id: '',
  status: 'completed' as const,
  payment_status: 'paid' as const,
  total_price: 165000,
  deposit_amount: 82500,
  deposit_method: '',
  deposit_paid_at: '2026-11-10 15:00:00.000Z',
  dispute_id: '',
  cancel_reason: '' as const,
  deposit_refund: '' as const,
};
const base = { balance_amount: 0, damages_amount: 0, stripe_checkout_session_id: '', refund_status: '' as const, refund_amount: 0, refunds: [] as ChargeRefundRow[] };
const balance: ChargeMoneyRow = { ...base, id: 'bal', kind: 'balance', amount: 82500, balance_amount: 82500, status: 'succeeded', method: '' };
const damages: ChargeMoneyRow = { ...base, id: 'dmg', kind: 'damages', amount: 12000, damages_amount: 12000, status: 'succeeded', method: '' };
const entry = (n: number, amount: number, status: ChargeRefundRow['status'] = 'succeeded'): ChargeRefundRow => ({ n, part: '', amount, status, refund_id: `re_${n}`, refunded_at: '', waive: true });
const state = (charges: ChargeMoneyRow[] = [balance, damages], over: Partial<RecordRefundsState> = {}): RecordRefundsState => ({
  booking,
  charges,
  book: { totalCents: 165000, depositCents: 82500, cancelled: false, kept: 'deposit' },
  ...over,
});
const decide = (s: RecordRefundsState, paymentId: string, amountCents: number) => refundChargeCommand.decide(s, { bookingId: 'b1', paymentId, amountCents }, NOW);

describe('the refund-charge command', () => {
  it.each([
    ['the first $40 of a $120 damages charge: entry 2, the booking still paid', [balance, damages], 4000, 2, [entry(2, 4000, 'pending')]],
    ['another $30 after $40 was refunded: entry 3', [balance, { ...damages, refunds: [entry(2, 4000)] }], 3000, 3, [entry(2, 4000), entry(3, 3000, 'pending')]],
    ['the whole rest after $40 and $30: entry 4', [balance, { ...damages, refunds: [entry(2, 4000), entry(3, 3000)] }], 5000, 4, [entry(2, 4000), entry(3, 3000), entry(4, 5000, 'pending')]],
    ['after a first refund stored the older way (refund_status): entry 2', [balance, { ...damages, refund_status: 'succeeded' as const, refund_amount: 2000 }], 10000, 2, [entry(2, 10000, 'pending')]],
  ])('%s', (_name, charges, amountCents, n, refunds) => {
    const out = decide(state(charges), 'dmg', amountCents);
    expect(out).toEqual({
      changes: [{ op: 'update', collection: 'charges', id: 'dmg', fields: { refunds: refunds.map((r) => (r.status === 'pending' ? { ...r, refund_id: '' } : r)) } }],
      mails: [],
      answer: { bookingId: 'b1', chargeId: 'dmg', paymentId: 'dmg', n, amountCents },
    });
  });

  it('refunds the damages part of a balance-and-damages charge as its own part', () => {
    const both: ChargeMoneyRow = { ...base, id: 'bd', kind: 'balance_and_damages', amount: 94500, balance_amount: 82500, damages_amount: 12000, status: 'succeeded', method: '' };
    const out = decide(state([both]), 'bd#damages', 4000);
    expect(out).toMatchObject({ changes: [{ fields: { refunds: [{ n: 2, part: 'damages', amount: 4000, status: 'pending', waive: true }] } }], answer: { paymentId: 'bd#damages', n: 2 } });
    expect(decide(state([both]), 'bd#damages', 12001)).toEqual({ status: 409, message: refundTooMuch(12000) });
  });

  it.each([
    ['no booking', state(undefined, { booking: null }), 'dmg', 100, 404, REFUND_CHARGE_MESSAGES.notFound],
    ['no such charge', state(), 'nope', 100, 404, REFUND_CHARGE_MESSAGES.noPayment],
    ['a charge still pending', state([{ ...damages, status: 'pending' }]), 'dmg', 100, 409, REFUND_CHARGE_MESSAGES.notReceived],
    ['a voided cash payment', state([{ ...damages, status: 'voided', method: 'cash' }]), 'dmg', 100, 409, REFUND_CHARGE_MESSAGES.notReceived],
    ['cash, given back by hand', state([{ ...damages, method: 'cash' }]), 'dmg', 100, 409, REFUND_CHARGE_MESSAGES.byHand],
    ['a third refund above what is left ($40 + $30 of $120: $50 left)', state([{ ...damages, refunds: [entry(2, 4000), entry(3, 3000)] }]), 'dmg', 6000, 409, refundTooMuch(5000)],
    ['a refund still queued counts as given', state([{ ...damages, refunds: [entry(2, 4000, 'pending')] }]), 'dmg', 8001, 409, refundTooMuch(8000)],
    ['a charge refunded in full', state([{ ...damages, refunds: [entry(2, 12000)] }]), 'dmg', 1, 409, REFUND_CHARGE_MESSAGES.full],
  ])('refuses %s', (_name, s, paymentId, amountCents, status, message) => {
    expect(decide(s, paymentId, amountCents)).toEqual({ status, message });
  });

  it.each([
    [
      { bookingId: 'b1', paymentId: 'dmg', amountCents: 4000 },
      { ok: true, value: { bookingId: 'b1', paymentId: 'dmg', amountCents: 4000 } },
    ],
    [
      { bookingId: 'b1', paymentId: 'deposit', amountCents: 4000 },
      { ok: false, message: REFUND_CHARGE_MESSAGES.body },
    ],
    [
      { bookingId: 'b1', amountCents: 4000 },
      { ok: false, message: REFUND_CHARGE_MESSAGES.body },
    ],
    [
      { bookingId: 'b1', paymentId: 'dmg', amountCents: 0 },
      { ok: false, message: REFUND_CHARGE_MESSAGES.amount },
    ],
    [
      { bookingId: 'b1', paymentId: 'dmg', amountCents: 40.5 },
      { ok: false, message: REFUND_CHARGE_MESSAGES.amount },
    ],
    [
      { bookingId: 'b1', paymentId: 'dmg', amountCents: '4000' },
      { ok: false, message: REFUND_CHARGE_MESSAGES.amount },
    ],
  ])('parses %j', (body, expected) => {
    expect(parseRefundCharge(body)).toEqual(expected);
  });
});
