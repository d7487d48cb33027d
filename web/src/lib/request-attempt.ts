/**
 * A request's attempts, for the calls that send an Idempotency-Key (docs/decisions/010, 063): a
 * key is made once per attempt and sent again on a retry, so a lost answer or a second tap gets
 * the first answer back instead of a second effect. The wizard's checkout
 * (features/booking/checkout-attempt.ts) and the manage page's 'Pay online' use these.
 */

/** A random id of `bytes` random bytes as hex, after `prefix` (crypto.randomUUID needs a secure context). */
export function randomId(prefix: string, bytes = 16): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return `${prefix}${Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Whether an attempt is over after the call ended with `status` (0 for a network failure): the
 * server answered for good (2xx, or a 4xx about the request), so the next click is a new
 * attempt. A lost answer, a timeout or a 5xx keeps the key for the retry.
 */
export function attemptSettled(status: number): boolean {
  return status >= 200 && status < 500;
}
