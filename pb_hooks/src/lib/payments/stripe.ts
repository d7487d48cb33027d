/**
 * Stripe's REST API through $http.send (the JSVM has no fetch), docs/architecture.md reading 6.
 * STRIPE_SECRET_KEY authenticates; STRIPE_API_BASE (default https://api.stripe.com) lets tests
 * point it at stripe-mock. Amounts are integer cents.
 */
import type { StripeIntentStatus } from '@domain/commands/reconcile-charge';

export interface CheckoutSessionInput {
  bookingId: string;
  depositCents: number;
  customerEmail: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** When the session (and the slot hold) ends, epoch seconds. */
  expiresAtSec: number;
}

export interface StripeCheckoutSession {
  id: string;
  url: string | null;
  /** Stripe's session states; its spelling. */
  status: 'open' | 'complete' | 'expired' | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  customer: string | { id: string } | null;
  payment_intent: string | { id: string; payment_method: string | StripePaymentMethod | null } | null;
  /** Our metadata: `booking_id`, and `charge_id` on the Checkout link of a balance charge. */
  metadata?: Record<string, string> | null;
}

/** Stripe's form encoding of nested params: a[b][0][c]=v. */
export function formEncode(params: Record<string, unknown>, prefix = ''): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const name = prefix ? `${prefix}[${key}]` : key;
    if (Array.isArray(value)) {
      value.forEach((v, i) => {
        if (v !== null && typeof v === 'object') parts.push(formEncode(v as Record<string, unknown>, `${name}[${i}]`));
        else parts.push(`${encodeURIComponent(`${name}[${i}]`)}=${encodeURIComponent(String(v))}`);
      });
    } else if (typeof value === 'object') {
      parts.push(formEncode(value as Record<string, unknown>, name));
    } else {
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.filter(Boolean).join('&');
}

function apiBase(): string {
  return ($os.getenv('STRIPE_API_BASE') || 'https://api.stripe.com').replace(/\/+$/, '');
}

/** Calls Stripe; returns the status and parsed JSON. Throws when Stripe cannot be reached. */
function stripeSend(method: 'GET' | 'POST', path: string, params?: Record<string, unknown>, idempotencyKey?: string): { statusCode: number; json: unknown } {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${$os.getenv('STRIPE_SECRET_KEY')}`,
    'Stripe-Version': '2024-06-20',
  };
  let url = `${apiBase()}${path}`;
  let body = '';
  if (method === 'POST') {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = formEncode(params ?? {});
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  } else if (params) {
    url += `?${formEncode(params)}`;
  }
  const res = $http.send({ url, method, headers, body, timeout: 20 });
  return { statusCode: res.statusCode, json: res.json };
}

/**
 * Whether a 2xx answer is a Stripe object we can read: a list with its data, or an object with
 * its id. An HTML page from a proxy, an empty `{}` or nothing is not: the call's outcome is then
 * unknown, never a success (a refund without an id is no refund).
 */
function readableAnswer(json: unknown): boolean {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return false;
  const o = json as { id?: unknown; object?: unknown; data?: unknown };
  if (o.object === 'list') return Array.isArray(o.data);
  return typeof o.id === 'string' && o.id !== '';
}

/** Calls Stripe; returns the parsed JSON or throws an Error with Stripe's message (or for an answer it cannot read). */
function stripeRequest<T>(method: 'GET' | 'POST', path: string, params?: Record<string, unknown>, idempotencyKey?: string): T {
  const res = stripeSend(method, path, params, idempotencyKey);
  const json = res.json as { error?: { message?: string } } | null;
  if (res.statusCode >= 400) throw new Error(`Stripe ${res.statusCode}: ${json?.error?.message ?? 'request failed'}`);
  if (!readableAnswer(json)) throw new Error(`Stripe ${res.statusCode}: an answer without a readable object`);
  return json as T;
}

/**
 * Creates a Checkout Session for the deposit: card saved for later off-session charges
 * (balance, damages), the customer's e-mail, expiring with the slot hold.
 */
export function createCheckoutSession(input: CheckoutSessionInput): StripeCheckoutSession {
  return stripeRequest<StripeCheckoutSession>(
    'POST',
    '/v1/checkout/sessions',
    {
      mode: 'payment',
      customer_email: input.customerEmail,
      customer_creation: 'always',
      client_reference_id: input.bookingId,
      expires_at: input.expiresAtSec,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      metadata: { booking_id: input.bookingId },
      payment_intent_data: { setup_future_usage: 'off_session', metadata: { booking_id: input.bookingId }, description: input.description },
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: input.depositCents, product_data: { name: input.description } } }],
    },
    `checkout-${input.bookingId}`,
  );
}

/**
 * A PaymentMethod as far as we read it (https://docs.stripe.com/api/payment_methods/object): a
 * card's brand ('visa', 'mastercard', 'amex', …) and last 4 digits, to name the card on file.
 */
export interface StripePaymentMethod {
  id: string;
  type?: string;
  card?: { brand?: string; last4?: string } | null;
}

/** Retrieves a Checkout Session with its PaymentIntent and that intent's PaymentMethod expanded (the card's brand and last 4). */
export function retrieveCheckoutSession(id: string): StripeCheckoutSession {
  return stripeRequest<StripeCheckoutSession>('GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`, { expand: ['payment_intent.payment_method'] });
}

