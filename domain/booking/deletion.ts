/**
 * Which bookings may be deleted (docs/product.md §2 Delete Booking): only those no money ever
 * moved for (an unpaid hold, test data). A booking with a deposit paid, a charge that succeeded
 * or is still with the bank, or a payment recorded at the door is cancelled instead, so its
 * refund, its e-mail and its place in Revenue are kept. The server refuses (400) and the admin
 * hides the button; superusers (the PocketBase dashboard, maintenance) are not refused.
 */
import { PaymentStatus } from './lifecycle';
import { ChargeStatus, type MirroredChargeStatus } from '../money/charge-lifecycle';

/** The sentence the server answers, and the admin shows, for a booking money moved for. */
export const DELETE_PAID_REFUSED = 'This booking has payments, so it cannot be deleted. Cancel it instead: the refund and the records are kept.';

/** Charge states in which money was taken or may still be. */
const MONEY_STATUSES: ReadonlySet<string> = new Set<ChargeStatus>([ChargeStatus.Succeeded, ChargeStatus.Pending, ChargeStatus.Processing]);

/** Whether money moved for booking `b` with charges `charges` (any kind: card, cash, check). */
export function moneyMovedFor(b: { payment_status: PaymentStatus; deposit_paid_at?: string }, charges: readonly { status: MirroredChargeStatus }[]): boolean {
  if (b.payment_status && b.payment_status !== PaymentStatus.Pending) return true;
  if (b.deposit_paid_at) return true;
  return charges.some((c) => MONEY_STATUSES.has(c.status));
}
