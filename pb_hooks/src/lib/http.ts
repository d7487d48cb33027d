/**
 * Request helpers for the `/api/fn/` routes: a size-capped JSON body parsed into plain
 * JavaScript values, and typed PocketBase errors with safe, user-facing messages.
 */
import { isIdempotencyKey, OWNERSHIP_MESSAGES } from '@domain/booking/ownership';

/** Largest accepted JSON body (bytes): a booking with notes and image links is far smaller. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads the request body as JSON. Throws a 400 BadRequestError for an empty body, a body over
 * MAX_BODY_BYTES, malformed JSON or a non-object.
 */
export function readJsonObject(e: core.RequestEvent): Record<string, unknown> {
  const raw = toString(e.request!.body, MAX_BODY_BYTES + 1);
  if (raw.length > MAX_BODY_BYTES) throw badRequest('The request is too large.');
  if (!raw.trim()) throw badRequest('The request body is empty. Please send JSON.');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}

/** A query-string parameter ('' when absent). */
export function queryParam(e: core.RequestEvent, name: string): string {
  return String(e.request!.url!.query().get(name) ?? '').trim();
}

/** APP_URL without trailing slashes, or '' when it is not set: the address operators configure. */
export function configuredAppUrl(): string {
  return ($os.getenv('APP_URL') || '').trim().replace(/\/+$/, '');
}

/**
 * The origin (appOrigin) of the request this JSVM runtime is serving, set by withRequestOrigin
 * for the handler's duration; '' between requests (a job). A runtime serves one handler at a
 * time and a handler runs to its end synchronously, so no other request sees it.
 */
let servingOrigin = '';

/**
 * Runs `handle` (the route handler of `e`) with `e`'s origin as the one configuredOrigin gives
 * without APP_URL, so every link an e-mail caused by this request carries points to the address
 * the request came in on. main.pb.js wraps every route of the hooks library in it
 * (scripts/build/hook-registrations.mjs). Returns what `handle` returns.
 */
export function withRequestOrigin<T>(e: core.RequestEvent, handle: () => T): T {
  const before = servingOrigin;
  servingOrigin = appOrigin(e);
  try {
    return handle();
  } finally {
    servingOrigin = before;
  }
}

/**
 * The public origin for links, as `scheme://host[:port]`: APP_URL; else, inside a request, the
 * address it came in on (appOrigin, through withRequestOrigin); else (a job) PocketBase's
 * Application URL setting.
 */
export function configuredOrigin(app: CoreApp): string {
  return (configuredAppUrl() || servingOrigin || app.settings().meta.appURL || 'http://127.0.0.1:8090').replace(/\/+$/, '');
}

/**
 * The public origin of the app for links sent to the customer (e-mails, the checkout's success
 * and cancel pages), as `scheme://host[:port]`: APP_URL, else the request's Host as PocketBase
 * received it (the scheme from X-Forwarded-Proto when it says http or https, else from TLS).
 * Never the Origin header: any web page may call the API (CORS is open) and its browser sends
 * that page's origin, so our e-mails would link to it. A client talking to the server directly
 * can still choose Host, which is why production sets APP_URL.
 */
export function appOrigin(e: core.RequestEvent): string {
  const configured = configuredAppUrl();
  if (configured) return configured;
  const forwarded = (e.request!.header.get('X-Forwarded-Proto') || '').split(',')[0]!.trim().toLowerCase();
  const proto = forwarded === 'http' || forwarded === 'https' ? forwarded : e.request!.tls ? 'https' : 'http';
  return `${proto}://${e.request!.host}`;
}

/**
 * An ApiError that keeps `message` exactly as given. PocketBase "sentenizes" error messages
 * (adds a final period), but docs/product.md's messages are quoted exactly.
 */
export function apiError(status: number, message: string): Error {
  const err = new ApiError(status, message) as unknown as { message: string };
  err.message = message;
  return err as unknown as Error;
}

/** Why a request was refused: the HTTP status and a plain sentence. */
export interface Refusal {
  status: number;
  message: string;
}

/**
 * Runs `write` in one transaction of `app`; `write` returns a Refusal before writing anything,
 * or nothing once it has written (or when there is nothing to do). A refusal is thrown as the
 * API error after the transaction; a failed transaction throws as it is.
 */
export function refusableTransaction(app: CoreApp, write: (tx: CoreApp) => Refusal | void): void {
  let refusal: Refusal | null = null;
  app.runInTransaction((tx) => {
    refusal = write(tx) ?? null;
  });
  if (refusal) throw apiError((refusal as Refusal).status, (refusal as Refusal).message);
}

/** 400 with an exact, user-facing message. */
export function badRequest(message: string): Error {
  return apiError(400, message);
}

/**
 * Whether per-caller abuse limits (unpaid holds, pending consultations) apply: always, unless
 * the process runs with RATE_LIMITS=off like PocketBase's per-IP limits (API and load tests).
 */
export function callerLimitsEnabled(): boolean {
  return $os.getenv('RATE_LIMITS') !== 'off';
}

/**
 * The request's `Idempotency-Key` header (docs/architecture.md reading 12): '' when absent, unless
 * `missingMessage` is given, then a 400 with it; a 400 when malformed (8–255 of
 * [A-Za-z0-9_:.-]).
 */
export function idempotencyKeyHeader(e: core.RequestEvent, missingMessage?: string): string {
  const key = String(e.request!.header.get('Idempotency-Key') ?? '').trim();
  if (!key && missingMessage) throw badRequest(missingMessage);
  if (key && !isIdempotencyKey(key)) throw badRequest(OWNERSHIP_MESSAGES.idempotencyKeyInvalid);
  return key;
}

/**
 * Answers `status` with `body` as JSON and sends it at once, so what the handler does after
 * (sending e-mail, offering a freed slot) does not hold the answer: the length is declared, so
 * the client has the whole answer when its last byte arrives, not when the handler returns.
 * Used where the answer does not depend on that later work (lib/commands/run-command.ts
 * `deliver: 'after-answer'`). Call it last in the answer's path: nothing may be written after.
 */
export function answerJsonAhead(e: core.RequestEvent, status: number, body: unknown): void {
  const bytes = toBytes(JSON.stringify(body));
  e.response.header().set('Content-Length', String(bytes.length));
  e.blob(status, 'application/json', bytes);
  try {
    e.flush();
  } catch {
    // Not flushable: the answer goes when the handler returns, as any other.
  }
}
