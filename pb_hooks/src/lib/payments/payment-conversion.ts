/**
 * The Overview's conversions (docs/product.md §9; docs/decisions/039): one `analytics_events`
 * row of type `conversion` per website booking whose deposit is paid, written by the server in
 * the transaction that confirms the deposit. The browser no longer reports conversions: anyone
 * could post them, and a customer who closes the tab after paying was never counted.
 */
import { toPbDate } from '../clock';

/** Where the conversion is filed: the page a paid checkout lands on. */
const CONVERSION_PATH = '/booking/success';

/**
 * Inside transaction `tx`, for booking `rec` whose deposit was just paid at `now` (epoch ms):
 * adds its conversion `{ event_type: 'conversion', converted: true, page_path:
 * '/booking/success', metadata: { booking_id, session_id (the checkout session, '' if none) } }`,
 * unless the booking was taken by phone (`booked_by` set: no website visit led to it) or
 * already has one (a booking confirmed again after a lapse counts once).
 */
export function recordPaidConversion(tx: CoreApp, rec: core.Record, now: number): void {
  if (rec.getString('booked_by')) return;
  const counted = tx.findRecordsByFilter('analytics_events', "event_type = 'conversion' && metadata.booking_id = {:id}", '', 1, 0, { id: rec.id } as unknown as dbx.Params);
  if (counted.length > 0) return;
  const event = new Record(tx.findCollectionByNameOrId('analytics_events'));
  event.load({
    event_type: 'conversion',
    page_path: CONVERSION_PATH,
    converted: true,
    metadata: { booking_id: rec.id, session_id: rec.getString('checkout_session_id'), paid_at: toPbDate(now) },
  });
  tx.save(event);
}
