/**
 * Unpaid checkout holds of one caller (docs/decisions/010; docs/architecture.md reading 15): the cap
 * on holds per IP and per e-mail, a newer checkout from the same wizard replacing that wizard's
 * earlier hold, and the lookup of a booking by its checkout's Idempotency-Key. Every function
 * takes the app it runs on: call them inside the checkout's transaction so the answer holds
 * for the insert that follows.
 */
import { HOLD_CAPS } from '@domain/booking/ownership';
import { transition } from '@domain/booking/lifecycle';
import { toPbDate } from '../clock';
import { lifecycleOfRecord } from './bookings-repo';

/** Active unpaid holds: awaiting payment with an unexpired hold (the overlap check's reading). */
const ACTIVE_HOLD = "status = 'pending_payment' AND payment_status = 'pending' AND hold_expires_at > {:now}";

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

/**
 * Cancels (reason `replaced`) the active unpaid holds of wizard `wizardId`, so a customer
 * who goes back and pays again never blocks their own slot; the status is what the one
 * `transition` answers (domain/booking/lifecycle.ts, hold_ended; docs/decisions/045). Returns
 * the Stripe Checkout Session ids of the replaced holds, to expire outside the transaction.
 */
export function replaceWizardHolds(app: CoreApp, wizardId: string, now: number): string[] {
  if (!wizardId) return [];
  const held = app.findRecordsByFilter('bookings', "wizard_id = {:wizard} && status = 'pending_payment' && payment_status = 'pending' && hold_expires_at > {:now}", '', 50, 0, {
    wizard: wizardId,
    now: toPbDate(now),
  } as unknown as dbx.Params);
  const stripeSessions: string[] = [];
  for (const rec of held) {
    const next = transition(lifecycleOfRecord(rec!), { type: 'hold_ended', reason: 'replaced' });
    // The filter only finds pending_payment holds, which hold_ended always ends.
    if (!next.ok) continue;
    rec!.set('status', next.state.status);
    rec!.set('cancel_reason', next.state.cancelReason);
    app.save(rec!);
    if (rec!.getString('payment_mode') === 'stripe' && rec!.getString('checkout_session_id')) {
      stripeSessions.push(rec!.getString('checkout_session_id'));
    }
  }
  return stripeSessions;
}

/** The booking a checkout with Idempotency-Key `key` created, or null. */
export function findByIdempotencyKey(app: CoreApp, key: string): core.Record | null {
  if (!key) return null;
  try {
    return app.findFirstRecordByData('bookings', 'idempotency_key', key);
  } catch {
    return null;
  }
}
