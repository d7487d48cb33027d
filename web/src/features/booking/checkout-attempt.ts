/**
 * The wizard's checkout attempts (docs/decisions/010): an Idempotency-Key made once per attempt and
 * kept with the wizard's persisted state before the request goes out, so a lost answer or a
 * double tap retried with the same choices gets the same booking and checkout URL instead of
 * "someone else just booked it". Changed choices make a new attempt (the server then replaces
 * this wizard's earlier hold, identified by the wizard id).
 */
import { randomId } from '@/lib/request-attempt';

export interface CheckoutAttempt {
  /** Sent as the Idempotency-Key header. */
  key: string;
  /** The exact request body the key was made for. */
  fingerprint: string;
}

/** The attempt for `request`: the current one when the request is unchanged, else a new one. */
export function attemptFor(current: CheckoutAttempt | null, request: unknown): CheckoutAttempt {
  const fingerprint = JSON.stringify(request);
  return current?.fingerprint === fingerprint ? current : { key: randomId('checkout_'), fingerprint };
}
