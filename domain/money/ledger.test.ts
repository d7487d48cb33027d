import { describe, expect, it } from 'vitest';
import { bookingMoneyRow } from '../../tests/support/domain-builders';
import {
  chargeRefundKey,
  refundWrites,
  collectionOf,
  chargeRefundRowsOf,
  moneyOf,
  movementsOf,
  nextChargeRefundNumber,
  paymentStatusOf,
  paymentStatusOfRows,
  receiptFor,
  refundsToQueue,
  refundLines,
  refundSentences,
  type BookingMoneyRow,
  type ChargeMoneyRow,
  type ChargeRefundRow,
  type LedgerBooking,
  type Movement,
} from './ledger';

const pay = (id: string, kind: Movement['kind'], method: Movement['method'], amountCents: number, status: Movement['status'] = 'succeeded'): Movement => ({
  id,
  kind,
  method,
  direction: 'payment',
  status,
  amountCents,
});
const live: LedgerBooking = { totalCents: 100_000, depositCents: 50_000, cancelled: false, kept: 'nothing' };
const cancelled = (kept: LedgerBooking['kept']): LedgerBooking => ({ ...live, cancelled: true, kept });

describe('moneyOf', () => {
  it('a deposit paid by card: half due, the deposit refundable by card', () => {
    const m = moneyOf([pay('deposit', 'deposit', 'card_checkout', 50_000)], live);
    expect(m).toMatchObject({ owedCents: 100_000, paidCents: 50_000, dueCents: 50_000, pendingCents: 0, excessCents: 0, creditCents: 0, openCollections: [] });
    expect(m.refundableByMethod).toEqual({ card_checkout: 50_000 });
  });
  it('an open link counts as pending, not due', () => {
    const m = moneyOf([pay('deposit', 'deposit', 'card_checkout', 50_000), pay('c1', 'balance', 'payment_link', 50_000, 'pending')], live);
    expect(m).toMatchObject({ dueCents: 0, pendingCents: 50_000 });
    expect(m.openCollections.map((o) => o.id)).toEqual(['c1']);
  });
  it('the balance collected twice is an excess, a credit until a refund is queued', () => {
    const ms = [pay('deposit', 'deposit', 'card_checkout', 50_000), pay('cash1', 'balance', 'cash', 50_000), pay('link1', 'balance', 'payment_link', 50_000)];
    expect(moneyOf(ms, live)).toMatchObject({ paidCents: 150_000, excessCents: 50_000, creditCents: 50_000 });
    const refunds = refundsToQueue(ms, live);
    expect(refunds).toEqual([{ id: 'link1:refund', kind: 'balance', method: 'payment_link', direction: 'refund', status: 'pending', amountCents: 50_000, of: 'link1' }]);
    expect(moneyOf([...ms, ...refunds], live)).toMatchObject({ creditCents: 0, refundingCents: 50_000 });
  });
  it('a customer cancel refunds every payment by its own way', () => {
    const ms = [pay('deposit', 'deposit', 'cash', 50_000), pay('r1', 'removal', 'payment_link', 8_500)];
    const refunds = refundsToQueue(ms, cancelled('nothing'));
    expect(refunds.map((r) => [r.of, r.status, r.amountCents])).toEqual([
      ['r1', 'pending', 8_500],
      ['deposit', 'to_return', 50_000],
    ]);
  });
  it('an owner who keeps the deposit refunds the rest', () => {
    const ms = [pay('deposit', 'deposit', 'card_checkout', 50_000), pay('b1', 'balance', 'check', 50_000)];
    expect(refundsToQueue(ms, cancelled('deposit')).map((r) => [r.of, r.status, r.amountCents])).toEqual([['b1', 'to_return', 50_000]]);
  });
  it('a returned cash refund is money out; a voided payment is not paid', () => {
    const ms: Movement[] = [
      pay('deposit', 'deposit', 'cash', 50_000),
      { id: 'deposit:refund', kind: 'deposit', method: 'cash', direction: 'refund', status: 'returned', amountCents: 50_000, of: 'deposit' },
    ];
    expect(moneyOf(ms, cancelled('nothing'))).toMatchObject({ paidCents: 0, refundingCents: 0, refundable: [] });
    const voided: Movement[] = [pay('c', 'balance', 'cash', 500), { id: 'c:void', kind: 'balance', method: 'cash', direction: 'void', status: 'succeeded', amountCents: 500, of: 'c' }];
    expect(moneyOf(voided, live).paidCents).toBe(0);
  });
  it('damages charged add to what is owed', () => {
    expect(moneyOf([pay('d', 'damages', 'card_off_session', 2_000, 'processing')], live)).toMatchObject({ owedCents: 102_000, pendingCents: 2_000 });
  });
});

