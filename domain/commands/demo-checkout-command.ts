/**
 * The demo payment page's Pay and Cancel as commands (docs/architecture.md reading 6 and "The
 * path of a command"), available only without a Stripe key. They make the same changes a paid
 * or abandoned Stripe Checkout Session would, through the same rules: Pay settles the deposit
 * (settle-deposit-command.ts: confirmed, or refunded as a conflict when the slot was lost),
 * Cancel lets the hold go (release-hold-command.ts, `customer_cancelled`). Each reads the
 * session's state first: open, paid, expired or cancelled. Pure.
 *
 * The same page also takes the customer's own payment links in demo mode (the manage page's
 * 'Pay online' and a priced removal added later, lib/payments/balance-payment.ts
 * payChargeByLink): such a session belongs to a `charges` row waiting on it, and Pay and
 * Cancel settle or close that charge the way Stripe's Checkout events would
 * (demoChargeState, demoChargeStep; docs/decisions/045).
 */
import type { ParseResult } from '../contact-schema';
import { decided, isRefusal, refuse, type Command, whenFound } from './command';
import { releaseHoldCommand, type ReleaseHoldState } from './release-hold-command';
import { DemoSessionState } from './demo-session-state';
import { SettleOutcome } from './settle-outcome';
import { settleDepositCommand, type SettleDepositMail, type SettleDepositState } from './settle-deposit-command';
import { BookingStatus, isPaid, type PaymentStatus } from '../booking/lifecycle';
import { ChargeStatus } from '../money/charge-lifecycle';

export const DEMO_CHECKOUT_MESSAGES = {
  noSession: 'No payment session found.',
  notFound: 'Payment session not found.',
  ended: 'This checkout session has expired and no card was charged. Please book again.',
  /** A charge's payment page that was cancelled or closed: the manage page opens a new one. */
  chargeEnded: 'This payment page has closed and no card was charged. Please open the payment again from your booking.',
} as const;

export interface DemoSessionInput {
  sessionId: string;
}

export { DemoSessionState };

/** The session's state from its booking's fields (`holdExpiresAtMs` NaN when unset). */
export function demoSessionState(b: { status: BookingStatus; payment_status: PaymentStatus }, holdExpiresAtMs: number, nowMs: number): DemoSessionState {
  if (isPaid(b)) return DemoSessionState.Paid;
  if (b.status === BookingStatus.Cancelled) return DemoSessionState.Cancelled;
  return Number.isFinite(holdExpiresAtMs) && holdExpiresAtMs > nowMs ? DemoSessionState.Open : DemoSessionState.Expired;
}

/**
 * The state of a demo payment link from its charge's `status` (a `charges` row): waiting on the
 * page (`requires_checkout`) is open, `succeeded` is paid, `failed` (cancelled on the page, or
 * closed by a cancellation or a payment recorded another way: lib/payments/open-collections.ts)
 * is cancelled; anything else (refunded, voided) can no longer be paid: expired.
 */
export function demoChargeState(status: ChargeStatus): DemoSessionState {
  if (status === ChargeStatus.RequiresCheckout) return DemoSessionState.Open;
  if (status === ChargeStatus.Succeeded) return DemoSessionState.Paid;
  return status === ChargeStatus.Failed ? DemoSessionState.Cancelled : DemoSessionState.Expired;
}

/**
 * What Pay or Cancel does on a demo payment link in state `state`: `settle` the charge (paid,
 * as the webhook's checkout.session.completed would), `close` it (failed, its removal hold let
 * go, as checkout.session.expired would), `answer` again without a change (a second Pay or
 * Cancel is harmless), or refuse Pay on a link no longer open (`ended`: 410 chargeEnded).
 */
export function demoChargeStep(action: 'pay' | 'cancel', state: DemoSessionState): 'settle' | 'close' | 'answer' | 'ended' {
  if (state === DemoSessionState.Open) return action === 'pay' ? 'settle' : 'close';
  return action === 'pay' && state !== DemoSessionState.Paid ? 'ended' : 'answer';
}

/** Checks { sessionId } (a demo session's id starts with `demo_cs_`). */
export function parseDemoSession(body: Record<string, unknown>): ParseResult<DemoSessionInput> {
  const sessionId = typeof body.sessionId === 'string' ? body.sessionId.trim() : '';
  return sessionId.startsWith('demo_cs_') ? { ok: true, value: { sessionId } } : { ok: false, message: DEMO_CHECKOUT_MESSAGES.noSession };
}

export interface DemoPayState extends SettleDepositState {
  holdExpiresAtMs: number;
  /** The demo's own PaymentIntent id (made by the server: random). */
  paymentIntentId: string;
  /** The public origin, for the page the customer goes to next. */
  origin: string;
}

/** Where the customer goes next, and how the deposit settled (`conflict`: the route refunds and answers 409). */
export interface DemoPayAnswer {
  url: string;
  bookingId: string;
  outcome: SettleOutcome;
  changed: boolean;
}

export const demoPayCommand: Command<DemoSessionInput, DemoPayState, SettleDepositMail, DemoPayAnswer> = {
  name: 'demo-checkout-pay',
  parse: (body) => parseDemoSession(body),
  idempotency: { by: 'natural', header: 'none', why: 'a paid session answers its page again; settle-deposit changes nothing twice' },
  decide: whenFound('booking', DEMO_CHECKOUT_MESSAGES.notFound, (b, state, input, nowMs) => {
    const url = `${state.origin}/booking-success?session_id=${encodeURIComponent(input.sessionId)}`;
    const session = demoSessionState(b, state.holdExpiresAtMs, nowMs);
    if (session === DemoSessionState.Expired || session === DemoSessionState.Cancelled) return refuse(410, DEMO_CHECKOUT_MESSAGES.ended);
    if (session === DemoSessionState.Paid) return decided([], { url, bookingId: b.id, outcome: SettleOutcome.Confirmed, changed: false });
    // Like a card charged by Stripe: if the hold was cancelled or its slot resold meanwhile, it is refunded, never confirmed.
    const settled = settleDepositCommand.decide(
      state,
      { sessionId: input.sessionId, paymentIntentId: state.paymentIntentId, customerId: '', paymentMethodId: '', cardBrand: '', cardLast4: '' },
      nowMs,
    );
    if (isRefusal(settled)) return settled;
    return { ...settled, answer: { url, bookingId: b.id, outcome: settled.answer.outcome ?? SettleOutcome.Confirmed, changed: settled.answer.changed } };
  }),
};

export interface DemoCancelState extends ReleaseHoldState {
  holdExpiresAtMs: number;
  origin: string;
}

export const demoCancelCommand: Command<DemoSessionInput, DemoCancelState, never, { url: string }> = {
  name: 'demo-checkout-cancel',
  parse: (body) => parseDemoSession(body),
  idempotency: { by: 'natural', header: 'none', why: 'a cancelled session is no longer open: cancelling it again changes nothing' },
  decide: whenFound('booking', DEMO_CHECKOUT_MESSAGES.notFound, (b, state, input, nowMs) => {
    const answer = { url: `${state.origin}/booking-cancel` };
    if (demoSessionState(b, state.holdExpiresAtMs, nowMs) !== DemoSessionState.Open) return decided([], answer);
    const released = releaseHoldCommand.decide(state, { sessionId: input.sessionId, reason: 'customer_cancelled' }, nowMs);
    return isRefusal(released) ? released : { ...released, answer };
  }),
};
