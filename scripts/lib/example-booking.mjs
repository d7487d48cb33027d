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
