/**
 * Payments recorded on this device and not yet on the server (docs/decisions/030): they count
 * at once, shown as pending, so the balance, the Bookings list and the charge button never
 * invite the same money twice.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { adminDb } from './db';
import type { AdminBooking, AdminCharge } from './model/records';

/** What a booking with `balanceRemaining` still owes once `queuedCents` queued on this device count (cents). */
export function dueAfterQueued(balanceRemaining: number, queuedCents: number): number {
  return Math.max(0, balanceRemaining - queuedCents);
}

/** What a booking still owes once its payments queued on this device count (cents), and how much of it is queued. */
export function balanceWithQueued(booking: Pick<AdminBooking, 'balance_remaining'>, charges: readonly Pick<AdminCharge, 'status' | 'amount'>[]): { dueCents: number; queuedCents: number } {
  const queuedCents = charges.filter((c) => c.status === 'queued').reduce((sum, c) => sum + c.amount, 0);
  return { dueCents: dueAfterQueued(booking.balance_remaining, queuedCents), queuedCents };
}

/** Cents queued on this device per booking id, from the mirror's charges. */
export function queuedCentsByBooking(charges: readonly Pick<AdminCharge, 'status' | 'amount' | 'booking'>[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of charges) if (c.status === 'queued') out.set(c.booking, (out.get(c.booking) ?? 0) + c.amount);
  return out;
}

/** The cents queued on this device per booking id, kept current (undefined while first read). */
export function useQueuedCentsByBooking(): Map<string, number> | undefined {
  return useLiveQuery(
    async () =>
      queuedCentsByBooking(
        await adminDb()
          .charges.filter((c) => c.status === 'queued')
          .toArray(),
      ),
    [],
  );
}
