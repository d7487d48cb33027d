import { describe, expect, it } from 'vitest';
import { balanceAfterVoid, paymentMethodText, parseRecordedPayment, RECORDED_PAYMENT_MESSAGES as M } from './recorded-payments';

describe('a payment recorded at the door', () => {
  const ok = { bookingId: 'b1', method: 'cash', amountCents: 82500 };

  it('reads cash, a check with its number, and other with a note; trims and drops a check number on cash', () => {
    expect(parseRecordedPayment({ ...ok, checkNumber: '99', note: '  at the door ' })).toEqual({
      ok: true,
      value: { bookingId: 'b1', method: 'cash', amountCents: 82500, checkNumber: '', note: 'at the door' },
    });
    expect(parseRecordedPayment({ ...ok, method: 'check', checkNumber: ' 1042 ' })).toMatchObject({ ok: true, value: { checkNumber: '1042' } });
    expect(parseRecordedPayment({ ...ok, method: 'other', note: 'Zelle' })).toMatchObject({ ok: true, value: { method: 'other', note: 'Zelle' } });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no booking', { ...ok, bookingId: ' ' }, M.bookingMissing],
    ['an unknown method', { ...ok, method: 'card' }, M.method],
    ['zero', { ...ok, amountCents: 0 }, M.amount],
    ['a fraction of a cent', { ...ok, amountCents: 10.5 }, M.amount],
    ['a string', { ...ok, amountCents: '825' }, M.amount],
    ['over the limit', { ...ok, amountCents: 10_000_001 }, M.amount],
    ['a check without its number', { ...ok, method: 'check' }, M.checkNumber],
    ['a long check number', { ...ok, method: 'check', checkNumber: '9'.repeat(41) }, M.checkNumberTooLong],
    ['a long note', { ...ok, note: 'x'.repeat(501) }, M.noteTooLong],
  ])('refuses %s with its sentence', (_n, body, message) => {
    expect(parseRecordedPayment(body)).toEqual({ ok: false, message });
  });

  it('says the limit it applies', () => {
    expect(M.amount).toContain(`$${(10_000_000 / 100).toLocaleString('en-US')}`);
  });

  it('names the method as receipts and the admin show it', () => {
    expect(paymentMethodText('cash', '')).toBe('Cash');
    expect(paymentMethodText('check', '1042')).toBe('Check no. 1042');
    expect(paymentMethodText('other', '', 'Zelle')).toBe('Other: Zelle');
    expect(paymentMethodText('other', '')).toBe('Other');
  });
});

describe('voiding a recorded payment', () => {
  it('brings back its part of the balance', () => {
    expect(balanceAfterVoid(0, 82500, [])).toEqual({ balanceCents: 82500, partsCents: [] });
    expect(balanceAfterVoid(52500, 30000, [{ amountCents: 10000, balanceCents: 10000 }])).toEqual({ balanceCents: 82500, partsCents: [10000] });
  });

  it('lets the credit of the same money recorded twice pay it, oldest first', () => {
    expect(balanceAfterVoid(0, 82500, [{ amountCents: 82500, balanceCents: 0 }])).toEqual({ balanceCents: 0, partsCents: [82500] });
    expect(
      balanceAfterVoid(0, 82500, [
        { amountCents: 50000, balanceCents: 0 },
        { amountCents: 50000, balanceCents: 0 },
      ]),
    ).toEqual({ balanceCents: 0, partsCents: [50000, 32500] });
    expect(balanceAfterVoid(0, 82500, [{ amountCents: 30000, balanceCents: 0 }])).toEqual({ balanceCents: 52500, partsCents: [30000] });
  });
});
