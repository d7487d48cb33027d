/**
 * A customer's key: the e-mail trimmed and lower-cased (docs/architecture.md "Data model",
 * `customers`). It is the one link between a customer and their bookings, consultations and
 * reviews (each keeps its own `customer_email`), so it is written nowhere on the checkout's path.
 * Pure.
 */

/** `'  Ann@Example.com '` → `'ann@example.com'`; '' for an empty or missing address. */
export function customerKey(email: string | null | undefined): string {
  return (email ?? '').trim().toLowerCase();
}