/**
 * The ids needed for later off-session charges, and the card's brand and last 4 digits when
 * the session's PaymentMethod is expanded and is a card ('' otherwise), from a session.
 */
export function paymentIdsOf(s: StripeCheckoutSession): { paymentIntentId: string; customerId: string; paymentMethodId: string; cardBrand: string; cardLast4: string } {
  const pi = s.payment_intent;
  const pm = pi && typeof pi === 'object' ? pi.payment_method : null;
  const card = pm && typeof pm === 'object' ? cardOf(pm) : { cardBrand: '', cardLast4: '' };
  return {
    paymentIntentId: typeof pi === 'string' ? pi : (pi?.id ?? ''),
    customerId: typeof s.customer === 'string' ? s.customer : (s.customer?.id ?? ''),
    paymentMethodId: typeof pm === 'string' ? pm : (pm?.id ?? ''),
    ...card,
  };
}

/** The card's brand and last 4 digits of PaymentMethod `pm` ('' each when it is no card or Stripe did not say). */
export function cardOf(pm: StripePaymentMethod | null | undefined): { cardBrand: string; cardLast4: string } {
  const brand = typeof pm?.card?.brand === 'string' ? pm.card.brand : '';
  const last4 = typeof pm?.card?.last4 === 'string' && /^\d{4}$/.test(pm.card.last4) ? pm.card.last4 : '';
  return brand && last4 ? { cardBrand: brand, cardLast4: last4 } : { cardBrand: '', cardLast4: '' };
}

/**
 * `ids` of a paid session with the card's brand and last 4 digits: as they are when known, else
 * read from Stripe's PaymentMethod (retrieveCard). Never throws.
 */
export function withCard<T extends { paymentMethodId: string; cardBrand: string; cardLast4: string }>(ids: T): T {
  return ids.cardLast4 || !ids.paymentMethodId ? ids : { ...ids, ...retrieveCard(ids.paymentMethodId) };
}

/**
 * The card of PaymentMethod `id` (GET /v1/payment_methods/:id): its brand and last 4 digits, or
 * '' each when Stripe cannot say. Never throws: a payment never fails for want of them.
 */
export function retrieveCard(id: string): { cardBrand: string; cardLast4: string } {
  if (!id) return { cardBrand: '', cardLast4: '' };
  const reply = stripeTry<StripePaymentMethod>('GET', `/v1/payment_methods/${encodeURIComponent(id)}`, {}, '');
  return reply.ok ? cardOf(reply.value) : { cardBrand: '', cardLast4: '' };
}

export interface StripeRefund {
  id: string;
  /** Stripe's refund states (its spelling, 'canceled'). */
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
}

/**
 * Refunds a PaymentIntent, in full or `amountCents` of it, under Stripe idempotency key
 * `idempotencyKey` (one per thing refunded: a booking's deposit, a charge, a payment for a
 * deleted booking), so a retried refund can never pay back twice. Throws with Stripe's message
 * on failure.
 */
export function createRefund(paymentIntentId: string, idempotencyKey: string, metadata: Record<string, string>, amountCents?: number): StripeRefund {
  const amount = amountCents && amountCents > 0 ? { amount: amountCents } : {};
  return stripeRequest<StripeRefund>('POST', '/v1/refunds', { payment_intent: paymentIntentId, ...amount, reason: 'requested_by_customer', metadata }, idempotencyKey);
}

/** Expires an open Checkout Session so it can no longer be paid (a replaced hold). */
export function expireCheckoutSession(id: string): void {
  stripeRequest('POST', `/v1/checkout/sessions/${encodeURIComponent(id)}/expire`, {}, `expire-${id}`);
}

/** Expires Checkout Session `id` without throwing (a booking about to be deleted): Stripe's answer. */
export function tryExpireCheckoutSession(id: string): StripeReply<StripeCheckoutSession> {
  return stripeTry<StripeCheckoutSession>('POST', `/v1/checkout/sessions/${encodeURIComponent(id)}/expire`, {}, `expire-${id}`);
}

