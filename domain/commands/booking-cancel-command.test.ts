import { describe, expect, it } from 'vitest';
import { movementsOf, type BookingMoneyRow, type ChargeMoneyRow } from '../money/ledger';
import { BookingStatus, PaymentStatus } from '../booking/lifecycle';
import { SELF_SERVICE_MESSAGES as M } from '../booking/self-service';
import type { BookingFacts } from './booking-changes';
import { bookingFacts, FIXTURE_NOW } from '../../tests/support/domain-builders';
import {
  cancelLedger,
  CANCEL_MESSAGE_MAX,
  customerCancelCommand,
  ownerRefundRange,
  ownerRefundSplit,
  OWNER_CANCEL_MESSAGES,
  ownerCancelCommand,
  type CancelTarget,
  type CustomerCancelState,
  type MoneyState,
  type OwnerCancelState,
} from './booking-cancel-command';
import { isRefusal, type Change } from './command';
import { derivedAfter } from '../../tests/support/derived-money';

// Friday November 20, 2026, 10:00 in New York; the deposit paid an hour before (tests/support/domain-builders.ts).
const NOW = FIXTURE_NOW;
const BUSY = 'A card payment is going through.';
const IN_FLIGHT = 'A payment for this booking is still in progress.';

const booking = (over: Partial<BookingFacts> = {}): BookingFacts => bookingFacts({ ics_sequence: 2, ...over });

/** The booking row of `money` below: $1,650 with its $825 deposit paid by card (or `depositMethod`). */
const moneyRow = (depositMethod = ''): BookingMoneyRow => ({
  status: BookingStatus.Confirmed,
  payment_status: PaymentStatus.DepositPaid,
  total_price: 165000,
  deposit_amount: 82500,
  deposit_method: depositMethod,
  deposit_paid_at: '2026-11-20 14:00:00.000Z',
  dispute_id: '',
  cancel_reason: '',
  deposit_refund: '',
});
/** A booking of $1,650 with its $825 deposit paid by card (or `depositMethod`), and `charges`, as the server reads its money. */
const money = (charges: ChargeMoneyRow[] = [], depositMethod = ''): MoneyState => ({ movements: movementsOf(moneyRow(depositMethod), charges), totalCents: 165000, depositCents: 82500, charges });
/**
 * The payment_status the runner stores once a cancel's `changes` are written (docs/decisions/061):
 * the booking of `money(m.charges, depositMethod)` cancelled, its rows as changed.
 */
const statusAfter = (m: MoneyState, changes: readonly Change[], depositMethod = '') =>
  derivedAfter({ ...moneyRow(depositMethod), status: 'cancelled', cancel_reason: 'owner_cancelled' }, m.charges, changes).payment_status;
const charge = (over: Partial<ChargeMoneyRow>): ChargeMoneyRow => ({
  id: 'c1',
  kind: 'balance',
  amount: 82500,
  balance_amount: 82500,
  damages_amount: 0,
  status: 'succeeded',
  method: '',
  stripe_checkout_session_id: '',
  refund_status: '',
  refund_amount: 0,
  ...over,
});

const target = (b: BookingFacts = booking(), m: MoneyState = money(), openCharges = 0): CancelTarget => ({
  booking: b,
  money: m,
  openCharges,
  tokens: { liveLinkIds: ['l1'], historyClientId: 'x_1' },
});

