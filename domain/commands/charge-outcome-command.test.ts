import { describe, expect, it } from 'vitest';
import { balanceOf, bookingLedger } from '../money/booking-money';
import type { ChargeMoneyRow } from '../money/ledger';
import { CHARGE_MESSAGES } from '../money/balance-charge';
import type { ChangeTokens } from './booking-changes';
import { isRefusal, pbDate, type Change, type Decision } from './command';
import { derivedAfter } from '../../tests/support/derived-money';
import {
  chargeOutcomeCommand,
  type ChargeOutcomeAnswer,
  type ChargeOutcomeInput,
  type ChargeOutcomeMail,
  type ChargeOutcomeState,
  type OutcomeBooking,
  type OutcomeCharge,
} from './charge-outcome-command';

const NOW = Date.parse('2026-11-20T15:00:00Z');

/** A confirmed booking of $600 whose $200 deposit is paid: $400 due. */
function booking(over: Partial<OutcomeBooking> = {}): OutcomeBooking {
  return {
    id: 'b1',
    status: 'confirmed',
    payment_status: 'deposit_paid',
    total_price: 60_000,
    deposit_amount: 20_000,
    deposit_method: '',
    deposit_paid_at: '2026-11-19 15:00:00.000Z',
    dispute_id: '',
    cancel_reason: '',
    deposit_refund: '',
    balance_paid_at: '',
    removal_hold: '',
    removal_date: '',
    removal_time_slot: '',
    install_date: '2026-12-04',
    ics_sequence: 2,
    price_lines: [{ code: 'package', label: 'Package', amountCents: 60_000 }],
    ...over,
  };
}
const cancelled = (over: Partial<OutcomeBooking> = {}) => booking({ status: 'cancelled', cancel_reason: 'customer_cancelled', ...over });

/** The balance charge c1 of $400 (its Checkout session cs_1), with `over` applied. */
function charge(over: Partial<OutcomeCharge> = {}): OutcomeCharge {
  return { id: 'c1', kind: 'balance', status: 'pending', amount: 40_000, balance_amount: 40_000, method: '', stripe_payment_intent_id: '', stripe_checkout_session_id: 'cs_1', ...over };
}

const rowOf = (c: OutcomeCharge): ChargeMoneyRow => ({
  id: c.id,
  kind: c.kind,
  amount: c.amount,
  balance_amount: c.balance_amount,
  damages_amount: 0,
  status: c.status,
  method: c.method,
  stripe_checkout_session_id: c.stripe_checkout_session_id,
  refund_status: '',
  refund_amount: 0,
  refunds: [],
});

const TOKENS: ChangeTokens = { liveLinkIds: ['l1'], tokenHash: 'hash', manageUrl: 'https://x/my-booking?token=t', stableLinkId: 'l1', historyClientId: 'customer_x' };

function state(c: OutcomeCharge | null, b: OutcomeBooking | null = booking(), others: ChargeMoneyRow[] = [], tokens: ChangeTokens | null = null): ChargeOutcomeState {
  return { charge: c, booking: b, charges: c ? [...others, rowOf(c)] : others, tokens };
}

function run(s: ChargeOutcomeState, input: ChargeOutcomeInput): Decision<ChargeOutcomeMail, ChargeOutcomeAnswer> {
  const out = chargeOutcomeCommand.decide(s, input, NOW);
  if (isRefusal(out)) throw new Error(out.message);
  return out;
}

const updateOf = (changes: Change[], collection: string, id: string) => changes.find((c) => c.op === 'update' && c.collection === collection && c.id === id)?.fields;

/** What the runner stores as the booking's balance_remaining and payment_status once `changes` are written (docs/decisions/061). */
const derivedOf = (s: ChargeOutcomeState, changes: Change[]) => derivedAfter(s.booking!, s.charges, changes);

/** The booking's balance as its ledger reads it once `changes` are applied to the state's rows. */
function ledgerBalanceAfter(s: ChargeOutcomeState, changes: Change[]): number {
  const b = { ...s.booking!, ...(updateOf(changes, 'bookings', s.booking!.id) ?? {}) };
  const charges = s.charges.map((c) => ({ ...c, ...(updateOf(changes, 'charges', c.id) ?? {}) }));
  return balanceOf(bookingLedger(b, charges));
}