describe('receiptFor and paymentStatusOf', () => {
  it.each([
    [pay('a', 'deposit', 'card_checkout', 1), 'payment'],
    [pay('a', 'deposit', 'card_checkout', 1, 'pending'), null],
    [{ ...pay('a', 'deposit', 'cash', 1), direction: 'refund', status: 'to_return' } as Movement, null],
    [{ ...pay('a', 'deposit', 'cash', 1), direction: 'refund', status: 'returned' } as Movement, 'refund'],
  ])('%o → %s', (m, r) => expect(receiptFor(m)).toBe(r));
  it('reads the stored statuses', () => {
    const dep = [pay('deposit', 'deposit', 'card_checkout', 50_000)];
    expect(paymentStatusOf(moneyOf(dep, live), live, false)).toBe('deposit_paid');
    const full = [...dep, pay('b', 'balance', 'cash', 50_000)];
    expect(paymentStatusOf(moneyOf(full, live), live, false)).toBe('paid');
    const queued = [...dep, ...refundsToQueue(dep, cancelled('nothing'))];
    expect(paymentStatusOf(moneyOf(queued, cancelled('nothing')), cancelled('nothing'), true)).toBe('refund_pending');
  });
});

const later = (n: number, amount: number, status: ChargeRefundRow['status']): ChargeRefundRow => ({ n, part: '', amount, status, refund_id: '', refunded_at: '', waive: true });

describe('movementsOf', () => {
  const row: BookingMoneyRow = bookingMoneyRow();
  const charge = (c: Partial<ChargeMoneyRow>): ChargeMoneyRow => ({
    id: 'c1',
    kind: 'balance',
    amount: 50_000,
    balance_amount: 50_000,
    damages_amount: 0,
    status: 'succeeded' as const,
    method: '',
    stripe_checkout_session_id: '',
    ...c,
  });
  it.each([
    ['a card deposit', row, [], ['deposit payment card_checkout succeeded 50000']],
    [
      'a cash deposit refund waits to be returned',
      { ...row, deposit_method: 'cash', payment_status: 'refund_pending', status: 'cancelled' },
      [],
      ['deposit payment cash succeeded 50000', 'deposit:refund refund cash to_return 50000'],
    ],
    ['a card deposit refunded', { ...row, payment_status: 'refunded' }, [], ['deposit payment card_checkout succeeded 50000', 'deposit:refund refund card_checkout succeeded 50000']],
    ['an open link', row, [charge({ status: 'requires_checkout', stripe_checkout_session_id: 'cs_1' })], ['deposit payment card_checkout succeeded 50000', 'c1 payment payment_link pending 50000']],
    [
      'a voided cash payment',
      row,
      [charge({ status: 'voided', method: 'cash' })],
      ['deposit payment card_checkout succeeded 50000', 'c1 payment cash succeeded 50000', 'c1:void void cash succeeded 50000'],
    ],
    [
      'balance and damages as two',
      row,
      [charge({ kind: 'balance_and_damages', amount: 52_000, damages_amount: 2_000 })],
      ['deposit payment card_checkout succeeded 50000', 'c1 payment card_off_session succeeded 50000', 'c1#damages payment card_off_session succeeded 2000'],
    ],
    [
      'a refunded removal',
      row,
      [charge({ kind: 'removal', amount: 8_500, stripe_checkout_session_id: 'cs', refund_status: 'pending' })],
      ['deposit payment card_checkout succeeded 50000', 'c1 payment payment_link succeeded 8500', 'c1:refund refund payment_link pending 8500'],
    ],
    ['a checkout not paid yet', { ...row, status: 'pending_payment', payment_status: 'pending', deposit_paid_at: '' }, [], ['deposit payment card_checkout pending 50000']],
    [
      'a damages charge refunded three times: the first in refund_status, each later one its own movement',
      row,
      [charge({ kind: 'damages', amount: 12_000, refund_status: 'succeeded', refund_amount: 4_000, refunds: [later(2, 3_000, 'succeeded'), later(3, 1_000, 'pending')] })],
      [
        'deposit payment card_checkout succeeded 50000',
        'c1 payment card_off_session succeeded 12000',
        'c1:refund refund card_off_session succeeded 4000',
        'c1:refund2 refund card_off_session succeeded 3000',
        'c1:refund3 refund card_off_session pending 1000',
      ],
    ],
    [
      'a later refund of the damages part of a balance-and-damages charge, a failed one not counted',
      row,
      [charge({ kind: 'balance_and_damages', amount: 52_000, damages_amount: 2_000, refunds: [{ ...later(2, 500, 'succeeded'), part: 'damages' }, later(3, 100, 'failed')] })],
      [
        'deposit payment card_checkout succeeded 50000',
        'c1 payment card_off_session succeeded 50000',
        'c1#damages payment card_off_session succeeded 2000',
        'c1#damages:refund2 refund card_off_session succeeded 500',
      ],
    ],
  ] as const)('%s', (_n, b, cs, expected) => {
    expect(movementsOf(b, cs).map((m) => `${m.id} ${m.direction} ${m.method} ${m.status} ${m.amountCents}`)).toEqual(expected);
  });
});

