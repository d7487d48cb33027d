/**
 * A `charges` row's statuses (pb_migrations: `charges.status`, `charges.refund_status`), the only
 * place they are spelt (docs/decisions/045: the ledger reads them as movements,
 * domain/money/ledger.ts). A card charge is `pending` while its request is with Stripe,
 * `processing` until the bank confirms, `requires_checkout` while its payment link is open, then
 * `succeeded` or `failed`; a payment recorded by hand is `succeeded` until it is `voided`.
 */
import { oneOfOr } from '../one-of';

export const ChargeStatus = {
  Pending: 'pending',
  Processing: 'processing',
  Succeeded: 'succeeded',
  Failed: 'failed',
  RequiresCheckout: 'requires_checkout',
  Voided: 'voided',
} as const;
export type ChargeStatus = (typeof ChargeStatus)[keyof typeof ChargeStatus];
export const CHARGE_STATUSES: readonly ChargeStatus[] = Object.values(ChargeStatus);

/** A payment's refund (`refund_status`, a deposit's `deposit_refund`, a later refund's `status`); '' when none. */
export const RefundStatus = {
  Pending: 'pending',
  Succeeded: 'succeeded',
  Failed: 'failed',
  ToReturn: 'to_return',
  Returned: 'returned',
} as const;
export type RefundStatus = (typeof RefundStatus)[keyof typeof RefundStatus];
export const REFUND_STATUSES: readonly RefundStatus[] = Object.values(RefundStatus);

/** The admin's mirror's own state of a payment recorded on this device and not yet sent (docs/decisions/030); never stored on the server. */
export const QUEUED_ON_DEVICE = 'queued';
/** A mirrored charge's status: the server's, or queued on this device. */
export type MirroredChargeStatus = ChargeStatus | typeof QUEUED_ON_DEVICE;

/** A stored charge `status` as the union; a value the migrations do not allow reads as `pending`. */
export function asChargeStatus(value: string): ChargeStatus {
  return oneOfOr(CHARGE_STATUSES, value, ChargeStatus.Pending);
}

/** A stored refund status as the union, '' when none (or a value the migrations do not allow). */
export function asRefundStatus(value: string): RefundStatus | '' {
  return oneOfOr(REFUND_STATUSES, value, '' as const);
}
