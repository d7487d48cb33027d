/**
 * The user-facing message of a failed call, without loading the PocketBase SDK: the public pages'
 * plain reads (web/src/lib/api/get-json.ts) and the SDK's calls (web/src/lib/pb.ts re-exports it)
 * fail with errors of the same shape, a `status` (0 when no answer came) and the server's
 * `response.message`.
 */

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