describe("the ledger's writes on a cancel", () => {
  it.each([
    ['a card deposit, nothing kept: refunded through Stripe', money(), 'nothing', { payment_status: 'refund_pending', deposit_refund: 'pending' }, []],
    ['a card deposit kept: nothing to refund', money(), 'deposit', { payment_status: 'deposit_paid' }, []],
    ['a cash deposit, nothing kept: to give back by hand', money([], 'cash'), 'nothing', { payment_status: 'refund_pending', deposit_refund: 'to_return' }, []],
    [
      'the deposit kept, a balance paid by card refunded',
      money([charge({})]),
      'deposit',
      { payment_status: 'refund_pending' },
      [{ op: 'update', collection: 'charges', id: 'c1', fields: { refund_status: 'pending', refund_amount: 82500 } }],
    ],
    [
      'a balance and damages charge: one refund of its two parts',
      money([charge({ kind: 'balance_and_damages', amount: 92500, balance_amount: 82500, damages_amount: 10000 })]),
      'deposit',
      { payment_status: 'refund_pending' },
      [{ op: 'update', collection: 'charges', id: 'c1', fields: { refund_status: 'pending', refund_amount: 92500 } }],
    ],
    [
      'a charge partly refunded before: the rest is a later refund of its own (its own Stripe key), the first one kept as it was',
      money([charge({ refund_status: 'succeeded', refund_amount: 10000 })]),
      'nothing',
      { payment_status: 'refund_pending', deposit_refund: 'pending' },
      [{ op: 'update', collection: 'charges', id: 'c1', fields: { refunds: [{ n: 2, part: '', amount: 72500, status: 'pending', refund_id: '', refunded_at: '', waive: false }] } }],
    ],
    [
      'the deposit kept, a balance refunded before: nothing more, and it reads refunded',
      money([charge({ refund_status: 'succeeded', refund_amount: 82500 })]),
      'deposit',
      { payment_status: 'refunded' },
      [],
    ],
  ] as const)('%s', (_name, m, kept, bookingFields, changes) => {
    const out = cancelLedger(m, kept);
    // payment_status is the runner's, from the rows written (docs/decisions/061).
    const { payment_status, ...written } = bookingFields;
    expect(out.bookingFields).toEqual(written);
    expect(out.changes).toEqual(changes);
    const depositMethod = m.movements.find((x) => x.id === 'deposit')?.method ?? '';
    expect(statusAfter(m, [...out.changes, { op: 'update', collection: 'bookings', id: 'b1', fields: out.bookingFields }], depositMethod)).toBe(payment_status);
  });
});

describe("the customer's cancel", () => {
  const state = (t: CancelTarget | null): CustomerCancelState => ({ found: t, paymentGoingThrough: BUSY });

  it('cancels within the window: status and reason from transition, everything refunded, the history; the links stay (read-only); no e-mail (the refund sends it)', () => {
    const out = customerCancelCommand.decide(state(target()), { token: 't', from: { date: '2026-12-04', timeSlot: '9-15' } }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes).toEqual([
      { op: 'update', collection: 'bookings', id: 'b1', fields: { status: 'cancelled', cancel_reason: 'customer_cancelled', ics_sequence: 3, deposit_refund: 'pending' } },
      {
        op: 'create',
        collection: 'job_events',
        fields: {
          booking: 'b1',
          kind: 'customer_change',
          text: 'The customer cancelled the booking; everything paid is refunded.',
          client_id: 'x_1',
          occurred_at: '2026-11-20 15:00:00.000Z',
          created_by: '',
        },
      },
    ]);
    expect(out.mails).toEqual([]);
    expect(out.answer).toEqual({ bookingId: 'b1', refundsQueued: true, refund: true });
    expect(statusAfter(money(), out.changes)).toBe('refund_pending');
  });

  it.each([
    ['a dead link', state(null), 404, M.invalidLink],
    ['after the 72 hours', state(target(booking({ depositPaidAtMs: NOW - 80 * 3_600_000 }))), 409, M.cancelClosed],
    ['an installation within 48 hours', state(target(booking({ install_date: '2026-11-21' }))), 409, M.cancelClosed],
    ['a removal held for its payment', state(target(booking({ removal_hold: 'c9' }))), 409, M.cancelClosed],
    ['a payment going through', state(target(booking(), money(), 1)), 409, BUSY],
  ] as const)('refuses %s', (_name, s, status, message) => {
    expect(customerCancelCommand.decide(s, { token: 't', from: null }, NOW)).toEqual({ status, message });
  });

  it('refuses a request from a page that showed another installation (the booking changed since)', () => {
    expect(customerCancelCommand.decide(state(target()), { token: 't', from: { date: '2026-12-11', timeSlot: '9-15' } }, NOW)).toEqual({ status: 409, message: M.staleRequest });
  });
});

