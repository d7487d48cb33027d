/**
 * The one mapper from a `charges` record to the domain's typed row (domain/money/charge-row.ts),
 * below every topic folder so each of them (payments, ledger, my-booking, mail) reads a charge
 * the same way (docs/architecture.md "One typed booking").
 */
import type { ChargeRow } from '@domain/money/charge-row';
import { asChargeStatus, asRefundStatus } from '@domain/money/charge-lifecycle';
import type { DamageLine } from '@domain/money/damages';
import { chargeRefundRowsOf } from '@domain/money/ledger';
import { jsonObjects } from './json-fields';
import { rowReader, type ReadTable } from './row-reader';

/** The row as the server reads it from a record: every field present, a JSON field [] when unset or unreadable (never null). */
export type ReadChargeRow = { [K in keyof ChargeRow]-?: NonNullable<ChargeRow[K]> };

/** How each field of the row is read from a record: the one place that spells a charge field's reading. */
const READ: ReadTable<ReadChargeRow> = {
  id: (r) => r.id,
  created_at: (r) => r.getString('created_at'),
  updated_at: (r) => r.getString('updated_at'),
  booking: (r) => r.getString('booking'),
  kind: (r) => r.getString('kind'),
  amount: (r) => r.getInt('amount'),
  balance_amount: (r) => r.getInt('balance_amount'),
  damages_amount: (r) => r.getInt('damages_amount'),
  damage_lines: (r) => jsonObjects(r, 'damage_lines') as unknown as DamageLine[],
  description: (r) => r.getString('description'),
  idempotency_key: (r) => r.getString('idempotency_key'),
  request_fingerprint: (r) => r.getString('request_fingerprint'),
  status: (r) => asChargeStatus(r.getString('status')),
  stripe_payment_intent_id: (r) => r.getString('stripe_payment_intent_id'),
  stripe_checkout_session_id: (r) => r.getString('stripe_checkout_session_id'),
  checkout_url: (r) => r.getString('checkout_url'),
  error: (r) => r.getString('error'),
  created_by: (r) => r.getString('created_by'),
  attempted_at: (r) => r.getString('attempted_at'),
  requested_at: (r) => r.getString('requested_at'),
  method: (r) => r.getString('method'),
  check_number: (r) => r.getString('check_number'),
  note: (r) => r.getString('note'),
  voided_at: (r) => r.getString('voided_at'),
  void_reason: (r) => r.getString('void_reason'),
  voided_by: (r) => r.getString('voided_by'),
  refund_status: (r) => asRefundStatus(r.getString('refund_status')),
  refund_amount: (r) => r.getInt('refund_amount'),
  refund_id: (r) => r.getString('refund_id'),
  refunded_at: (r) => r.getString('refunded_at'),
  refunds: (r) => chargeRefundRowsOf(jsonObjects(r, 'refunds')),
};
const CHARGES = rowReader(READ);

/**
 * The `charges` record `r` as the domain's typed row: the one mapper from a record, so its
 * statuses are the charge lifecycle's unions (a stored value the migrations do not allow reads
 * as asChargeStatus's fallback, `pending`; a refund status as ''). Money in cents.
 * chargeFieldsOf reads only the fields `keys` (for a projection), chargeField one field, each as
 * chargeRowOf reads it (row-reader.ts).
 */
export const { rowOf: chargeRowOf, fieldsOf: chargeFieldsOf, field: chargeField } = CHARGES;
