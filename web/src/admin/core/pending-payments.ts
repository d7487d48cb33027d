/**
 * Payments recorded on this device and not yet on the server (docs/decisions/030): they count
 * at once, shown as pending, so the balance, the Bookings list and the charge button never
 * invite the same money twice.
 */
import type { AdminBooking, AdminCharge } from './model/records';

/** What a booking with `balanceRemaining` still owes once `queuedCents` queued on this device count (cents). */
function dueAfterQueued(balanceRemaining: number, queuedCents: number): number {
  return Math.max(0, balanceRemaining - queuedCents);
}

/** What a booking still owes once its payments queued on this device count (cents), and how much of it is queued. */
export function balanceWithQueued(booking: Pick<AdminBooking, 'balance_remaining'>, charges: readonly Pick<AdminCharge, 'status' | 'amount'>[]): { dueCents: number; queuedCents: number } {
  const queuedCents = charges.filter((c) => c.status === 'queued').reduce((sum, c) => sum + c.amount, 0);
  return { dueCents: dueAfterQueued(booking.balance_remaining, queuedCents), queuedCents };
}
