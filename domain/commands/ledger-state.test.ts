import { describe, expect, it } from 'vitest';
import type { ChargeMoneyRow } from '../money/ledger';
import { balanceAfter, paymentStatusAfter, type MoneyRows } from './ledger-state';

const payment = (id: string, amount: number, over: Partial<ChargeMoneyRow> = {}): ChargeMoneyRow => ({
  id,
  kind: 'balance',
  amount,
  balance_amount: amount,
  damages_amount: 0,
  status: 'succeeded',
  method: 'cash',
  stripe_checkout_session_id: '',
  ...over,
});

/** A confirmed $1,100 booking, its $275 deposit paid by card, with `charges`. */
const rows = (charges: ChargeMoneyRow[] = [], cancelled = false): MoneyRows => ({
  booking: {
    status: cancelled ? 'cancelled' : 'confirmed',
    payment_status: 'deposit_paid',
    total_price: 110000,
    deposit_amount: 27500,
    deposit_method: '',
    deposit_paid_at: '2026-11-01 12:00:00.000Z',
    dispute_id: '',
    cancel_reason: cancelled ? 'customer_cancelled' : '',
  },
  charges,
  ledger: { totalCents: 110000, depositCents: 27500, cancelled, kept: 'deposit' },
});

describe('balanceAfter (docs/decisions/045: the balance is the ledger of the rows)', () => {
  it.each([
    ['the deposit alone', rows(), [], 82500],
    ['a part paid', rows([payment('c1', 30000)]), [], 52500],
    ['a payment added by the patches', rows([payment('c1', 30000)]), [payment('c2', 52500)], 0],
    ['more than the balance: never below 0', rows(), [payment('c2', 90000)], 0],
    ['a payment voided by the patches', rows([payment('c1', 82500)]), [payment('c1', 82500, { status: 'voided' })], 82500],
    ['a card charge still pending stays due', rows([payment('c1', 82500, { method: '', status: 'pending' })]), [], 82500],
    ['the damages paid with it are owed, not a credit', rows(), [payment('c2', 86000, { kind: 'balance_and_damages', balance_amount: 82500, damages_amount: 3500 })], 0],
    ['a cancelled booking owes nothing more', rows([], true), [], 0],
  ])('%s', (_name, r, patches, cents) => {
    expect(balanceAfter(r, {}, patches)).toBe(cents);
  });

  it('agrees with paymentStatusAfter on the same patches', () => {
    expect(paymentStatusAfter(rows(), {}, [payment('c2', 82500)])).toBe('paid');
    expect(paymentStatusAfter(rows(), {}, [payment('c2', 30000)])).toBe('deposit_paid');
  });
});
