/**
 * A `charges` record as PocketBase returns it (pb_migrations: 1732000005 and the migrations that
 * add to it; docs/decisions/015, 030, 045): snake_case fields, money in integer cents,
 * timestamps as PocketBase datetimes ('2026-11-20 17:00:00.123Z', '' when unset). Its statuses
 * are the charge lifecycle's unions (domain/money/charge-lifecycle.ts), so a misspelt status
 * does not compile. The server reads it from a record with one mapper
 * (pb_hooks/src/lib/charge-row.ts chargeRowOf); the admin mirrors it
 * (web/src/admin/core/model/records.ts AdminCharge, which adds its own `queued`).
 */
import type { ChargeStatus, RefundStatus } from './charge-lifecycle';
import type { DamageLine } from './damages';
import type { ChargeRefundRow } from './ledger';

export interface ChargeRow {
  id: string;
  /** PocketBase autodates of the record. */
  created_at: string;
  updated_at: string;

  /** The `bookings` record it is for. */
  booking: string;
  /** balance, damages, balance_and_damages or removal (domain/money/balance-charge.ts ChargeKind). */
  kind: string;
  /** The cents asked for (at least 1). */
  amount: number;
  /** The part of `amount` that paid the balance, and the part that paid damages (cents). */
  balance_amount?: number;
  damages_amount?: number;
  /** The priced damage lines of a damages charge ([] or null when none). */
  damage_lines?: DamageLine[] | null;
  description: string;
  /** The charge's idempotency key (its Stripe key); server only, never shown. */
  idempotency_key?: string;
  /** The fingerprint of the request that made it (a repeat with another body is refused). */
  request_fingerprint?: string;
  status: ChargeStatus;
  stripe_payment_intent_id?: string;
  /** The Checkout session of a payment link ('' for a card charge or a recorded payment). */
  stripe_checkout_session_id?: string;
  /** The payment link's page while it is open ('' none). */
  checkout_url: string;
  /** Why the charge failed, in a sentence ('' none). */
  error: string;
  /** The staff account that asked for it or recorded it ('' none). */
  created_by?: string;
  /** When the charge was sent to Stripe and when it was asked for on the app's clock (PocketBase datetimes). */
  attempted_at?: string;
  requested_at?: string;
  /** A payment recorded at the door (docs/decisions/030): cash, check or other ('' for a card or link charge). */
  method?: string;
  check_number?: string;
  note?: string;
  /** A recorded payment voided by mistake: when, why and by whom. */
  voided_at?: string;
  void_reason?: string;
  voided_by?: string;
  /** This payment's first refund (docs/decisions/045): its status ('' none), its cents (0: all), Stripe's id and when. */
  refund_status?: RefundStatus | '';
  refund_amount?: number;
  refund_id?: string;
  refunded_at?: string;
  /** The charge's later refunds, each its own movement (pb_migrations/1732000175); absent or null on older rows. */
  refunds?: readonly ChargeRefundRow[] | null;
}

/** The fields `K` of the row, each required: a projection whose reader needs them present (chargeRowOf answers every field). */
export type ChargeFields<K extends keyof ChargeRow> = Required<Pick<ChargeRow, K>>;
