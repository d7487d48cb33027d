// @ts-check
/**
 * The example booking the tests and the app screenshots store, as `bookings` fields (cents,
 * `YYYY-MM-DD` dates, slot ids): Elevated Arbor, 7.5–9 ft, installed 24 November 2026 and taken
 * down 28 December, 9 AM–3 PM both times (docs/product.md §9: $1,650 in all, a 50% deposit).
 */
export const EXAMPLE_CHOICES = Object.freeze({
  package_type: 'elevated-arbor',
  tree_size: '7.5-9ft',
  install_date: '2026-11-24',
  install_time_slot: '9-15',
  removal_date: '2026-12-28',
  removal_time_slot: '9-15',
});

/** The example's money and state once its deposit is paid: $825 paid, $825 due, confirmed. */
export const PAID_DEPOSIT = Object.freeze({
  total_price: 165000,
  deposit_amount: 82500,
  balance_remaining: 82500,
  payment_status: 'deposit_paid',
  status: 'confirmed',
});

/**
 * A booking stored paid in demo mode a week later than the example (installed Saturday
 * 5 December 2026, taken down Saturday 9 January 2027, the deposit paid 10 November): the contact
 * and money the charge server tests and the web bench stage, without a name or e-mail (each adds
 * its own).
 */
export const PAID_DEMO_BOOKING = Object.freeze({
  customer_phone: '(410) 555-0142',
  customer_address: '7 Holly Court, Columbia, MD 21044',
  ...EXAMPLE_CHOICES,
  install_date: '2026-12-05',
  removal_date: '2027-01-09',
  ...PAID_DEPOSIT,
  payment_mode: 'demo',
  deposit_paid_at: '2026-11-10 15:00:00.000Z',
});

/**
 * The example as the wizard sends it to POST /api/fn/create-checkout (SPEC §3 "Booking payload (sent to checkout)"):
 * Jane Doe's Elevated Arbor 7.5–9 ft, install Tuesday 2026-11-24 9–15, removal Monday
 * 2026-12-28 9–15, no add-ons, with `over`'s fields on top. A fresh object each call.
 * @param {Record<string, unknown>} [over]
 * @returns {Record<string, unknown>}
 */
export function exampleRequest(over = {}) {
  return {
    customerName: 'Jane Doe',
    customerEmail: 'jane@example.com',
    customerPhone: '(410) 555-0100',
    customerAddress: '123 Main St, Ellicott City, MD 21043',
    packageType: EXAMPLE_CHOICES.package_type,
    treeSize: EXAMPLE_CHOICES.tree_size,
    installDate: EXAMPLE_CHOICES.install_date,
    installTimeSlot: EXAMPLE_CHOICES.install_time_slot,
    removalDate: EXAMPLE_CHOICES.removal_date,
    removalTimeSlot: EXAMPLE_CHOICES.removal_time_slot,
    selectedAddons: [],
    ...over,
  };
}
