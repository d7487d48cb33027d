/**
 * The first step of a balance or damages charge (docs/decisions/013 and 015; docs/architecture.md
 * reading 12): the `pending` charge stored under its Idempotency-Key BEFORE Stripe is called, so
 * a retry with the key can never charge twice. The amount comes from planCharge (the booking's
 * balance and the damages priced from the selection, never from the client). One charge at a
 * time per booking. The call to Stripe and its outcome follow outside this command's
 * transaction (lib/payments/charge-booking-balance-route.ts, my-booking/pay-balance-route.ts).
 * Pure.
 */
import { CHARGE_MESSAGES, chargeFingerprintSource, parseChargeRequest, planCharge, type ChargeableBooking, type ChargeRequest } from '../money/balance-charge';
import { decided, pbDate, refuse, type Command, type Outcome } from './command';
import { ChargeStatus } from '../money/charge-lifecycle';

export interface PendingChargeState {
  /** The request's Idempotency-Key and the SHA-256 of its fingerprint, stored on the charge. */
  key: string;
  fingerprint: string;
  /** The staff member asking ('' for a superuser or the customer's own payment). */
  staffId: string;
  /** The id of the charge already stored under `key` (the caller compares its fingerprint), or null. */
  prior: string | null;
  /** The new charge's id (made by the server's load). */
  freshId: string;
  booking: (ChargeableBooking & { id: string }) | null;
  /** The status of a charge of the booking that may still move money ('pending', 'processing', 'requires_checkout'), or ''. */
  openStatus: string;
}

/** The charge of the key: just made, or the one a request with the key stored first (`replay`). */
export interface PendingChargeAnswer {
  chargeId: string;
  replay: boolean;
}

export const pendingChargeCommand: Command<ChargeRequest, PendingChargeState, never, PendingChargeAnswer> = {
  name: 'charge-booking-balance',
  parse: (body) => parseChargeRequest(body),
  // The admin's Idempotency-Key is the runner's (request_keys), and also stored on the pending
  // charge as Stripe's key; `prior` finds a charge made under it (the customer's numbered keys,
  // pay-balance-route.ts, and a request at the same instant), the unique index the last guard.
  idempotency: { by: 'key', header: 'required', fingerprint: chargeFingerprintSource },
  decide(state, input, nowMs): Outcome<never, PendingChargeAnswer> {
    if (state.prior) return decided([], { chargeId: state.prior, replay: true });
    const b = state.booking;
    if (!b) return refuse(404, CHARGE_MESSAGES.notFound);
    const plan = planCharge(b, input.selection);
    if (!plan.ok) return refuse(plan.status, plan.message);
    // One charge at a time per booking: two keys must never both take the same balance.
    if (state.openStatus) {
      const s = state.openStatus;
      return refuse(409, s === ChargeStatus.Pending ? CHARGE_MESSAGES.otherInFlight : s === ChargeStatus.Processing ? CHARGE_MESSAGES.otherProcessing : CHARGE_MESSAGES.linkOpen);
    }
    const at = pbDate(nowMs);
    const fields = {
      booking: b.id,
      kind: plan.kind,
      amount: plan.totalCents,
      balance_amount: plan.balanceCents,
      damages_amount: plan.damagesCents,
      damage_lines: plan.lines,
      description: input.description,
      idempotency_key: state.key,
      request_fingerprint: state.fingerprint,
      status: ChargeStatus.Pending,
      attempted_at: at,
      requested_at: at,
      created_by: state.staffId,
    };
    return decided([{ op: 'create', collection: 'charges', id: state.freshId, fields }], { chargeId: state.freshId, replay: false });
  },
};
