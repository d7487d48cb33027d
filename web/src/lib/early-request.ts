/**
 * Requests a page starts as soon as its route module has loaded in the browser (the module
 * starts them as it is evaluated, never in the prerender), rather than from an effect once
 * React has rendered or hydrated the page: on a prerendered page hydration comes first and
 * takes the longest on a slow phone, so the data is then on its way, or already here, when the
 * page asks for it (docs/benchmarks.md `bench:screens`). Each is taken once: the first caller gets the early promise, every later one
 * asks again, so a retry or a second mount never shows an old answer.
 */

const started = new Map<string, Promise<unknown>>();

/** Starts `load()` under `key` unless one is already waiting there. Its failure waits for the caller that takes it. */
export function startEarly<T>(key: string, load: () => Promise<T>): void {
  if (started.has(key)) return;
  const promise = load();
  // Never an unhandled rejection while nobody has taken it yet: the taker sees the failure.
  promise.catch(() => undefined);
  started.set(key, promise);
}

/** The request started under `key` (taken: the next call asks again), else `load()`. */
export function takeEarly<T>(key: string, load: () => Promise<T>): Promise<T> {
  const early = started.get(key) as Promise<T> | undefined;
  if (!early) return load();
  started.delete(key);
  return early;
}

/** Where web/public/early-requests.js leaves the responses it started: key → the fetch's promise. */
type EarlyResponses = Record<string, Promise<Response> | undefined>;

/**
 * The response web/public/early-requests.js started under `key` as the page's HTML was read
 * (before any of the app's code loaded), taken once: later calls (a retry) get undefined and
 * ask again. Its keys: `my-booking:<token>`, `renewal:<token>`, `waitlist-offer:<token>`.
 */
export function takeEarlyResponse(key: string): Promise<Response> | undefined {
  const early = (globalThis as { __earlyResponses?: EarlyResponses }).__earlyResponses;
  const response = early?.[key];
  if (early) delete early[key];
  return response;
}
