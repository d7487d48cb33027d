/**
 * What the server shows about a booking to whoever holds its checkout session id (the demo
 * payment page and /booking-success, docs/product.md §4 Payment result): only what those pages show,
 * the package, visits and amounts (cents), never the customer's name, e-mail, address or
 * phone; and only for a day after the checkout closed. Shared by the hooks that build it and
 * the pages that show it.
 */

export interface BookingSummary {
  packageTitle: string;
  /** Display label, e.g. "7.5–9 ft". */
  treeSize: string;
  installDate: string;
  installTimeSlot: string;
  removalDate: string | null;
  removalTimeSlot: string | null;
  totalCents: number;
  depositCents: number;
  balanceCents: number;
}

/** How long after its checkout closed a session id still shows the booking (ms): one day. */
export const SUMMARY_SHOWN_FOR_MS = 24 * 60 * 60 * 1000;

/**
 * True while a session id may still show its booking: until SUMMARY_SHOWN_FOR_MS after
 * `checkoutClosedAtMs` (the booking's `hold_expires_at`, epoch ms, set once when the checkout
 * opens: 30 or 31 minutes after the booking was created). A session id sits in the browser's
 * history and in Stripe's redirect, so it must stop revealing the booking; a day covers
 * paying, the redirect and a reload of the success page. False for an unknown instant (NaN).
 */
export function summaryIsShown(checkoutClosedAtMs: number, nowMs: number): boolean {
  return Number.isFinite(checkoutClosedAtMs) && nowMs < checkoutClosedAtMs + SUMMARY_SHOWN_FOR_MS;
}
