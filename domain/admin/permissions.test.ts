import { describe, expect, it } from 'vitest';
import type { ChargeableBooking } from '../money/balance-charge';
import { PERMISSIONS, can, recordDamagesButton, type VisitMarks } from './permissions';

const admin = { role: 'admin' };
const member = { role: '' };

const booking = (over: Partial<ChargeableBooking & VisitMarks> = {}): ChargeableBooking & VisitMarks => ({
  package_type: 'curated-christmas',
  tree_size: '5-7ft',
  luxe_finish: false,
  selected_addons: [],
  status: 'confirmed' as const,
  payment_status: 'deposit_paid' as const,
  balance_remaining: 50000,
  ...over,
});

const plainAdorned = { package_type: 'adorned-arrangement' };
const paid = { payment_status: 'paid' as const, balance_remaining: 0 };

describe("'booking:charge' and 'booking:charge-damages'", () => {
  it.each([
    ['admin, balance due', admin, booking(), true, true],
    ['non-admin staff', member, booking(), false, false],
    ['signed out', null, booking(), false, false],
    ['admin, plain Adorned Arrangement with a balance', admin, booking(plainAdorned), true, false],
    ['admin, paid Curated Christmas (damages only)', admin, booking(paid), true, true],
    ['admin, paid plain Adorned Arrangement (nothing to charge)', admin, booking({ ...plainAdorned, ...paid }), false, false],
    ['admin, cancelled', admin, booking({ status: 'cancelled' }), false, false],
    ['admin, unpaid deposit', admin, booking({ status: 'pending_payment', payment_status: 'pending' }), false, false],
  ] as const)('%s', (_name, user, b, charge, damages) => {
    expect(can('booking:charge', user, b)).toBe(charge);
    expect(PERMISSIONS['booking:charge-damages'](user, b)).toBe(damages);
  });
});

describe("docs/product.md §5: the 'Record Damages & Charge' button", () => {
  /** The mirror's row of a $1,000 booking whose $500 deposit is paid: $500 due unless `paid`'s payment is among its charges. */
  const row = (b: ChargeableBooking & VisitMarks) => ({ ...b, total_price: 100000, deposit_amount: 50000, deposit_paid_at: '2026-11-01 12:00:00.000Z' });
  const payment = { id: 'c1', kind: 'balance', amount: 50000, balance_amount: 50000, status: 'succeeded', method: 'cash' };
  const chargesOf = (b: ChargeableBooking) => (b.balance_remaining === 0 ? [payment] : []);

  it.each([
    ['Elevated Arbor with a balance', booking({ package_type: 'elevated-arbor' }), 'enabled'],
    ['legacy luxury with a balance', booking({ package_type: 'luxury' }), 'enabled'],
    ['Adorned Arrangement with the Luxe Finish', booking({ ...plainAdorned, luxe_finish: true }), 'enabled'],
    ['legacy designer with monogram charms', booking({ package_type: 'designer', selected_addons: [{ id: 'monogram-charms', price: 1500 }] }), 'enabled'],
    ['plain Adorned Arrangement', booking(plainAdorned), 'disabled'],
    ['Adorned Arrangement with gift-wrap only', booking({ ...plainAdorned, selected_addons: [{ id: 'gift-wrap', price: 12500 }] }), 'disabled'],
    ['nothing left to pay, no visit done', booking(paid), 'hidden'],
    ['paid in full, the removal done: damages', booking({ ...paid, removal_done_at: '2027-01-09 17:00:00.000Z' }), 'enabled'],
    ['paid in full, the installation done: damages', booking({ ...paid, install_done_at: '2026-12-05 17:00:00.000Z' }), 'enabled'],
    ['paid in full, a visit done, no damages apply', booking({ ...plainAdorned, ...paid, removal_done_at: '2027-01-09 17:00:00.000Z' }), 'hidden'],
    ['a cancelled booking', booking({ status: 'cancelled' }), 'hidden'],
  ] as const)('%s → %s', (_name, b, expected) => {
    expect(recordDamagesButton(admin, row(b), chargesOf(b))).toBe(expected);
  });

  it('is hidden from anyone but an admin', () => {
    expect(recordDamagesButton(member, row(booking()), [])).toBe('hidden');
    expect(recordDamagesButton(null, row(booking()), [])).toBe('hidden');
  });

  it.each([
    ['a stored 0 while the ledger has $500 due: the balance is charged, damages do not apply', booking({ ...plainAdorned, balance_remaining: 0 }), [], 'disabled'],
    ['a stored $500 while the ledger has it paid, no visit done: nothing to charge', booking({ balance_remaining: 50000 }), [payment], 'hidden'],
  ] as const)('reads the ledger, not the stored balance (docs/decisions/061): %s', (_name, b, charges, expected) => {
    expect(recordDamagesButton(admin, row(b), charges)).toBe(expected);
  });
});
