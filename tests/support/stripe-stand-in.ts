/**
 * A stand-in for Stripe in front of Stripe's stripe-mock, for the tests of money at the edges:
 * stripe-mock answers every call with a fixture and keeps nothing, so this proxy plays what it
 * cannot, and forwards the rest.
 *
 * - POST /v1/payment_intents makes a PaymentIntent of its own (amount, customer, metadata from
 *   the form) and remembers it: `succeeded`, or as `script(customer)` says (`processing`, a 402
 *   card error, a 503, a delay before answering: a slow bank or a request in flight at a crash).
 * - GET /v1/payment_intents?customer=… lists the remembered ones of that customer, newest
 *   first, as Stripe's list does (read-after-write consistent).
 * - `override(method, path, raw)` answers a path as given (an HTML page, an empty object).
 * - Every request is counted in `seen` (method, path, Idempotency-Key, form), so a test can
 *   tell how many PaymentIntents were asked for. Stripe's own idempotency is not played: a
 *   repeated key makes a second intent here, which is exactly what the tests must never see.
 */
import http from 'node:http';
import { freePort } from '../../scripts/lib/server.mjs';
import type { StripeMock } from './stripe-mock';

export interface SeenRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: 'usd';
  customer: string;
  status: string;
  created: number;
  metadata: Record<string, string>;
}

/** What the stand-in does with a new PaymentIntent for one customer. */
export interface IntentScript {
  /** The intent's status (default `succeeded`). */
  status?: string;
  /** Answer with Stripe's error instead (the intent is not made): the HTTP status and body for the request's form. */
  failWith?: (form: URLSearchParams) => { status: number; body: unknown };
  /** Fail only the first request, then act as if unscripted (an outage that ends). */
  once?: boolean;
  /** Milliseconds to wait before answering (the intent is made when the wait starts). */
  delayMs?: number;
}

/** An answer given as is, whatever Stripe would say: an HTML error page, an empty object. */
export interface RawAnswer {
  status: number;
  contentType: string;
  body: string;
  /** Answer so only the next request, then act as before (an outage that ends). */
  once?: boolean;
}

export interface StripeStandIn {
  url: string;
  /** Answers every `method` request to `path` (e.g. 'POST', '/v1/refunds') with `raw` (undefined: stop). */
  override: (method: string, path: string, raw: RawAnswer | undefined) => void;
  seen: SeenRequest[];
  intents: StandInIntent[];
  /** Sets what new PaymentIntents of `customer` do (undefined: succeed at once). */
  script: (customer: string, s: IntentScript | undefined) => void;
  /** PaymentIntent creations asked for, in all or for one charge id. */
  intentCreations: (chargeId?: string) => SeenRequest[];
  stop: () => Promise<void>;
}

function metadataOf(form: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m) out[m[1]!] = v;
  }
  return out;
}

export async function startStripeStandIn(mock: StripeMock): Promise<StripeStandIn> {
  const seen: SeenRequest[] = [];
  const intents: StandInIntent[] = [];
  const scripts = new Map<string, IntentScript>();
  const overrides = new Map<string, RawAnswer>();
  let seq = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const form = new URLSearchParams(body);
      const url = new URL(req.url ?? '/', 'http://stand-in');
      seen.push({ method: req.method ?? '', path: url.pathname, idempotencyKey: req.headers['idempotency-key'] as string | undefined, form });
      const reply = (status: number, json: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const raw = overrides.get(`${req.method} ${url.pathname}`);
      if (raw) {
        if (raw.once) overrides.delete(`${req.method} ${url.pathname}`);
        res.writeHead(raw.status, { 'Content-Type': raw.contentType });
        return res.end(raw.body);
      }
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const customer = form.get('customer') ?? '';
        const s = scripts.get(customer) ?? {};
        if (s.once) scripts.delete(customer);
        if (s.failWith) {
          const failure = s.failWith(form);
          return reply(failure.status, failure.body);
        }
        const intent: StandInIntent = {
          id: `pi_standin_${++seq}_${Math.random().toString(36).slice(2, 8)}`,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          amount_received: s.status && s.status !== 'succeeded' ? 0 : Number(form.get('amount')),
          currency: 'usd',
          customer,
          status: s.status ?? 'succeeded',
          created: Math.floor(Date.now() / 1000),
          metadata: metadataOf(form),
        };
        intents.push(intent);
        if (s.delayMs) await new Promise((r) => setTimeout(r, s.delayMs));
        return reply(200, intent);
      }
      if (req.method === 'GET' && url.pathname === '/v1/payment_intents') {
        const customer = url.searchParams.get('customer');
        const data = intents.filter((i) => !customer || i.customer === customer).reverse();
        return reply(200, { object: 'list', url: '/v1/payment_intents', has_more: false, data });
      }
      try {
        const upstream = await fetch(`${mock.url}${req.url}`, {
          method: req.method,
          headers: { Authorization: String(req.headers.authorization ?? ''), 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': String(req.headers['idempotency-key'] ?? '') },
          body: req.method === 'POST' ? body : undefined,
        });
        reply(upstream.status, await upstream.json());
      } catch {
        reply(502, { error: { type: 'api_error', message: 'stripe-mock unreachable' } });
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    override: (method, path, a) => (a ? overrides.set(`${method} ${path}`, a) : overrides.delete(`${method} ${path}`)),
    seen,
    intents,
    script: (customer, s) => (s ? scripts.set(customer, s) : scripts.delete(customer)),
    intentCreations: (chargeId) => seen.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && (!chargeId || r.form.get('metadata[charge_id]') === chargeId)),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