describe("the owner's cancel", () => {
  const state = (t: CancelTarget | null): OwnerCancelState => ({ found: t, paymentInFlight: IN_FLIGHT, staffId: 's1' });

  it('keeping the deposit with nothing else paid: no refund, so the cancellation e-mails go now', () => {
    const out = ownerCancelCommand.decide(state(target(booking({ depositPaidAtMs: NOW - 30 * 86_400_000 }))), { bookingId: 'b1', refund: false }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]).toEqual({ op: 'update', collection: 'bookings', id: 'b1', fields: { status: 'cancelled', cancel_reason: 'owner_cancelled', ics_sequence: 3 } });
    expect(statusAfter(money(), out.changes)).toBe('deposit_paid');
    expect(out.changes[1]).toMatchObject({ collection: 'job_events', fields: { kind: 'owner_change', text: 'Cancelled from the admin; the deposit is kept.', created_by: 's1' } });
    // The customer's link stays: it shows the cancelled booking, read-only (docs/decisions/027).
    expect(out.changes.some((c) => c.collection === 'booking_links')).toBe(false);
    expect(out.mails).toEqual([
      { bookingId: 'b1', to: 'customer' },
      { bookingId: 'b1', to: 'owner' },
    ]);
    expect(out.answer).toEqual({ bookingId: 'b1', refundsQueued: false, refund: false });
  });

  it('refunding the deposit: queued, and the refund path sends the e-mails', () => {
    const out = ownerCancelCommand.decide(state(target()), { bookingId: 'b1', refund: true }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]).toMatchObject({ fields: { status: 'cancelled', deposit_refund: 'pending' } });
    expect(statusAfter(money(), out.changes)).toBe('refund_pending');
    expect(out.mails).toEqual([]);
    expect(out.answer).toEqual({ bookingId: 'b1', refundsQueued: true, refund: true });
  });

  it('a booking already cancelled answers as it is (the outbox may send the cancel again)', () => {
    expect(ownerCancelCommand.decide(state(target(booking({ status: 'cancelled' }))), { bookingId: 'b1', refund: true }, NOW)).toEqual({
      changes: [],
      mails: [],
      answer: { bookingId: 'b1', refundsQueued: false, refund: true },
    });
  });

  it.each([
    ['no such booking', state(null), 404, OWNER_CANCEL_MESSAGES.notFound],
    ['money still moving', state(target(booking(), money(), 1)), 409, IN_FLIGHT],
    ['a completed booking', state(target(booking({ status: 'completed' }))), 409, OWNER_CANCEL_MESSAGES.notConfirmed],
    ['a booking waiting for its deposit', state(target(booking({ status: 'pending_payment' }))), 409, OWNER_CANCEL_MESSAGES.notConfirmed],
  ] as const)('refuses %s', (_name, s, status, message) => {
    expect(ownerCancelCommand.decide(s, { bookingId: 'b1', refund: true }, NOW)).toEqual({ status, message });
  });

  it.each([
    [{ refund: true }, OWNER_CANCEL_MESSAGES.missing],
    [{ bookingId: 'b1' }, OWNER_CANCEL_MESSAGES.refundChoice],
    [{ bookingId: 'b1', refund: 'yes' }, OWNER_CANCEL_MESSAGES.refundChoice],
  ])('parse refuses %j', (body, message) => {
    expect(ownerCancelCommand.parse(body, [])).toEqual({ ok: false, message });
  });
});

