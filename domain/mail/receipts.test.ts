import { describe, expect, it } from 'vitest';
import { bookingReference, receiptLines, receiptSubject, refundReceiptLines, type Receipt } from './receipts';

const base: Receipt = {
  kind: 'deposit',
  amountCents: 82500,
  method: 'Card (secure online checkout)',
  // 2026-11-25 03:30 UTC is still November 24 in New York.
  at: Date.UTC(2026, 10, 25, 3, 30),
  reference: 'TA-ABCD1234',
  remainingCents: 82500,
  lines: [],
};

describe('receipts', () => {
  it('references a booking by the first eight characters of its id', () => {
    expect(bookingReference('abcd1234efgh567')).toBe('TA-ABCD1234');
  });

  it('gives the amount, method, New York date, reference and what remains due', () => {
    expect(receiptSubject(base)).toBe('Receipt: Deposit of $825 (TA-ABCD1234)');
    expect(receiptLines(base)).toEqual([
      'Deposit received: $825',
      'Method: Card (secure online checkout)',
      'Date: Tuesday, November 24, 2026',
      'Booking reference: TA-ABCD1234',
      'Remaining due: $825',
    ]);
  });

  it('itemises damages by item and quantity, the balance as a lump sum', () => {
    const lines = receiptLines({
      ...base,
      kind: 'balance_and_damages',
      amountCents: 86500,
      method: 'Card on file',
      remainingCents: 0,
      lines: [
        { label: 'Balance', quantity: null, cents: 82500 },
        { label: 'Small pieces', quantity: 2, cents: 1000 },
        { label: 'Textiles and decor items', quantity: 1, cents: 3000 },
      ],
    });
    expect(lines.slice(0, 4)).toEqual(['Balance and damages received: $865', 'Balance: $825', '2 × Small pieces: $10', '1 × Textiles and decor items: $30']);
    expect(lines.at(-1)).toBe('Remaining due: nothing, your booking is paid in full');
  });

  it('says a refund went back, with nothing due', () => {
    const refund: Receipt = { ...base, kind: 'refund', method: 'Refund to the card used', remainingCents: 0 };
    expect(receiptSubject(refund)).toBe('Receipt: Refund of $825 (TA-ABCD1234)');
    expect(receiptLines(refund)[0]).toBe('Refunded: $825');
    expect(receiptLines(refund).at(-1)).toBe('Remaining due: nothing');
  });

  it('lists each refund of a cancellation in its one receipt; a single refund needs no list', () => {
    const parts = [
      { of: 'deposit', refundId: 're_1', amountCents: 87500 },
      { of: 'balance', refundId: 're_2', amountCents: 87500 },
    ];
    const refund: Receipt = { ...base, kind: 'refund', amountCents: 175000, method: 'Refund to the card used', remainingCents: 0, lines: refundReceiptLines(parts) };
    expect(receiptSubject(refund)).toBe('Receipt: Refund of $1,750 (TA-ABCD1234)');
    expect(receiptLines(refund).slice(0, 3)).toEqual(['Refunded: $1,750', 'Deposit refunded: $875', 'Balance payment refunded: $875']);
    expect(refundReceiptLines(parts.slice(0, 1))).toEqual([]);
    expect(refundReceiptLines([...parts, { of: 'tip', refundId: 're_3', amountCents: 500 }]).at(-1)).toEqual({ label: 'Payment refunded', quantity: null, cents: 500 });
  });
});