const INPUTS: Record<string, ChargeOutcomeInput> = {
  'our call: succeeded': { via: 'call', chargeId: 'c1', outcome: { status: 'succeeded', paymentIntentId: 'pi_1' } },
  'our call: processing': { via: 'call', chargeId: 'c1', outcome: { status: 'processing', paymentIntentId: 'pi_1' } },
  'our call: link opened': { via: 'call', chargeId: 'c1', outcome: { status: 'requires_checkout', paymentIntentId: '', checkoutSessionId: 'cs_1', checkoutUrl: 'https://pay/cs_1' } },
  'our call: failed': { via: 'call', chargeId: 'c1', outcome: { status: 'failed', paymentIntentId: 'pi_1', error: 'Your card was declined.' } },
  'bank: succeeded': { via: 'intent', chargeId: 'c1', paymentIntentId: 'pi_1', result: { status: 'succeeded' } },
  'bank: failed': { via: 'intent', chargeId: 'c1', paymentIntentId: 'pi_1', result: { status: 'failed', error: 'Insufficient funds.' } },
  'link paid': { via: 'checkout_paid', chargeId: 'c1', sessionId: 'cs_1', paymentIntentId: 'pi_1' },
  'link expired': { via: 'checkout_expired', chargeId: 'c1', sessionId: 'cs_1' },
};
const STATUSES = ['pending', 'processing', 'requires_checkout', 'succeeded', 'failed'] as const;

/** The charge's status after each input from each status; null: ignored (no change, no mail). */
const NEXT: Record<string, Record<(typeof STATUSES)[number], string | null>> = {
  'our call: succeeded': { pending: 'succeeded', processing: null, requires_checkout: null, succeeded: null, failed: null },
  'our call: processing': { pending: 'processing', processing: null, requires_checkout: null, succeeded: null, failed: null },
  'our call: link opened': { pending: 'requires_checkout', processing: null, requires_checkout: null, succeeded: null, failed: null },
  'our call: failed': { pending: 'failed', processing: null, requires_checkout: null, succeeded: null, failed: null },
  // A charge waiting on its link is settled by the link's own events; a redelivered success changes nothing.
  'bank: succeeded': { pending: 'succeeded', processing: 'succeeded', requires_checkout: null, succeeded: null, failed: 'succeeded' },
  // A failure after a success changes nothing.
  'bank: failed': { pending: 'failed', processing: 'failed', requires_checkout: null, succeeded: null, failed: null },
  // Paid after we closed it: the money arrived all the same.
  'link paid': { pending: null, processing: null, requires_checkout: 'succeeded', succeeded: null, failed: 'succeeded' },
  'link expired': { pending: null, processing: null, requires_checkout: 'failed', succeeded: null, failed: null },
};

describe('the charge-outcome command: each input × each charge status × live or cancelled', () => {
  const cases = Object.keys(INPUTS).flatMap((name) => STATUSES.flatMap((status) => (['live', 'cancelled'] as const).map((side) => [name, status, side] as const)));
  it.each(cases)('%s on a %s charge of a %s booking', (name, status, side) => {
    const s = state(charge({ status }), side === 'live' ? booking() : cancelled());
    const out = run(s, INPUTS[name]!);
    const next = NEXT[name]![status];
    if (next === null) {
      expect(out).toEqual({ changes: [], mails: [], answer: { found: true, changed: false, refundBookingId: '' } });
      return;
    }
    expect(out.answer.found).toBe(true);
    expect(out.answer.changed).toBe(true);
    expect(updateOf(out.changes, 'charges', 'c1')).toMatchObject({ status: next });
    const b = updateOf(out.changes, 'bookings', 'b1');
    if (next === 'succeeded' && side === 'live') {
      expect(b).toEqual({ balance_paid_at: pbDate(NOW) });
      expect(derivedOf(s, out.changes)).toEqual({ balance_remaining: 0, payment_status: 'paid' });
      expect(out.mails).toEqual([{ kind: 'receipt', chargeId: 'c1' }]);
      expect(out.answer.refundBookingId).toBe('');
    } else if (next === 'succeeded') {
      // Money for a cancelled booking: refunded to its card, the owner told, no receipt.
      expect(b).toBeUndefined();
      expect(derivedOf(s, out.changes)).toEqual({ balance_remaining: 0, payment_status: 'refund_pending' });
      expect(out.changes).toContainEqual({ op: 'update', collection: 'charges', id: 'c1', fields: { refund_status: 'pending', refund_amount: 40_000 } });
      expect(out.mails).toEqual([{ kind: 'late_payment', chargeId: 'c1', refundCents: 40_000 }]);
      expect(out.answer.refundBookingId).toBe('b1');
    } else {
      // Nothing moved: the balance stays due, the booking untouched (no removal held).
      expect(b).toBeUndefined();
      expect(out.mails).toEqual(next === 'failed' && name === 'bank: failed' ? [{ kind: 'charge_failed', chargeId: 'c1' }] : []);
      expect(out.answer.refundBookingId).toBe('');
    }
  });
});