describe("the owner's own refund amount", () => {
  // $825 card deposit, a $825 card balance (c1), a $100 cash damages payment (c2, newest).
  const full = () => money([charge({}), charge({ id: 'c2', kind: 'damages', amount: 10000, balance_amount: 0, damages_amount: 10000, method: 'cash' })]);

  it("the range: everything held, the deposit, and the policy's two amounts", () => {
    expect(ownerRefundRange(full())).toEqual({ refundableCents: 175000, depositCents: 82500, policyRefundCents: 175000, policyKeepCents: 92500 });
    expect(ownerRefundRange(money())).toEqual({ refundableCents: 82500, depositCents: 82500, policyRefundCents: 82500, policyKeepCents: 0 });
  });

  it.each([
    ['nothing', 0, [], 0, false],
    ['part of the newest payment (cash, to give back by hand)', 4000, [['c2', 4000, 'to_return']], 0, false],
    [
      'the newest whole and part of the card balance',
      30000,
      [
        ['c2', 10000, 'to_return'],
        ['c1', 20000, 'pending'],
      ],
      0,
      false,
    ],
    [
      'all but the deposit',
      92500,
      [
        ['c2', 10000, 'to_return'],
        ['c1', 82500, 'pending'],
      ],
      0,
      false,
    ],
    [
      'the others newest first, then part of the deposit',
      100000,
      [
        ['c2', 10000, 'to_return'],
        ['c1', 82500, 'pending'],
        ['deposit', 7500, 'pending'],
      ],
      7500,
      false,
    ],
    [
      'everything',
      175000,
      [
        ['c2', 10000, 'to_return'],
        ['c1', 82500, 'pending'],
        ['deposit', 82500, 'pending'],
      ],
      82500,
      true,
    ],
  ] as const)('splits %s', (_name, cents, expected, depositRefundCents, depositWhole) => {
    const out = ownerRefundSplit(full(), cents);
    if ('refused' in out) throw new Error(out.refused);
    expect(out.refunds.map((r) => [r.of, r.amountCents, r.status])).toEqual(expected);
    expect(out).toMatchObject({ depositRefundCents, depositWhole });
  });

  it.each([
    ['$400 of a card deposit paid alone', money(), 40000, [['deposit', 40000, 'pending']], 40000, false],
    ['$300 of a cash deposit paid alone: to give back by hand', money([], 'cash'), 30000, [['deposit', 30000, 'to_return']], 30000, false],
    ['the whole deposit paid alone', money(), 82500, [['deposit', 82500, 'pending']], 82500, true],
    [
      'past the cash damages, part of the deposit',
      money([charge({ id: 'c2', kind: 'damages', amount: 10000, balance_amount: 0, damages_amount: 10000, method: 'cash' })]),
      50000,
      [
        ['c2', 10000, 'to_return'],
        ['deposit', 40000, 'pending'],
      ],
      40000,
      false,
    ],
  ] as const)('splits %s', (_name, m, cents, expected, depositRefundCents, depositWhole) => {
    const out = ownerRefundSplit(m, cents);
    if ('refused' in out) throw new Error(out.refused);
    expect(out.refunds.map((r) => [r.of, r.amountCents, r.status])).toEqual(expected);
    expect(out).toMatchObject({ depositRefundCents, depositWhole });
  });

  it.each([
    ['above what is refundable', full(), 175001, 'The refund can be at most $1,750, what this booking can still give back.'],
    ['above a deposit paid alone', money(), 82501, 'The refund can be at most $825, what this booking can still give back.'],
  ] as const)('refuses %s', (_name, m, cents, refused) => {
    expect(ownerRefundSplit(m, cents)).toEqual({ refused });
  });
  const state = (t: CancelTarget | null): OwnerCancelState => ({ found: t, paymentInFlight: IN_FLIGHT, staffId: 's1' });

  it('cancels with $300 of the card balance refunded and a message: the charge refunded in part, the deposit kept, the message stored for the e-mail', () => {
    const out = ownerCancelCommand.decide(state(target(booking(), money([charge({})]))), { bookingId: 'b1', refund: true, refundCents: 30000, message: 'So sorry.\nSee you next year!' }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]).toEqual({ op: 'update', collection: 'charges', id: 'c1', fields: { refund_status: 'pending', refund_amount: 30000 } });
    expect(out.changes[1]).toEqual({
      op: 'update',
      collection: 'bookings',
      id: 'b1',
      fields: { status: 'cancelled', cancel_reason: 'owner_cancelled', ics_sequence: 3, cancel_message: 'So sorry.\nSee you next year!' },
    });
    expect(statusAfter(money([charge({})]), out.changes)).toBe('refund_pending');
    expect(out.changes.find((c) => c.collection === 'job_events')).toMatchObject({ fields: { text: 'Cancelled from the admin; $300 refunded, the deposit kept.' } });
    expect(out.mails).toEqual([]);
    expect(out.answer).toEqual({ bookingId: 'b1', refundsQueued: true, refund: false });
  });

  it('cancels with $400 of a card deposit paid alone: its refund queued for that amount, the rest of the deposit kept', () => {
    const out = ownerCancelCommand.decide(state(target()), { bookingId: 'b1', refund: true, refundCents: 40000 }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]).toEqual({
      op: 'update',
      collection: 'bookings',
      id: 'b1',
      fields: { status: 'cancelled', cancel_reason: 'owner_cancelled', ics_sequence: 3, deposit_refund: 'pending', deposit_refund_amount: 40000 },
    });
    expect(statusAfter(money(), out.changes)).toBe('refund_pending');
    expect(out.changes.find((c) => c.collection === 'job_events')).toMatchObject({ fields: { text: 'Cancelled from the admin; $400 refunded, $400 of the deposit with it.' } });
    expect(out.mails).toEqual([]);
    expect(out.answer).toEqual({ bookingId: 'b1', refundsQueued: true, refund: true });
  });

  it('cancels with $300 of a cash deposit: to give back by hand for that amount', () => {
    const out = ownerCancelCommand.decide(state(target(booking(), money([], 'cash'))), { bookingId: 'b1', refund: true, refundCents: 30000 }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]).toMatchObject({ fields: { deposit_refund: 'to_return', deposit_refund_amount: 30000 } });
    expect(statusAfter(money([], 'cash'), out.changes, 'cash')).toBe('refund_pending');
  });

  it('the whole deposit through the amount writes no amount (0 is the whole deposit, as on older rows)', () => {
    const out = ownerCancelCommand.decide(state(target()), { bookingId: 'b1', refund: true, refundCents: 82500 }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]).toMatchObject({ fields: { deposit_refund: 'pending' } });
    expect(out.changes[0]).not.toHaveProperty('fields.deposit_refund_amount');
    expect(out.changes.find((c) => c.collection === 'job_events')).toMatchObject({ fields: { text: 'Cancelled from the admin; $825 refunded, the deposit with it.' } });
  });

  it('refunding $0 with a message: nothing queued, so the e-mails (with the message) go now', () => {
    const out = ownerCancelCommand.decide(state(target()), { bookingId: 'b1', refund: false, refundCents: 0, message: 'Call me.' }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]).toMatchObject({ fields: { cancel_message: 'Call me.' } });
    expect(statusAfter(money(), out.changes)).toBe('deposit_paid');
    expect(out.mails).toHaveLength(2);
    expect(out.answer).toEqual({ bookingId: 'b1', refundsQueued: false, refund: false });
  });

  it('refuses an amount above what is refundable with a 400 and writes nothing', () => {
    expect(ownerCancelCommand.decide(state(target()), { bookingId: 'b1', refund: true, refundCents: 90000 }, NOW)).toEqual({
      status: 400,
      message: 'The refund can be at most $825, what this booking can still give back.',
    });
  });

  it.each([
    [{ bookingId: 'b1', refund: true, refundCents: -1 }, OWNER_CANCEL_MESSAGES.refundAmount],
    [{ bookingId: 'b1', refund: true, refundCents: 10.5 }, OWNER_CANCEL_MESSAGES.refundAmount],
    [{ bookingId: 'b1', refund: true, refundCents: '100' }, OWNER_CANCEL_MESSAGES.refundAmount],
    [{ bookingId: 'b1', refund: true, message: 'x'.repeat(CANCEL_MESSAGE_MAX + 1) }, OWNER_CANCEL_MESSAGES.messageLong],
    [{ bookingId: 'b1', refund: true, message: 42 }, OWNER_CANCEL_MESSAGES.messageLong],
  ])('parse refuses %j', (body, message) => {
    expect(ownerCancelCommand.parse(body, [])).toEqual({ ok: false, message });
  });

  it('parse keeps a normalised message and drops an empty one', () => {
    expect(ownerCancelCommand.parse({ bookingId: 'b1', refund: false, refundCents: 500, message: '  Hello\r\nthere\u200b  ' }, [])).toEqual({
      ok: true,
      value: { bookingId: 'b1', refund: false, refundCents: 500, message: 'Hello\nthere' },
    });
    expect(ownerCancelCommand.parse({ bookingId: 'b1', refund: false, message: '   ' }, [])).toEqual({ ok: true, value: { bookingId: 'b1', refund: false } });
  });
});
