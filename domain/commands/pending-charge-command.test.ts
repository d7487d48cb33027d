import { describe, expect, it } from 'vitest';
import { chargeableBooking } from '../../tests/support/domain-builders';
import { CHARGE_MESSAGES, type ChargeRequest } from '../money/balance-charge';
import { DAMAGE_MESSAGES } from '../money/damages';
import { isRefusal } from './command';
import { pendingChargeCommand, type PendingChargeState } from './pending-charge-command';

const NOW = Date.parse('2026-11-20T17:00:00Z');
const AT = '2026-11-20 17:00:00.000Z';

const state = (over: Partial<PendingChargeState> = {}, booking: Partial<NonNullable<PendingChargeState['booking']>> = {}): PendingChargeState => ({
  key: 'k1',
  fingerprint: 'f1',
  staffId: 's1',
  prior: null,
  freshId: 'fresh0000000001',
  booking: chargeableBooking(booking),
  openStatus: '',
  ...over,
});
const balanceOnly: ChargeRequest = { bookingId: 'b1', selection: null, description: 'Balance paid online' };
const damagesOnly = (small: number): ChargeRequest => ({ bookingId: 'b1', selection: { items: { small }, incidentals: false, totalLoss: false }, description: 'Broken ornaments' });

describe('the pending-charge command', () => {
  it('stores the balance as a pending charge under the key, before Stripe is called', () => {
    const out = pendingChargeCommand.decide(state(), balanceOnly, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.answer).toEqual({ chargeId: 'fresh0000000001', replay: false });
    expect(out.mails).toEqual([]);
    expect(out.changes).toEqual([
      {
        op: 'create',
        collection: 'charges',
        id: 'fresh0000000001',
        fields: {
          booking: 'b1',
          kind: 'balance',
          amount: 82500,
          balance_amount: 82500,
          damages_amount: 0,
          damage_lines: [],
          description: 'Balance paid online',
          idempotency_key: 'k1',
          request_fingerprint: 'f1',
          status: 'pending',
          attempted_at: AT,
          requested_at: AT,
          created_by: 's1',
        },
      },
    ]);
  });

  it('prices damages on the server, with the balance', () => {
    const out = pendingChargeCommand.decide(state(), damagesOnly(2), NOW);
    if (isRefusal(out)) throw new Error(out.message);
    const fields = (out.changes[0] as { fields: Record<string, unknown> }).fields;
    expect(fields.kind).toBe('balance_and_damages');
    expect(fields.balance_amount).toBe(82500);
    expect(fields.amount).toBe(82500 + (fields.damages_amount as number));
    expect(fields.damages_amount).toBeGreaterThan(0);
  });

  it('a key stored before answers its charge and changes nothing (the caller compares fingerprints)', () => {
    expect(pendingChargeCommand.decide(state({ prior: 'c0' }), balanceOnly, NOW)).toEqual({ changes: [], mails: [], answer: { chargeId: 'c0', replay: true } });
  });

  it.each([
    ['no such booking', state({ booking: null }), balanceOnly, 404, CHARGE_MESSAGES.notFound],
    ['nothing left to pay', state({}, { balance_remaining: 0 }), balanceOnly, 409, CHARGE_MESSAGES.nothingLeft],
    ['a damage selection pricing to nothing, no balance', state({}, { balance_remaining: 0 }), damagesOnly(0), 400, DAMAGE_MESSAGES.selectItem],
    ['a cancelled booking', state({}, { status: 'cancelled' }), balanceOnly, 409, CHARGE_MESSAGES.cancelled],
    ['another charge in flight', state({ openStatus: 'pending' }), balanceOnly, 409, CHARGE_MESSAGES.otherInFlight],
    ['a charge processing at the bank', state({ openStatus: 'processing' }), balanceOnly, 409, CHARGE_MESSAGES.otherProcessing],
    ['a payment link open', state({ openStatus: 'requires_checkout' }), balanceOnly, 409, CHARGE_MESSAGES.linkOpen],
  ])('refuses %s', (_name, s, input, status, message) => {
    expect(pendingChargeCommand.decide(s, input, NOW)).toEqual({ status, message });
  });

  it('parses with the charge parser and asks for the key header', () => {
    expect(pendingChargeCommand.parse({ bookingId: 'nope' }, [])).toEqual({ ok: false, message: CHARGE_MESSAGES.bookingMissing });
    // Keyed through the runner's store (the 422 of a reused key is answered there).
    expect(pendingChargeCommand.idempotency).toMatchObject({ by: 'key', header: 'required' });
  });
});
