/**
 * Replays of admin actions under an Idempotency-Key (docs/architecture.md reading 12; docs/decisions/016;
 * docs/decisions/016): the refusals that mean "the first request with this key is still being
 * processed, ask again", which the admin's offline outbox retries instead of setting aside.
 * Shared by the hooks (which answer them) and the web app (which classifies them). Pure.
 */
import { CHARGE_MESSAGES } from '../money/balance-charge';

export const REQUEST_KEY_MESSAGES = {
  stillProcessing: 'This request is still being processed. Please retry in a moment.',
} as const;

/**
 * True for an answer that says to retry the same request later: 408 and 429 (the server or a
 * proxy was busy), and a 409 saying the key's first request is still being processed.
 * Other 4xx answers are final for that request.
 */
export function isRetryLater(status: number, message: string): boolean {
  if (status === 408 || status === 429) return true;
  return status === 409 && (message === REQUEST_KEY_MESSAGES.stillProcessing || message === CHARGE_MESSAGES.stillProcessing);
}
