/**
 * The manage pages' POST (/my-booking's and /my-consultation's routes), with a plain `fetch`
 * rather than the SDK so those pages stay within the public pages' JavaScript budget
 * (docs/benchmarks.md). Rejects with a MyBookingError carrying the server's sentence and status
 * (0: no answer).
 */
export class MyBookingError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const FALLBACK = 'Something went wrong. Please try again, or call us.';

/**
 * POST `body` as JSON to `route`; the answer's JSON, or a MyBookingError. `sent`: that very
 * request already on its way (web/src/lib/early-request.ts takeEarlyResponse), read instead;
 * `headers`: more request headers (an Idempotency-Key).
 */
export async function postManage<T>(route: string, body: unknown, opts: { sent?: Promise<Response>; headers?: Record<string, string> } = {}): Promise<T> {
  let response: Response;
  try {
    response = await (opts.sent ?? fetch(route, { method: 'POST', headers: { 'Content-Type': 'application/json', ...opts.headers }, body: JSON.stringify(body) }));
  } catch {
    throw new MyBookingError('We could not reach the server. Please check your connection and try again.', 0);
  }
  const data = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!response.ok || !data) throw new MyBookingError(data?.message || FALLBACK, response.status);
  return data;
}