/** Retrieves Checkout Session `id` without throwing. */
export function tryRetrieveCheckoutSession(id: string): StripeReply<StripeCheckoutSession> {
  return stripeTry<StripeCheckoutSession>('GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`, {}, '');
}

/** Stripe's error object (https://docs.stripe.com/api/errors), as far as we read it. */
export interface StripeErrorBody {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
  /** The PaymentIntent a card error happened on (present on off-session declines). */
  payment_intent?: { id?: string } | null;
}

/**
 * A Stripe call's outcome without throwing: the object, or the HTTP status and Stripe's error.
 * `status` 0 means Stripe could not be reached (no answer, timeout), so the outcome is unknown.
 */
export type StripeReply<T> = { ok: true; value: T } | { ok: false; status: number; error: StripeErrorBody };

function stripeTry<T>(method: 'GET' | 'POST', path: string, params: Record<string, unknown>, idempotencyKey: string): StripeReply<T> {
  let res: { statusCode: number; json: unknown };
  try {
    res = stripeSend(method, path, params, idempotencyKey);
  } catch (err) {
    return { ok: false, status: 0, error: { message: String(err) } };
  }
  // An unreadable success (an HTML page, `{}`) is no answer: unknown, retried like an outage.
  if (res.statusCode < 400)
    return readableAnswer(res.json) ? { ok: true, value: res.json as T } : { ok: false, status: 0, error: { message: `Stripe ${res.statusCode}: an answer without a readable object` } };
  const body = res.json as { error?: StripeErrorBody } | null;
  return { ok: false, status: res.statusCode, error: body?.error ?? {} };
}

export interface StripePaymentIntent {
  id: string;
  /** 'succeeded' once the money moved; see https://docs.stripe.com/payments/paymentintents/lifecycle */
  status: StripeIntentStatus;
  amount?: number;
  /** Ours: `booking_id`, and `charge_id` for balance and damage charges. */
  metadata?: Record<string, string> | null;
  last_payment_error?: StripeErrorBody | null;
  /** The card it was paid with (an id, or the object when expanded). */
  payment_method?: string | StripePaymentMethod | null;
}

/**
 * The PaymentIntents of Stripe customer `customerId` created at or after `createdGteSec` (epoch
 * seconds), newest first, up to 100: a list is read-after-write consistent, unlike Stripe's
 * search, so a charge whose answer a crash lost is found here. Never throws.
 */
export function listCustomerPaymentIntents(customerId: string, createdGteSec: number): StripeReply<{ data: StripePaymentIntent[] }> {
  return stripeTry<{ data: StripePaymentIntent[] }>('GET', '/v1/payment_intents', { customer: customerId, created: { gte: createdGteSec }, limit: 100 }, '');
}

export interface OffSessionChargeInput {
  amountCents: number;
  customerId: string;
  paymentMethodId: string;
  description: string;
  metadata: { charge_id: string; booking_id: string };
  /** Stripe's Idempotency-Key: the caller's own key, so a replay can never charge twice. */
  idempotencyKey: string;
}

/**
 * Charges a saved card while the customer is away (balance and damages, docs/decisions/015): a
 * PaymentIntent created and confirmed at once, off-session, card only (no redirect methods).
 * Stripe answers 200 with the intent, or 402 with a card error (`authentication_required`
 * when the bank wants the customer). Never throws.
 */
export function createOffSessionPaymentIntent(input: OffSessionChargeInput): StripeReply<StripePaymentIntent> {
  return stripeTry<StripePaymentIntent>(
    'POST',
    '/v1/payment_intents',
    {
      amount: input.amountCents,
      currency: 'usd',
      customer: input.customerId,
      payment_method: input.paymentMethodId,
      payment_method_types: ['card'],
      off_session: true,
      confirm: true,
      description: input.description,
      metadata: input.metadata,
    },
    input.idempotencyKey,
  );
}

export interface ChargeCheckoutInput {
  chargeId: string;
  bookingId: string;
  amountCents: number;
  /** The line the customer sees on the Checkout page. */
  title: string;
  /** The saved Stripe customer, so Checkout offers their card; else their e-mail. */
  customerId: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
}

/**
 * A Checkout Session (mode payment) for a charge the customer must complete themself (the card
 * needs authentication, or none is saved), with metadata { charge_id, booking_id } for the
 * webhook. Stripe's idempotency key is per charge. Never throws.
 */
export function createChargeCheckoutSession(input: ChargeCheckoutInput): StripeReply<StripeCheckoutSession> {
  const metadata = { charge_id: input.chargeId, booking_id: input.bookingId };
  return stripeTry<StripeCheckoutSession>(
    'POST',
    '/v1/checkout/sessions',
    {
      mode: 'payment',
      ...(input.customerId ? { customer: input.customerId } : { customer_email: input.customerEmail }),
      client_reference_id: input.bookingId,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      metadata,
      payment_intent_data: { metadata, description: input.title },
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: input.amountCents, product_data: { name: input.title } } }],
    },
    `charge-checkout-${input.chargeId}`,
  );
}
