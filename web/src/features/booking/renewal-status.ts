/**
 * What the booking page and checkout need of a renewal link (renewal-prefill.ts) without its
 * code: the session's renewal token, the wizard's welcome line and the link's status. The rest
 * loads only with a renewal link or a session opened from one (docs/architecture.md "What a
 * page loads").
 */

/** The sessionStorage key of the renewal token this wizard was opened with (set by renewal-prefill.ts). */
export const TOKEN_KEY = 'booking-renewal';

/** The line the wizard shows once filled in. */
export const RENEWAL_WELCOME = 'Welcome back — we filled in last year’s choices.';

/** The renewal token of this session's wizard, or null. */
export function renewalToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The masked contact the link shows before the customer types their e-mail. */
export interface MaskedRenewal {
  name: string;
  email: string;
}

/**
 * What the renewal link did: nothing asked, loading, waiting for the customer's e-mail (`submit`
 * sends it; `error` the server's sentence, `busy` while it answers), filled in, or the link's refusal.
 */
export type RenewalStatus =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'verify'; masked: MaskedRenewal; busy: boolean; error: string | null; submit: (email: string) => void }
  | { kind: 'filled' }
  | { kind: 'failed'; message: string };
