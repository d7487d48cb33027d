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

/**
 * An opaque reference to the customer of `key` for the admin's address bar
 * (`/admin/dashboard?tab=customers&customer=c1x2y3z`), so a reload or the back button keeps the
 * customer's page open while the e-mail stays out of URLs, browser history and the server's
 * request log (an erasure could not reach those). FNV-1a (32 bits) in base 36 with a `c`
 * prefix: not a secret, and two customers of one business sharing one is not a concern (the
 * page opens the first). Pure.
 */
export function customerRef(key: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `c${h.toString(36)}`;
}
