/**
 * Cron job: cancels `pending_payment` bookings whose checkout hold has expired (reason
 * `hold_expired`), so the admin sees them as abandoned (expired holds already free their slots
 * in the overlap check), then retries refunds that could not be made at once. Each booking is
 * re-read and changed in its own transaction, so a payment settled meanwhile is never undone.
 * Returns how many holds were cancelled.
 */
import { nowMs, toPbDate } from '../clock';
import { retryPendingRefunds } from '../payments/refund';

export function expireHolds(app: CoreApp): number {
  const now = toPbDate(nowMs());
  const expired = app.findRecordsByFilter('bookings', "status = 'pending_payment' && payment_status = 'pending' && hold_expires_at != '' && hold_expires_at < {:now}", '', 500, 0, {
    now,
  } as unknown as dbx.Params);
  let cancelled = 0;
  for (const stale of expired) {
    app.runInTransaction((tx) => {
      const rec = tx.findRecordById('bookings', stale!.id);
      const still = rec.getString('status') === 'pending_payment' && rec.getString('payment_status') === 'pending';
      if (!still || rec.getString('hold_expires_at') >= now) return;
      rec.set('status', 'cancelled');
      rec.set('cancel_reason', 'hold_expired');
      tx.save(rec);
      cancelled++;
    });
  }
  retryPendingRefunds(app);
  return cancelled;
}
