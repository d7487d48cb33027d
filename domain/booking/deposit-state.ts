/**
 * The admin's Deposit Status cell (docs/product.md §2 Bookings) as named values: paid, still
 * pending, or the two refund states the booking's `payment_status` carries. Two of them share
 * the spelling of a payment status, so they are spelt here only (docs/architecture.md "One
 * typed booking"); domain/booking/display.ts depositState answers one.
 */
export const DepositState = {
  Paid: 'paid',
  Pending: 'pending',
  RefundPending: 'refund_pending',
  Refunded: 'refunded',
} as const;
export type DepositState = (typeof DepositState)[keyof typeof DepositState];
