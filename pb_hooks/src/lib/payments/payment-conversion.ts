/**
 * The Overview's conversions (docs/product.md §9; docs/decisions/039): one `analytics_events`
 * row of type `conversion` per website booking whose deposit is paid, written by the server in
 * the transaction that confirms the deposit (settle-payment.ts, the settle-deposit command). The browser no longer reports conversions: anyone
 * could post them, and a customer who closes the tab after paying was never counted. The row's
 * fields are domain/commands/settle-deposit-command.ts conversionFields, written by the
 * settle-deposit command (lib/payments/settle-payment.ts); this file only reads them.
 */

/** Whether booking `bookingId` has its conversion already (read in `tx`). */
export function conversionCounted(tx: CoreApp, bookingId: string): boolean {
  return tx.findRecordsByFilter('analytics_events', "event_type = 'conversion' && metadata.booking_id = {:id}", '', 1, 0, { id: bookingId } as unknown as dbx.Params).length > 0;
}
