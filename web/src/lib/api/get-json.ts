/**
 * The public pages' reads (season, notice, blocked dates, consultation slots, reviews) and the
 * one call of /booking-success and /submit-review (postJson) without the PocketBase SDK, whose 10.8 kB gzipped the consultation and testimonials pages loaded
 * before idle for a few GETs (docs/architecture.md "What a page loads"). Writes and the admin
 * still go through the SDK (web/src/lib/pb.ts). `errorMessage` reads the failures of both, which
 * have the same shape (a `status`, 0 when no answer came, and the server's `response.message`);
 * it lives here so a page that reads needs no module more for it.
 */

/**
 * A read the server did not answer with 2xx: `status` (0 when no answer came) and
 * `response.message`, the server's sentence when it sent one, as the SDK's ClientResponseError
 * carries them (`errorMessage` reads both alike).
 */
export class ReadError extends Error {
  readonly response: { message?: string };
  constructor(
    readonly status: number,
    message: string,
    serverMessage?: string,
  ) {
    super(message);
    this.name = 'ReadError';
    this.response = serverMessage === undefined ? {} : { message: serverMessage };
  }
}

/**
 * GET `path` (same origin) with `query`, answered as JSON. Rejects with a ReadError for a non-2xx
 * answer (its `message` the server's, else the status line) or a network failure (status 0),
 * and when the body cannot be read as JSON to its end.
 */
export function getJson<T>(path: string, query: Record<string, string> = {}): Promise<T> {
  const search = new URLSearchParams(query).toString();
  return answerOf<T>(path, search ? `${path}?${search}` : path, { headers: { Accept: 'application/json' } });
}

/**
 * POST `body` as JSON to `path` (same origin; a page's one call, as /booking-success's payment
 * check and /submit-review's review, without the SDK), answered as JSON; rejects as getJson does.
 */
export function postJson<T>(path: string, body: unknown): Promise<T> {
  return answerOf<T>(path, path, { method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

/** The JSON answer of `url` requested with `init`, or the ReadError getJson describes (`path` names the route in it). */
async function answerOf<T>(path: string, url: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw new ReadError(0, error instanceof Error ? error.message : 'The request failed');
  }
  const body: unknown = await response.json().catch(() => {
    throw new ReadError(response.ok ? 0 : response.status, `Unreadable answer from ${path} (${response.status})`);
  });
  if (!response.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    const sentence = typeof message === 'string' && message ? message : undefined;
    throw new ReadError(response.status, sentence ?? `${path} answered ${response.status}`, sentence);
  }
  return body as T;
}

/** One page of PocketBase's record list route. */
export interface RecordPage<T> {
  items: T[];
  page: number;
  totalPages: number;
  totalItems: number;
}

/**
 * Page `page` (1-based) of `perPage` records of `collection` from PocketBase's list route
 * (`filter`, `sort`, `fields` as that route takes them; `skipTotal` leaves the totals at -1).
 */
export function listRecords<T>(collection: string, page: number, perPage: number, options: { filter?: string; sort?: string; fields?: string; skipTotal?: boolean } = {}): Promise<RecordPage<T>> {
  const query: Record<string, string> = { page: String(page), perPage: String(perPage) };
  if (options.filter) query.filter = options.filter;
  if (options.sort) query.sort = options.sort;
  if (options.fields) query.fields = options.fields;
  if (options.skipTotal) query.skipTotal = '1';
  return getJson<RecordPage<T>>(`/api/collections/${encodeURIComponent(collection)}/records`, query);
}

/** Every record of `collection`, read in pages of `batch` (as the SDK's getFullList). */
export async function listAllRecords<T>(collection: string, options: { fields?: string; sort?: string; batch?: number } = {}): Promise<T[]> {
  const batch = options.batch ?? 500;
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const { items } = await listRecords<T>(collection, page, batch, { fields: options.fields, sort: options.sort, skipTotal: true });
    all.push(...items);
    if (items.length < batch) return all;
  }
}

/**
 * The server's message for an API error it answered with one (any status but 0 and 500,
 * PocketBase's 500 hides internals behind a generic text; our own errors, 4xx and 502, are for
 * users), else `fallback` (network failures and unexpected errors).
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (typeof err !== 'object' || err === null) return fallback;
  const { status, response } = err as { status?: unknown; response?: unknown };
  if (typeof status !== 'number' || typeof response !== 'object' || response === null) return fallback;
  const msg = (response as { message?: unknown }).message;
  return typeof msg === 'string' && msg && status > 0 && status !== 500 ? msg : fallback;
}
