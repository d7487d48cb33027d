import type { CancelReason } from '@domain/booking-ownership';
import { findBySession } from '../bookings/bookings-repo';

/**
 * Releases the slot hold of a booking whose checkout ended unpaid (expired or cancelled
 * session): a `pending_payment` booking becomes `cancelled` with `reason`, in one transaction
 * that re-reads it, so a payment settled at the same moment wins or loses cleanly. Paid
 * bookings are never touched. Returns true when a hold was released.
 */
export function releaseHold(app: CoreApp, sessionId: string, reason: CancelReason): boolean {
  let released = false;
  app.runInTransaction((tx) => {
    const rec = findBySession(tx, sessionId);
    if (!rec) return;
    if (rec.getString('status') !== 'pending_payment' || rec.getString('payment_status') !== 'pending') return;
    rec.set('status', 'cancelled');
    rec.set('cancel_reason', reason);
    tx.save(rec);
    released = true;
  });
  return released;
}
