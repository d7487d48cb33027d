/**
 * A `charges` row's statuses (pb_migrations: `charges.status`, `charges.refund_status`), the only
 * place they are spelt (docs/decisions/045: the ledger reads them as movements,
 * domain/money/ledger.ts). A card charge is `pending` while its request is with Stripe,
 * `processing` until the bank confirms, `requires_checkout` while its payment link is open, then
 * `succeeded` or `failed`; a payment recorded by hand is `succeeded` until it is `voided`.
 */
import { oneOfOr, valuesOf, type ValueOf } from '../one-of';

export const ChargeStatus = { Pending: 'pending', Processing: 'processing', Succeeded: 'succeeded', Failed: 'failed', RequiresCheckout: 'requires_checkout', Voided: 'voided' } as const;
export type ChargeStatus = ValueOf<typeof ChargeStatus>;
export const CHARGE_STATUSES = valuesOf(ChargeStatus);

/** A payment's refund (`refund_status`, a deposit's `deposit_refund`, a later refund's `status`); '' when none. */
export const RefundStatus = { Pending: 'pending', Succeeded: 'succeeded', Failed: 'failed', ToReturn: 'to_return', Returned: 'returned' } as const;
export type RefundStatus = ValueOf<typeof RefundStatus>;
export const REFUND_STATUSES = valuesOf(RefundStatus);

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

/**
 * What happens to a charge: `answered`, our own call's answer to a `pending` charge (Stripe took
 * it, it is processing, its payment link opened, or it failed); `intent_succeeded` and
 * `intent_failed`, the bank's later word (the webhook or the reconcile job); `checkout_paid`, its
 * payment link paid (late too: after the link closed); `link_closed`, its payment link expired
 * or its booking deleted; `void`, the owner voids a payment, which only a payment recorded by
 * hand (cash, check, Zelle, …: `recorded`) allows (docs/decisions/030).
 */
export type ChargeEvent =
  | { type: 'answered'; status: typeof ChargeStatus.Succeeded | typeof ChargeStatus.Processing | typeof ChargeStatus.RequiresCheckout | typeof ChargeStatus.Failed }
  | { type: 'intent_succeeded' }
  | { type: 'intent_failed' }
  | { type: 'checkout_paid' }
  | { type: 'link_closed' }
  | { type: 'void'; recorded: boolean };

/** The statuses each event moves a charge from, and where to (`answered` goes to its own status). */
const CHARGE_MOVES: Record<ChargeEvent['type'], { from: readonly ChargeStatus[]; to: ChargeStatus | null }> = {
  answered: { from: [ChargeStatus.Pending], to: null },
  // A payment succeeds after its failure when the bank's late word says so (a redelivered event).
  intent_succeeded: { from: [ChargeStatus.Pending, ChargeStatus.Processing, ChargeStatus.Failed], to: ChargeStatus.Succeeded },
  // A charge that already succeeded stays so: a late or redelivered failure changes nothing.
  intent_failed: { from: [ChargeStatus.Pending, ChargeStatus.Processing], to: ChargeStatus.Failed },
  // Paid after we closed it (its expiry raced the payment): the ledger decides whether it is owed (docs/decisions/045).
  checkout_paid: { from: [ChargeStatus.RequiresCheckout, ChargeStatus.Failed], to: ChargeStatus.Succeeded },
  link_closed: { from: [ChargeStatus.RequiresCheckout], to: ChargeStatus.Failed },
  void: { from: [ChargeStatus.Succeeded], to: ChargeStatus.Voided },
};

/**
 * A charge's status after `event` from `from`, or null when the event does not apply to a charge
 * in that status (a replay, a late word about a charge that moved on, a void of a card payment).
 * Every command that changes a charge's `status` asks this (domain/commands/charge-outcome-command.ts,
 * recorded-payment-command.ts, the booking's deletion in lib/bookings/booking-delete-hooks.ts). Pure.
 */
export function chargeTransition(from: ChargeStatus, event: ChargeEvent): ChargeStatus | null {
  const move = CHARGE_MOVES[event.type];
  if (!move.from.includes(from)) return null;
  if (event.type === 'void' && !event.recorded) return null;
  return event.type === 'answered' ? event.status : move.to;
}
