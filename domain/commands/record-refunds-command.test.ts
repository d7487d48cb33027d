import { describe, expect, it } from 'vitest';
import type { ChargeMoneyRow, ChargeRefundRow } from '../money/ledger';
import { isRefusal } from './command';
import { derivedAfter } from '../../tests/support/derived-money';
import { RECORD_REFUNDS_MESSAGES, recordRefundsCommand, type RecordRefundsState } from './record-refunds-command';

const NOW = Date.parse('2026-11-20T17:00:00Z');
const AT = '2026-11-20 17:00:00.000Z';
const cancelled = {
  id: 'b1',
  refund_id: '',
  status: 'cancelled' as const,
  payment_status: 'refund_pending' as const,
  total_price: 173500,
  deposit_amount: 82500,
  deposit_method: '',
  deposit_paid_at: '2026-11-19 15:00:00.000Z',
  dispute_id: '',
  cancel_reason: 'customer_cancelled' as const,
  deposit_refund: 'pending' as const,
};
const removal: ChargeMoneyRow = {
  id: 'rem',
  kind: 'removal',
  amount: 8500,
  balance_amount: 0,
  damages_amount: 0,
  status: 'succeeded' as const,
  method: '',
  stripe_checkout_session_id: 'cs_1',
  refund_status: 'pending' as const,
  refund_amount: 8500,
  refunds: [],
};
const cancelledBook = { totalCents: 173500, depositCents: 82500, cancelled: true, kept: 'nothing' as const };
const state = (over: Partial<RecordRefundsState> = {}): RecordRefundsState => ({ booking: cancelled, charges: [removal], book: cancelledBook, ...over });
const decide = (s: RecordRefundsState, made: { chargeId: string; n: number; refundId: string; amountCents: number }[]) => recordRefundsCommand.decide(s, { bookingId: 'b1', made }, NOW);
const entry = (n: number, status: ChargeRefundRow['status'], refund_id = ''): ChargeRefundRow => ({
  n,
  part: '',
  amount: 4000,
  status,
  refund_id,
  refunded_at: status === 'succeeded' ? AT : '',
  waive: true,
});

describe('the record-refunds command', () => {
  it('a cancelled booking’s deposit and removal refunded: both recorded, refunded, the two notices and one receipt listing both', () => {
    const out = decide(state(), [
      { chargeId: '', n: 0, refundId: 're_dep', amountCents: 82500 },
      { chargeId: 'rem', n: 1, refundId: 're_rem', amountCents: 8500 },
    ]);
    expect(out).toEqual({
      changes: [
        { op: 'update', collection: 'charges', id: 'rem', fields: { refund_status: 'succeeded', refund_id: 're_rem', refunded_at: AT, refunds: [] } },
        { op: 'update', collection: 'bookings', id: 'b1', fields: { deposit_refund: 'succeeded', refund_id: 're_dep', refunded_at: AT } },
      ],
      mails: [
        { bookingId: 'b1', kind: 'notice', index: 0, refunded: true },
        { bookingId: 'b1', kind: 'notice', index: 1, refunded: true },
        {
          bookingId: 'b1',
          kind: 'receipt',
          refunds: [
            { of: 'deposit', refundId: 're_dep', amountCents: 82500 },
            { of: 'removal', refundId: 're_rem', amountCents: 8500 },
          ],
        },
      ],
      answer: { allDone: true, recorded: 2 },
    });
    // payment_status is the runner's, from the rows written (docs/decisions/061).
    expect(derivedAfter(cancelled, [removal], isRefusal(out) ? [] : out.changes).payment_status).toBe('refunded');
  });

  it('only the deposit made (the removal’s refund failed): refund still pending, told it is being made', () => {
    const out = decide(state(), [{ chargeId: '', n: 0, refundId: 're_dep', amountCents: 82500 }]);
    expect(out).toMatchObject({
      changes: [{ collection: 'bookings', fields: { deposit_refund: 'succeeded' } }],
      mails: [
        { kind: 'notice', refunded: false },
        { kind: 'notice', refunded: false },
        { kind: 'receipt', refunds: [{ of: 'deposit', refundId: 're_dep' }] },
      ],
      answer: { allDone: false, recorded: 1 },
    });
    expect(derivedAfter(cancelled, [removal], isRefusal(out) ? [] : out.changes).payment_status).toBe('refund_pending');
  });

  it('a later refund of a live booking’s charge: its entry recorded, a receipt and no notice', () => {
    const damages: ChargeMoneyRow = {
      ...removal,
      id: 'dmg',
      kind: 'damages',
      amount: 12000,
      damages_amount: 12000,
      refund_status: '' as const,
      refund_amount: 0,
      refunds: [entry(2, 'succeeded', 're_2'), entry(3, 'pending')],
    };
    const live = { ...cancelled, status: 'completed' as const, payment_status: 'paid' as const, cancel_reason: '' as const, deposit_refund: '' as const, total_price: 165000 };
    const balance: ChargeMoneyRow = { ...removal, id: 'bal', kind: 'balance', amount: 82500, balance_amount: 82500, refund_status: '', refund_amount: 0 };
    const out = decide(state({ booking: live, charges: [balance, damages], book: { totalCents: 165000, depositCents: 82500, cancelled: false, kept: 'deposit' } }), [
      { chargeId: 'dmg', n: 3, refundId: 're_3', amountCents: 4000 },
    ]);
    expect(out).toEqual({
      changes: [{ op: 'update', collection: 'charges', id: 'dmg', fields: { refunds: [entry(2, 'succeeded', 're_2'), entry(3, 'succeeded', 're_3')] } }],
      mails: [{ bookingId: 'b1', kind: 'receipt', refunds: [{ of: 'damages', refundId: 're_3', amountCents: 4000 }] }],
      answer: { allDone: true, recorded: 1 },
    });
  });

  it('a refund recorded before (a second run, a webhook first) is skipped: no change, no receipt', () => {
    const done = state({ booking: { ...cancelled, refund_id: 're_dep', deposit_refund: 'succeeded', payment_status: 'refunded' }, charges: [{ ...removal, refund_status: 'succeeded' }] });
    expect(
      decide(done, [
        { chargeId: '', n: 0, refundId: 're_dep', amountCents: 82500 },
        { chargeId: 'rem', n: 1, refundId: 're_rem', amountCents: 8500 },
      ]),
    ).toMatchObject({ changes: [], answer: { allDone: true, recorded: 0 } });
  });

  it('no booking is a 404', () => {
    expect(decide(state({ booking: null }), [])).toEqual({ status: 404, message: RECORD_REFUNDS_MESSAGES.notFound });
  });
});