describe('collectionOf', () => {
  it("puts a charge's parts and their refunds under the charge, and leaves other ids as they are", () => {
    expect(collectionOf('c1')).toBe('c1');
    expect(collectionOf('c1#damages')).toBe('c1');
    expect(collectionOf('deposit')).toBe('deposit');
  });
});

describe('a charge refunded in part more than once', () => {
  const row: BookingMoneyRow = bookingMoneyRow({ status: 'completed', payment_status: 'paid' });
  const damages: ChargeMoneyRow = { id: 'd1', kind: 'damages', amount: 12_000, balance_amount: 0, damages_amount: 12_000, status: 'succeeded', method: '', stripe_checkout_session_id: '' };
  const balance: ChargeMoneyRow = { ...damages, id: 'b1', kind: 'balance', amount: 50_000, balance_amount: 50_000, damages_amount: 0 };
  const book: LedgerBooking = { totalCents: 100_000, depositCents: 50_000, cancelled: false, kept: 'deposit' };

  it('each refund has its own Stripe key; the first keeps the key stored before', () => {
    expect([1, 2, 3].map((n) => chargeRefundKey('d1', n))).toEqual(['refund-charge-d1', 'refund-charge-d1-2', 'refund-charge-d1-3']);
  });
  it.each([
    ['none yet', {}, 1],
    ['a first refund in refund_status', { refund_status: 'succeeded' as const }, 2],
    ['later ones 2 and 3', { refund_status: 'succeeded' as const, refunds: [later(2, 1, 'succeeded'), later(3, 1, 'pending')] }, 4],
    ['later ones without a first (an owner refund of a fresh charge)', { refunds: [later(2, 1, 'succeeded')] }, 3],
  ])('the next refund number with %s', (_n, c, expected) => {
    expect(nextChargeRefundNumber(c)).toBe(expected);
  });
  it('reads the stored JSON, dropping what is malformed', () => {
    expect(chargeRefundRowsOf([{ n: 2, amount: 4000, status: 'pending', waive: true }, { n: 'x' }, null, { n: 3, amount: 100, part: 'damages' }])).toEqual([
      { n: 2, part: '', amount: 4000, status: 'pending', refund_id: '', refunded_at: '', waive: true },
      { n: 3, part: 'damages', amount: 100, status: '', refund_id: '', refunded_at: '', waive: false },
    ]);
    expect(chargeRefundRowsOf(null)).toEqual([]);
  });
  it('$40 then $30 of $120 given back by the owner: not owed any more, $50 left to refund, the booking still paid', () => {
    const charges = [balance, { ...damages, refunds: [later(2, 4_000, 'succeeded'), later(3, 3_000, 'succeeded')] }];
    const money = moneyOf(movementsOf(row, charges), book);
    expect(money).toMatchObject({ owedCents: 105_000, paidCents: 105_000, dueCents: 0, excessCents: 0, creditCents: 0 });
    expect(money.refundable.find((r) => r.id === 'd1')?.cents).toBe(5_000);
    expect(paymentStatusOfRows(row, charges, book)).toBe('paid');
  });
  it('a refund still queued is not yet money out, but no longer owed and no longer refundable: nothing else is queued for it', () => {
    const ms = movementsOf(row, [balance, { ...damages, refunds: [later(2, 4_000, 'pending')] }]);
    expect(moneyOf(ms, book)).toMatchObject({ owedCents: 108_000, paidCents: 112_000, excessCents: 4_000, refundingCents: 4_000, creditCents: 0 });
    expect(refundsToQueue(ms, book)).toEqual([]);
  });
  it('a refund the ledger queued (an excess) does not waive: what is owed stays', () => {
    const ms = movementsOf(row, [balance, { ...damages, refunds: [{ ...later(2, 4_000, 'succeeded'), waive: false }] }]);
    expect(moneyOf(ms, book)).toMatchObject({ owedCents: 112_000, paidCents: 108_000, dueCents: 4_000 });
  });
  it('per method, refunded never exceeds paid', () => {
    const ms = movementsOf(row, [balance, { ...damages, refund_status: 'succeeded', refund_amount: 2_000, refunds: [later(2, 4_000, 'succeeded'), later(3, 6_000, 'pending')] }]);
    const out = ms.filter((m) => m.direction === 'refund' && m.method === 'card_off_session').reduce((t, m) => t + m.amountCents, 0);
    expect(out).toBe(12_000);
    expect(moneyOf(ms, book).refundable.find((r) => r.id === 'd1')).toBeUndefined();
  });
});

