/**
 * Stripe's REST API through $http.send (the JSVM has no fetch), DESIGN.md decision 6.
 * STRIPE_SECRET_KEY authenticates; STRIPE_API_BASE (default https://api.stripe.com) lets tests
 * point it at stripe-mock. Amounts are integer cents.
 */

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
  status: string;
  payment_status: string;
  customer: string | { id: string } | null;
  payment_intent: string | { id: string; payment_method: string | { id: string } | null } | null;
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

/** Calls Stripe; returns the parsed JSON or throws an Error with Stripe's message. */
function stripeRequest<T>(method: 'GET' | 'POST', path: string, params?: Record<string, unknown>, idempotencyKey?: string): T {
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
  const json = res.json as { error?: { message?: string } } | null;
  if (res.statusCode >= 400) throw new Error(`Stripe ${res.statusCode}: ${json?.error?.message ?? 'request failed'}`);
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

/** Retrieves a Checkout Session with its PaymentIntent expanded. */
export function retrieveCheckoutSession(id: string): StripeCheckoutSession {
  return stripeRequest<StripeCheckoutSession>('GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`, { expand: ['payment_intent'] });
}

/** The ids needed for later off-session charges, from a (possibly expanded) session. */
export function paymentIdsOf(s: StripeCheckoutSession): { paymentIntentId: string; customerId: string; paymentMethodId: string } {
  const pi = s.payment_intent;
  const pm = pi && typeof pi === 'object' ? pi.payment_method : null;
  return {
    paymentIntentId: typeof pi === 'string' ? pi : (pi?.id ?? ''),
    customerId: typeof s.customer === 'string' ? s.customer : (s.customer?.id ?? ''),
    paymentMethodId: typeof pm === 'string' ? pm : (pm?.id ?? ''),
  };
}

export interface StripeRefund {
  id: string;
  status: string;
}

/**
 * Refunds a booking's deposit in full (issue 8 item 3: a payment that arrived for a slot that is
 * no longer the booking's). Stripe's idempotency key is per booking, so a retried refund can
 * never pay back twice.
 */
export function createRefund(paymentIntentId: string, bookingId: string): StripeRefund {
  return stripeRequest<StripeRefund>(
    'POST',
    '/v1/refunds',
    { payment_intent: paymentIntentId, reason: 'requested_by_customer', metadata: { booking_id: bookingId } },
    `refund-${bookingId}`,
  );
}

/** Expires an open Checkout Session so it can no longer be paid (a replaced hold). */
export function expireCheckoutSession(id: string): void {
  stripeRequest('POST', `/v1/checkout/sessions/${encodeURIComponent(id)}/expire`, {}, `expire-${id}`);
}
