/**
 * Who may do what, as data (docs/architecture.md "Conventions"; docs/product.md §5 Admin and §6): each
 * permission is a pure function of the signed-in user and the record. The admin screens use it
 * to show, enable or hide a control; the hooks enforce the same rule.
 */
import { chargeBlocker, damagesEligible, type ChargeableBooking } from '../money/balance-charge';
import { balanceOf, bookingLedger, type LooseRow } from '../money/booking-money';

/** The signed-in account as both sides know it: a `staff` record (role 'admin' or ''), or null. */
export interface Actor {
  role?: string | null;
}

const isAdmin = (user: Actor | null | undefined): boolean => user?.role === 'admin';

export const PERMISSIONS = {
  /**
   * Charge a booking's balance and/or damages (charge-booking-balance): an admin, on a booking
   * whose deposit is paid and which is neither cancelled nor refunded, when something can be
   * charged: a balance, or damages (docs/product.md §5's package rule).
   */
  'booking:charge': (user: Actor | null | undefined, b: ChargeableBooking): boolean => isAdmin(user) && chargeBlocker(b) === null && (b.balance_remaining > 0 || damagesEligible(b)),
  /** Charge damages on top (docs/product.md §5): 'booking:charge' and a package decorated with our inventory. */
  'booking:charge-damages': (user: Actor | null | undefined, b: ChargeableBooking): boolean => isAdmin(user) && chargeBlocker(b) === null && damagesEligible(b),
} as const;

export type Permission = keyof typeof PERMISSIONS;

/** True when `user` may do `action` on booking `b` (PERMISSIONS). */
export function can(action: Permission, user: Actor | null | undefined, b: ChargeableBooking): boolean {
  return PERMISSIONS[action](user, b);
}

/** The visit marks a booking carries (empty or absent: not done). */
export interface VisitMarks {
  install_done_at?: string;
  removal_done_at?: string;
}

/**
 * docs/product.md §5 Admin: the 'Record Damages & Charge' button in Booking Details is shown when
 * the booking can be charged at all and either a balance remains (enabled only for the packages
 * damages apply to, 'booking:charge-damages') or a visit was done on such a package: damages are
 * usually found at the removal, after the balance was paid on install day. `booking` is the
 * mirror's row and `charges` its charges: the balance is their ledger's (booking-money.ts
 * `balanceOf`), whatever `balance_remaining` the row carries.
 */
export function recordDamagesButton(user: Actor | null | undefined, booking: ChargeableBooking & VisitMarks, charges: readonly LooseRow[]): 'hidden' | 'disabled' | 'enabled' {
  // The balance is the ledger's of the mirror's booking and charges, never its stored copy (docs/decisions/061).
  const b = { ...booking, balance_remaining: balanceOf(bookingLedger(booking, charges)) };
  if (!can('booking:charge', user, b)) return 'hidden';
  const damages = can('booking:charge-damages', user, b);
  if (b.balance_remaining > 0) return damages ? 'enabled' : 'disabled';
  return damages && (!!b.install_done_at || !!b.removal_done_at) ? 'enabled' : 'hidden';
}