describe('refundWrites', () => {
  const charge = (over: Partial<ChargeMoneyRow> = {}): ChargeMoneyRow => ({
    id: 'c1',
    kind: 'balance_and_damages',
    amount: 12_000,
    balance_amount: 10_000,
    damages_amount: 2_000,
    status: 'succeeded' as const,
    method: '',
    stripe_checkout_session_id: '',
    refund_status: '' as const,
    refund_amount: 0,
    ...over,
  });
  const refund = (of: string, amountCents: number, status: Movement['status'] = 'pending'): Movement => ({
    id: `${of}:refund`,
    kind: 'balance',
    method: 'card_off_session',
    direction: 'refund',
    status,
    amountCents,
    of,
  });

  it("writes a charge's first refund in its own fields, its two parts as one sum, and the deposit's state", () => {
    const w = refundWrites([charge()], [refund('c1', 10_000), refund('c1#damages', 2_000), refund('deposit', 5_000, 'to_return')]);
    expect(w.depositRefund).toBe('to_return');
    expect(w.charges.get('c1')).toEqual({ refund_status: 'pending', refund_amount: 12_000 });
  });

  it('writes a later refund of a charge refunded before as its own numbered entry (its own Stripe key), never adding to the first', () => {
    const before = charge({ refund_status: 'succeeded', refund_amount: 4_000 });
    const w = refundWrites([before], [refund('c1', 8_000)]);
    expect(w.depositRefund).toBe('');
    expect(w.charges.get('c1')).toEqual({ refunds: [{ n: 2, part: '', amount: 8_000, status: 'pending', refund_id: '', refunded_at: '', waive: false }] });
    const twice = refundWrites([before], [refund('c1', 6_000), refund('c1#damages', 2_000)]);
    expect(twice.charges.get('c1')?.refunds?.map((r) => [r.n, r.part, r.amount])).toEqual([
      [2, '', 6_000],
      [3, 'damages', 2_000],
    ]);
  });
});

