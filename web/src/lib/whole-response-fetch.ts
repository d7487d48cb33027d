/**
 * `fetch` that resolves only once the whole response body has arrived, for the PocketBase SDK
 * (lib/pb.ts). The SDK reads a body with `response.json()` and, when that read fails for any
 * reason but an abort, carries on with `{}` as the answer: a 200 whose body was cut off (the
 * connection dropped mid-answer, or the page was leaving) became an empty success. An
 * auth-refresh answered that way stored an empty token and signed the admin out in every tab
 * (docs/decisions/016's bench caught it). Here a cut body rejects like any network failure (a TypeError,
 * which the SDK turns into a ClientResponseError with status 0: retried, never taken as done).
 */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** Same arguments and answer as `fetch`; rejects (TypeError) when the body cannot be read to its end. */
export async function fetchWholeResponse(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
  const whole = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  // The SDK names the URL in its errors; a constructed Response has none of its own.
  Object.defineProperty(whole, 'url', { value: response.url });
  return whole;
}