describe('the charge-outcome command', () => {
  it('records what our call answered on the charge', () => {
    const linked = run(state(charge()), INPUTS['our call: link opened']!);
    expect(linked.changes).toEqual([{ op: 'update', collection: 'charges', id: 'c1', fields: { status: 'requires_checkout', stripe_checkout_session_id: 'cs_1', checkout_url: 'https://pay/cs_1' } }]);
    const long = 'x'.repeat(1200);
    const failed = run(state(charge()), { via: 'call', chargeId: 'c1', outcome: { status: 'failed', paymentIntentId: '', error: long } });
    expect(failed.changes).toEqual([{ op: 'update', collection: 'charges', id: 'c1', fields: { status: 'failed', error: long.slice(0, 1000) } }]);
    expect(failed.mails).toEqual([]);
  });

  it('a succeeded outcome for a cancelled booking queues its refund and the owner notice, no receipt', () => {
    const out = run(state(charge({ status: 'processing', stripe_payment_intent_id: 'pi_1' }), cancelled()), INPUTS['bank: succeeded']!);
    expect(out.mails).toEqual([{ kind: 'late_payment', chargeId: 'c1', refundCents: 40_000 }]);
    expect(out.mails.some((m) => m.kind === 'receipt')).toBe(false);
    expect(out.answer).toEqual({ found: true, changed: true, refundBookingId: 'b1' });
  });

  it('a redelivered success changes nothing and sends nothing', () => {
    expect(run(state(charge({ status: 'succeeded', stripe_payment_intent_id: 'pi_1' })), INPUTS['bank: succeeded']!)).toEqual({
      changes: [],
      mails: [],
      answer: { found: true, changed: false, refundBookingId: '' },
    });
  });

  it('a failure after a success changes nothing', () => {
    expect(run(state(charge({ status: 'succeeded', stripe_payment_intent_id: 'pi_1' })), INPUTS['bank: failed']!).changes).toEqual([]);
  });

  it("ignores an intent that is not the charge's", () => {
    expect(run(state(charge({ status: 'processing', stripe_payment_intent_id: 'pi_other' })), INPUTS['bank: succeeded']!).answer.changed).toBe(false);
  });

  it('a failure releases the removal date its booking held for the charge', () => {
    const held = booking({ removal_hold: 'r1', removal_date: '2026-12-28', removal_time_slot: '9-15' });
    const removal = charge({ id: 'r1', kind: 'removal', amount: 9_900, balance_amount: 0, status: 'processing' });
    const out = run(state(removal, held), { ...INPUTS['bank: failed']!, chargeId: 'r1' } as ChargeOutcomeInput);
    expect(updateOf(out.changes, 'bookings', 'b1')).toEqual({ removal_hold: '', removal_date: '', removal_time_slot: '' });
    expect(out.mails).toEqual([{ kind: 'charge_failed', chargeId: 'r1' }]);
    const expired = run(state({ ...removal, status: 'requires_checkout' }, held), { via: 'checkout_expired', chargeId: 'r1', sessionId: 'cs_1' });
    expect(updateOf(expired.changes, 'charges', 'r1')).toEqual({ status: 'failed', error: CHARGE_MESSAGES.linkExpired });
    expect(updateOf(expired.changes, 'bookings', 'b1')).toEqual({ removal_hold: '', removal_date: '', removal_time_slot: '' });
    // Another charge's failure leaves the hold alone.
    expect(updateOf(run(state(charge({ status: 'processing' }), held), INPUTS['bank: failed']!).changes, 'bookings', 'b1')).toBeUndefined();
  });

  it('a paid removal books the removal it held: total, links, history, both e-mails, then the receipt', () => {
    const held = booking({ balance_paid_at: '2026-11-19 16:00:00.000Z', payment_status: 'paid', removal_hold: 'r1', removal_date: '2026-12-28', removal_time_slot: '9-15' });
    const balance: ChargeMoneyRow = { ...rowOf(charge({ status: 'succeeded' })), stripe_checkout_session_id: '' };
    const removal = charge({ id: 'r1', kind: 'removal', amount: 9_900, balance_amount: 0, status: 'requires_checkout' });
    const s = state(removal, held, [balance], TOKENS);
    const out = run(s, { via: 'checkout_paid', chargeId: 'r1', sessionId: 'cs_1', paymentIntentId: 'pi_r' });
    expect(updateOf(out.changes, 'bookings', 'b1')).toMatchObject({ removal_service: true, removal_hold: '', ics_sequence: 3, total_price: 69_900 });
    expect(derivedOf(s, out.changes)).toEqual({ balance_remaining: 0, payment_status: 'paid' });
    // The one link stays in force, its expiry following the removal (30 days after it).
    expect(updateOf(out.changes, 'booking_links', 'l1')).toEqual({ expires_at: expect.stringMatching(/^2027-01-2/) });
    expect(out.changes).not.toContainEqual(expect.objectContaining({ op: 'create', collection: 'booking_links' }));
    expect(out.changes).toContainEqual(expect.objectContaining({ op: 'create', collection: 'job_events', fields: expect.objectContaining({ kind: 'customer_change', client_id: 'customer_x' }) }));
    expect(out.mails).toEqual([
      { kind: 'removal_added', bookingId: 'b1', paidCents: 9_900, manageUrl: TOKENS.manageUrl, to: 'customer' },
      { kind: 'removal_added', bookingId: 'b1', paidCents: 9_900, manageUrl: TOKENS.manageUrl, to: 'owner' },
      { kind: 'receipt', chargeId: 'r1' },
    ]);
  });

  it('a removal paid after its hold was let go is refunded, the owner told', () => {
    const paidUp = booking({ payment_status: 'paid' });
    const balance: ChargeMoneyRow = { ...rowOf(charge({ status: 'succeeded' })), stripe_checkout_session_id: '' };
    const removal = charge({ id: 'r1', kind: 'removal', amount: 9_900, balance_amount: 0, status: 'failed' });
    const out = run(state(removal, paidUp, [balance]), { via: 'checkout_paid', chargeId: 'r1', sessionId: 'cs_1', paymentIntentId: 'pi_r' });
    expect(out.mails).toEqual([{ kind: 'late_payment', chargeId: 'r1', refundCents: 9_900 }]);
    expect(out.changes).toContainEqual({ op: 'update', collection: 'charges', id: 'r1', fields: { refund_status: 'pending', refund_amount: 9_900 } });
  });

  it('the link paid after we closed it settles a live booking with its receipt', () => {
    const out = run(state(charge({ status: 'failed', stripe_checkout_session_id: 'cs_1' })), INPUTS['link paid']!);
    expect(updateOf(out.changes, 'charges', 'c1')).toEqual({ status: 'succeeded', error: '', stripe_payment_intent_id: 'pi_1' });
    expect(out.mails).toEqual([{ kind: 'receipt', chargeId: 'c1' }]);
    // Another session of the charge is not its link.
    expect(run(state(charge({ status: 'failed', stripe_checkout_session_id: 'cs_2' })), INPUTS['link paid']!).answer.changed).toBe(false);
  });

  it('a balance paid in part leaves the rest due and the booking not paid off', () => {
    const s = state(charge({ amount: 15_000, balance_amount: 15_000 }));
    const out = run(s, INPUTS['our call: succeeded']!);
    expect(updateOf(out.changes, 'bookings', 'b1')).toBeUndefined();
    expect(derivedOf(s, out.changes)).toEqual({ balance_remaining: 25_000, payment_status: 'deposit_paid' });
  });

  it('no charge: not found (an orphan payment); no booking: only the charge is written', () => {
    expect(run(state(null), INPUTS['bank: succeeded']!).answer).toEqual({ found: false, changed: false, refundBookingId: '' });
    const gone = run(state(charge(), null), INPUTS['our call: succeeded']!);
    expect(gone.changes).toEqual([{ op: 'update', collection: 'charges', id: 'c1', fields: { status: 'succeeded', stripe_payment_intent_id: 'pi_1' } }]);
    expect(gone.mails).toEqual([]);
  });

  it('never takes a request body', () => {
    expect(chargeOutcomeCommand.parse({}, []).ok).toBe(false);
  });
});

