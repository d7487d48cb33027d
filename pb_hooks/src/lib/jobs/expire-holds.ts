/**
 * Cron job: cancels `pending_payment` bookings whose checkout hold has expired, so the admin
 * sees them as abandoned. (Expired holds already free their slots in the overlap check.)
 * Returns how many were cancelled.
 */
import { nowMs, toPbDate } from '../clock';

export function expireHolds(app: CoreApp): number {
  const expired = app.findRecordsByFilter(
    'bookings',
    "status = 'pending_payment' && payment_status = 'pending' && hold_expires_at != '' && hold_expires_at < {:now}",
    '',
    500,
    0,
    { now: toPbDate(nowMs()) } as unknown as dbx.Params,
  );
  for (const rec of expired) {
    rec!.set('status', 'cancelled');
    app.save(rec!);
  }
  return expired.length;
}