describe('a deposit refunded in part (the owner cancels giving back part of it)', () => {
  // An $825 deposit of a $1,650 booking, cancelled by the owner; its refund of $400 at each stage.
  const row = (over: Partial<BookingMoneyRow> = {}): BookingMoneyRow => ({
    status: 'cancelled' as const,
    payment_status: 'refund_pending' as const,
    total_price: 165_000,
    deposit_amount: 82_500,
    deposit_method: '',
    deposit_paid_at: '2026-11-20 15:00:00.000Z',
    dispute_id: '',
    cancel_reason: 'owner_cancelled' as const,
    deposit_refund: 'pending' as const,
    deposit_refund_amount: 40_000,
    ...over,
  });
  // A cancelled booking refunded in part keeps its deposit less that part (booking-money.ts keptOfRows).
  const book: LedgerBooking = { totalCents: 165_000, depositCents: 82_500, cancelled: true, kept: 'deposit' };

  it.each([
    // name, row, refund movement [method status cents], money { paid, refunding, owed, excess, credit }, payment_status
    ['a card refund queued for Stripe', row(), 'card_checkout pending 40000', { paidCents: 82_500, refundingCents: 40_000, owedCents: 42_500, excessCents: 40_000, creditCents: 0 }, 'refund_pending'],
    [
      'the card refund made',
      row({ deposit_refund: 'succeeded' }),
      'card_checkout succeeded 40000',
      { paidCents: 42_500, refundingCents: 0, owedCents: 42_500, excessCents: 0, creditCents: 0 },
      'refunded',
    ],
    [
      'a cash deposit: $400 to return by hand',
      row({ deposit_method: 'cash', deposit_refund: 'pending' }),
      'cash to_return 40000',
      { paidCents: 82_500, refundingCents: 40_000, owedCents: 42_500, creditCents: 0 },
      'refund_pending',
    ],
    [
      'the cash given back',
      row({ deposit_method: 'cash', deposit_refund: 'returned' }),
      'cash returned 40000',
      { paidCents: 42_500, refundingCents: 0, owedCents: 42_500, creditCents: 0 },
      'refunded',
    ],
    ['the card refund failed: nothing given back yet', row({ deposit_refund: 'failed' }), '', { paidCents: 82_500, refundingCents: 0, owedCents: 82_500, creditCents: 0 }, 'deposit_paid'],
  ] as const)('%s', (_name, r, refund, money, status) => {
    const movements = movementsOf(r, []);
    expect(
      movements
        .filter((m) => m.direction === 'refund')
        .map((m) => `${m.method} ${m.status} ${m.amountCents}`)
        .join(),
    ).toBe(refund);
    const m = moneyOf(movements, book);
    expect(m).toMatchObject(money);
    // Nothing more to queue: the rest of the deposit is kept.
    expect(refundsToQueue(movements, book)).toEqual([]);
    expect(paymentStatusOfRows(r, [], book)).toBe(status);
  });

  it('0 or no amount is the whole deposit, as every older row means; an amount above it is read as the whole', () => {
    for (const over of [{ deposit_refund_amount: 0 }, { deposit_refund_amount: undefined }, { deposit_refund_amount: 90_000 }]) {
      const refunds = movementsOf(row(over), []).filter((m) => m.direction === 'refund');
      expect(refunds.map((m) => m.amountCents)).toEqual([82_500]);
    }
  });

  it('a late payment on the cancelled booking is given back whole: the booking keeps only the deposit less its refund', () => {
    const charges: ChargeMoneyRow[] = [
      { id: 'c1', kind: 'balance', amount: 82_500, balance_amount: 82_500, damages_amount: 0, status: 'succeeded', method: '', stripe_checkout_session_id: '', refund_status: '', refund_amount: 0 },
    ];
    const movements = movementsOf(row({ deposit_refund: 'succeeded' }), charges);
    expect(moneyOf(movements, book)).toMatchObject({ paidCents: 125_000, owedCents: 42_500, creditCents: 82_500 });
    expect(refundsToQueue(movements, book).map((r) => [r.of, r.amountCents])).toEqual([['c1', 82_500]]);
  });

  it("the manage page's refund lines: each refund with its amount and state", () => {
    const charges: ChargeMoneyRow[] = [
      {
        id: 'c1',
        kind: 'balance',
        amount: 82_500,
        balance_amount: 82_500,
        damages_amount: 0,
        status: 'succeeded' as const,
        method: 'cash',
        stripe_checkout_session_id: '',
        refund_status: 'to_return' as const,
        refund_amount: 82_500,
      },
    ];
    expect(refundLines(movementsOf(row(), charges))).toEqual([
      { label: 'Deposit', amountCents: 40_000, state: 'pending' },
      { label: 'Balance payment', amountCents: 82_500, state: 'to_return' },
    ]);
    expect(refundLines(movementsOf(row({ deposit_refund: 'succeeded' }), []))).toEqual([{ label: 'Deposit', amountCents: 40_000, state: 'refunded' }]);
    expect(refundLines(movementsOf(row({ deposit_refund: 'failed' }), []))).toEqual([]);
  });

  it("the customer's sentence names the part and the deposit", () => {
    expect(refundSentences(movementsOf(row(), []))).toEqual(['We are refunding $400 of your deposit of $825 to your card; your bank may take 5 to 10 days to show it.']);
    expect(refundSentences(movementsOf(row({ deposit_method: 'cash' }), []))).toEqual(['We will give back $400 of your deposit of $825, paid in cash, in person; we will call you to arrange it.']);
    expect(refundSentences(movementsOf(row({ deposit_refund_amount: 0 }), []))).toEqual(['We are refunding your deposit of $825 to your card; your bank may take 5 to 10 days to show it.']);
  });

  it('refundWrites writes the part of the deposit, and 0 for the whole of it', () => {
    const refund = (amountCents: number): Movement => ({ id: 'deposit:refund', kind: 'deposit', method: 'card_checkout', direction: 'refund', status: 'pending', amountCents, of: 'deposit' });
    expect(refundWrites([], [refund(40_000)], 82_500)).toMatchObject({ depositRefund: 'pending', depositRefundCents: 40_000 });
    expect(refundWrites([], [refund(82_500)], 82_500)).toMatchObject({ depositRefund: 'pending', depositRefundCents: 0 });
    expect(refundWrites([], [], 82_500)).toMatchObject({ depositRefund: '', depositRefundCents: 0 });
  });
});