describe('the balance stored after a charge-outcome is the ledger’s', () => {
  // A stored balance_remaining that disagrees with the charges (an older subtraction gone wrong):
  // the command writes no balance, and the runner stores what the ledger reads, never the stored value less the payment.
  const wrongs = [0, 12_345, 40_000, 99_999];
  const parts = [10_000, 25_000, 40_000];
  const cases = wrongs.flatMap((wrong) => parts.map((part) => [wrong, part] as const));
  it.each(cases)('stored %i, paid %i', (wrong, part) => {
    const earlier: ChargeMoneyRow = { ...rowOf(charge({ id: 'c0', amount: 5_000, balance_amount: 5_000, status: 'succeeded' })), stripe_checkout_session_id: '' };
    const s = state(charge({ amount: part, balance_amount: part }), booking(), [earlier]);
    const out = run(s, INPUTS['our call: succeeded']!);
    expect(updateOf(out.changes, 'bookings', 'b1')?.balance_remaining).toBeUndefined();
    const stored = derivedAfter({ ...s.booking!, balance_remaining: wrong }, s.charges, out.changes).balance_remaining;
    expect(stored).toBe(Math.max(0, 40_000 - 5_000 - part));
    expect(stored).toBe(ledgerBalanceAfter(s, out.changes));
  });
});
