/**
 * The wizard's checkout attempts (docs/decisions/010): an Idempotency-Key made once per attempt and
 * kept with the wizard's persisted state before the request goes out, so a lost answer or a
 * double tap retried with the same choices gets the same booking and checkout URL instead of
 * "someone else just booked it". Changed choices make a new attempt (the server then replaces
 * this wizard's earlier hold, identified by the wizard id).
 */

export interface CheckoutAttempt {
  /** Sent as the Idempotency-Key header. */
  key: string;
  /** The exact request body the key was made for. */
  fingerprint: string;
}

/** A random id of `bytes` random bytes as hex (crypto.randomUUID needs a secure context). */
export function randomId(prefix: string, bytes = 16): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return `${prefix}${Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The attempt for `request`: the current one when the request is unchanged, else a new one. */
export function attemptFor(current: CheckoutAttempt | null, request: unknown): CheckoutAttempt {
  const fingerprint = JSON.stringify(request);
  return current?.fingerprint === fingerprint ? current : { key: randomId('checkout_'), fingerprint };
}

/**
 * Whether an attempt is over after the call ended with `status` (0 for a network failure): the
 * server answered for good (2xx, or a 4xx about the request), so the next click is a new
 * attempt. A lost answer, a timeout or a 5xx keeps the key for the retry.
 */
export function attemptSettled(status: number): boolean {
  return status >= 200 && status < 500;
}
