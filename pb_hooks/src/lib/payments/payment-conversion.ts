/**
 * The Overview's conversions (docs/product.md §9; docs/decisions/039): one `analytics_events`
 * row of type `conversion` per website booking whose deposit is paid, written by the server in
 * the transaction that confirms the deposit. The browser no longer reports conversions: anyone
 * could post them, and a customer who closes the tab after paying was never counted. The row's
 * fields are domain/commands/settle-deposit-command.ts conversionFields.
 */
import { conversionFields } from '@domain/commands/settle-deposit-command';

/** Whether booking `bookingId` has its conversion already (read in `tx`). */
export function conversionCounted(tx: CoreApp, bookingId: string): boolean {
  return tx.findRecordsByFilter('analytics_events', "event_type = 'conversion' && metadata.booking_id = {:id}", '', 1, 0, { id: bookingId } as unknown as dbx.Params).length > 0;
}

/**
 * Inside transaction `tx`, for booking `rec` whose deposit was just paid at `now` (epoch ms):
 * adds its conversion `{ event_type: 'conversion', converted: true, page_path:
 * '/booking/success', metadata: { booking_id, session_id (the checkout session, '' if none), paid_at } }`,
 * unless the booking was taken by phone (`booked_by` set: no website visit led to it) or
 * already has one (a booking confirmed again after a lapse counts once).
 */
export function recordPaidConversion(tx: CoreApp, rec: core.Record, now: number): void {
  if (rec.getString('booked_by') || conversionCounted(tx, rec.id)) return;
  const event = new Record(tx.findCollectionByNameOrId('analytics_events'));
  event.load(conversionFields(rec.id, rec.getString('checkout_session_id'), now));
  tx.save(event);
}
