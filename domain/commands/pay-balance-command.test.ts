import { describe, expect, it } from 'vitest';
import { chargeableBooking } from '../../tests/support/domain-builders';
import { CHARGE_MESSAGES } from '../money/balance-charge';
import { SELF_SERVICE_MESSAGES as M } from '../booking/self-service';
import { isRefusal } from './command';
import { payBalanceCommand, type PayBalanceState } from './pay-balance-command';

const NOW = Date.parse('2026-11-20T17:00:00Z');

const state = (booking: Partial<PayBalanceState['booking']> = {}, over: Partial<PayBalanceState> = {}, pending: Partial<PayBalanceState['pending']> = {}): PayBalanceState => ({
  booking: { status: 'confirmed', payment_status: 'deposit_paid', balanceCents: 82500, removalHeld: false, ...booking },
  openLinkUrl: '',
  pending: { key: 'customer-balance-b1-1', fingerprint: 'f1', staffId: '', prior: null, freshId: 'fresh0000000001', booking: chargeableBooking(), openStatus: '', ...pending },
  ...over,
});
const input = { bookingId: 'b1' };

describe('the pay-balance command', () => {
  it('stores the balance as a pending charge under the attempt key', () => {
    const out = payBalanceCommand.decide(state(), input, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.answer).toEqual({ chargeId: 'fresh0000000001', replay: false });
    expect(out.changes).toMatchObject([
      { op: 'create', collection: 'charges', id: 'fresh0000000001', fields: { amount: 82500, idempotency_key: 'customer-balance-b1-1', description: 'Balance paid online', created_by: '' } },
    ]);
  });

  it('a link already open is the answer, nothing written', () => {
    expect(payBalanceCommand.decide(state({}, { openLinkUrl: 'https://pay/x' }), input, NOW)).toEqual({ changes: [], mails: [], answer: { url: 'https://pay/x' } });
  });

  it('a second click under the same attempt key answers its charge (the server finishes it if abandoned)', () => {
    expect(payBalanceCommand.decide(state({}, {}, { prior: 'c1' }), input, NOW)).toEqual({ changes: [], mails: [], answer: { chargeId: 'c1', replay: true } });
  });

  it.each([
    ['nothing due', state({ balanceCents: 0 }), M.nothingDue],
    ['a booking already paid', state({ payment_status: 'paid' }), M.nothingDue],
    ['a cancelled booking', state({ status: 'cancelled' }), M.nothingDue],
    ['the removal’s payment page open', state({ removalHeld: true }), M.removalPaymentOpen],
    ['another charge in flight', state({}, {}, { openStatus: 'pending' }), CHARGE_MESSAGES.otherInFlight],
  ])('refuses %s with 409', (_name, s, message) => {
    expect(payBalanceCommand.decide(s, input, NOW)).toEqual({ status: 409, message });
  });
});
