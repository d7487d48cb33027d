/**
 * Where one refund stands on the customer's manage page (domain/money/ledger.ts refundLines,
 * docs/product.md §5 Payment): being made to the card, made or given back, or to be given back
 * by hand. `refunded` shares a payment status's spelling, so the states are spelt here only
 * (docs/architecture.md "One typed booking").
 */
export const RefundLineState = {
  Pending: 'pending',
  Refunded: 'refunded',
  ToReturn: 'to_return',
} as const;
export type RefundLineState = (typeof RefundLineState)[keyof typeof RefundLineState];
