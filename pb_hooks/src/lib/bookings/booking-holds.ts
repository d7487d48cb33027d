/**
 * Unpaid checkout holds of one caller (docs/decisions/010; docs/architecture.md reading 15): the cap
 * on holds per IP and per e-mail, and the lookup of a booking by its checkout's Idempotency-Key
 * (a newer checkout from the same wizard replacing that wizard's earlier hold is the checkout's
 * own command, domain/commands/create-checkout-command.ts). Every function
 * takes the app it runs on: call them inside the checkout's transaction so the answer holds
 * for the insert that follows.
 */
import { HOLD_CAPS } from '@domain/booking/ownership';
import { toPbDate } from '../clock';
import { BookingStatus, PaymentStatus } from '@domain/booking/lifecycle';
import { findRecordBy } from '../records';

/** Active unpaid holds: awaiting payment with an unexpired hold (the overlap check's reading). */
const ACTIVE_HOLD = `status = '${BookingStatus.PendingPayment}' AND payment_status = '${PaymentStatus.Pending}' AND hold_expires_at > {:now}`;

function countHolds(app: CoreApp, where: string, params: Record<string, string>): number {
  const row = new DynamicModel({ n: 0 }) as unknown as { n: number };
  app
    .db()
    .newQuery(`SELECT COUNT(*) AS n FROM bookings WHERE ${ACTIVE_HOLD} AND ${where}`)
    .bind(params as unknown as dbx.Params)
    .one(row);
  return row.n;
}

export interface HoldOwner {
  ip: string;
  email: string;
  /** The wizard's own holds are about to be replaced, so they never count against it. */
  wizardId: string;
}

/**
 * True when `owner` already has HOLD_CAPS.perIp unpaid holds from its IP, or
 * HOLD_CAPS.perEmail for its e-mail (case-insensitive), not counting its wizard's own. `now`
 * is epoch ms.
 */
export function holdCapReached(app: CoreApp, owner: HoldOwner, now: number): boolean {
  const params = { now: toPbDate(now), ip: owner.ip, email: owner.email.toLowerCase(), wizard: owner.wizardId };
  const notOwnWizard = owner.wizardId ? ' AND wizard_id != {:wizard}' : '';
  if (owner.ip && countHolds(app, `client_ip = {:ip}${notOwnWizard}`, params) >= HOLD_CAPS.perIp) return true;
  return countHolds(app, `lower(customer_email) = {:email}${notOwnWizard}`, params) >= HOLD_CAPS.perEmail;
}

/** The booking a checkout with Idempotency-Key `key` created, or null. */
export function findByIdempotencyKey(app: CoreApp, key: string): core.Record | null {
  if (!key) return null;
  return findRecordBy(app, 'bookings', 'idempotency_key', key);
}
