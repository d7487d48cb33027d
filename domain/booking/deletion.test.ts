import { describe, expect, it } from 'vitest';
import { moneyMovedFor } from './deletion';

describe('which bookings may be deleted', () => {
  it('an unpaid hold with no payment, or only failed, voided or unpaid links: yes', () => {
    expect(moneyMovedFor({ payment_status: 'pending', deposit_paid_at: '' }, [])).toBe(false);
    expect(moneyMovedFor({ payment_status: 'pending' }, [{ status: 'failed' }, { status: 'voided' }, { status: 'requires_checkout' }])).toBe(false);
  });
  it('a deposit paid, refunded or paid in full, or a charge taken or with the bank, a cash payment: no', () => {
    for (const s of ['deposit_paid', 'paid', 'refund_pending', 'refunded'] as const) expect(moneyMovedFor({ payment_status: s }, [])).toBe(true);
    expect(moneyMovedFor({ payment_status: 'pending', deposit_paid_at: '2026-11-10 15:00:00.000Z' }, [])).toBe(true);
    for (const s of ['succeeded', 'pending', 'processing'] as const) expect(moneyMovedFor({ payment_status: 'pending' }, [{ status: s }])).toBe(true);
  });
});
