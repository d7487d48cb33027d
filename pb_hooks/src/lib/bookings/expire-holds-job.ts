/**
 * Cron job (every five minutes, route-table.ts): cancels `pending_payment` bookings whose
 * checkout hold has expired (reason `hold_expired`), so the admin sees them as abandoned
 * (expired holds already free their slots in the overlap check), then retries refunds that
 * could not be made at once (payments/refund.ts retryPendingRefunds). Each hold is the
 * expire-checkout-hold command (domain/commands/expire-hold-command.ts) run by the command
 * runner (lib/commands/run-command.ts executeCommand): the booking re-read and changed in its
 * own transaction, so a payment settled meanwhile is refused, never undone.
 * Returns how many holds were cancelled.
 */
import { expireHoldCommand, type ExpireHoldInput, type ExpireHoldState } from '@domain/commands/expire-hold-command';
import { parseTimestamp } from '@domain/schedule/calendar';
import { nowMs, toPbDate } from '../clock';
import { executeCommand, type ServerCommand } from '../commands/run-command';
import { retryPendingRefunds } from '../payments/refund';
import { logError } from '../log';
import { slotsFreed } from '../freed-slots';
import { bookingField, bookingFieldsOf } from '../booking-row';
import { BookingStatus, PaymentStatus } from '@domain/booking/lifecycle';
import { findRecord } from '../records';

/** The hold expiry on the server: the booking as the command reads it. No route: the job alone runs it. */
export const expireHold: ServerCommand<ExpireHoldInput, ExpireHoldState, never, { cancelled: true; bookingId: string }> = {
  command: expireHoldCommand,
  path: '',
  load(tx, input) {
    const r = findRecord(tx, 'bookings', input.bookingId);
    return {
      booking: r
        ? {
            ...bookingFieldsOf(r, ['id', 'status', 'payment_status', 'cancel_reason', 'install_done_at', 'removal_done_at', 'removal_date', 'removal_time_slot', 'removal_hold']),
            holdExpiresAtMs: parseTimestamp(bookingField(r, 'hold_expires_at')),
          }
        : null,
    };
  },
  respond: (_app, answer) => answer,
};

export function expireHolds(app: CoreApp): number {
  const expired = app.findRecordsByFilter(
    'bookings',
    `status = '${BookingStatus.PendingPayment}' && payment_status = '${PaymentStatus.Pending}' && hold_expires_at != '' && hold_expires_at < {:now}`,
    '',
    500,
    0,
    {
      now: toPbDate(nowMs()),
    } as unknown as dbx.Params,
  );
  let cancelled = 0;
  const freed: string[] = [];
  for (const stale of expired) {
    try {
      if (executeCommand(app, expireHold, { bookingId: stale!.id }, { staffId: '', origin: '', fingerprint: '' }).kind === 'answered') {
        cancelled++;
        freed.push(bookingField(stale!, 'install_date'), bookingField(stale!, 'removal_date'));
      }
    } catch (err) {
      // One bad record must not stop the others; the next run retries it.
      logError(`hold expiry for booking ${stale!.id} failed: ${String(err)}`);
    }
  }
  // The freed slots go to the people waiting for those days (best effort).
  slotsFreed(app, freed);
  retryPendingRefunds(app);
  return cancelled;
}
