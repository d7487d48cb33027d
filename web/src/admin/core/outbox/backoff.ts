/**
 * When the outbox tries a failed entry again (docs/architecture.md "Admin data and sync": capped
 * exponential backoff with jitter). Pure.
 */

/** The first retry waits about this long (ms). */
export const BACKOFF_BASE_MS = 2_000;
/** No wait is longer than this (ms): a phone back in signal is never left waiting long. */
export const BACKOFF_CAP_MS = 5 * 60_000;

/**
 * The wait (ms) after the `attempts`-th failed attempt (1, 2, …): BASE · 2^(attempts−1), capped
 * at CAP, then "equal jitter": a uniformly random point in its upper half, so tabs and devices
 * that failed together do not retry together. `random` returns [0, 1).
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exp = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
  return Math.round(exp / 2 + random() * (exp / 2));
}
