/**
 * The tokens of the renewal e-mail (domain/customers/renewals.ts): derived, not random, as the
 * manage links' (docs/decisions/051): HMAC-SHA256 under the same server secret
 * (booking-store/manage-links.ts linkSecret), written as 43 base64url characters. In bookings/ with
 * the checkout that reads them (checkout-renewal.ts); customers/ makes and opens the links.
 * - The 'Reserve my week again' link: HMAC of `renewal:<renewal id>`; only its SHA-256 is
 *   stored (renewals.token_hash).
 * - The unsubscribe link: HMAC of `unsubscribe:<email key>`, nothing stored; the key travels
 *   beside it (`?e=<key>&t=<token>`) and the token is checked by deriving it again, so no one
 *   without the e-mail can unsubscribe anyone. Record ids and keys hold no ':' prefix of these
 *   kinds, so no token opens two things.
 */
import { manageTokenOfHex } from '@domain/booking/self-service';
import { linkSecret, tokenHashOf } from '../booking-store/manage-links';

/** The characters of a token: base64url, 43 of them for 32 bytes. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The HMAC key of these tokens (read once per job run: the job makes thousands). */
export function tokenSecret(app: CoreApp): string {
  return linkSecret(app);
}

function derived(secret: string, message: string): string {
  return manageTokenOfHex($security.hs256(message, secret));
}

/** The 'Reserve my week again' token of renewal row `renewalId`, and its SHA-256 (what the row stores). */
export function renewalToken(secret: string, renewalId: string): { token: string; tokenHash: string } {
  const token = derived(secret, `renewal:${renewalId}`);
  return { token, tokenHash: tokenHashOf(token) };
}

/** The unsubscribe token of customer key `emailKey` (already normalised). */
export function unsubscribeToken(secret: string, emailKey: string): string {
  return derived(secret, `unsubscribe:${emailKey}`);
}

/** Whether `token` is the unsubscribe token of `emailKey` (constant-time compare); false for anything malformed. */
export function unsubscribeTokenValid(app: CoreApp, emailKey: string, token: unknown): boolean {
  if (!emailKey || typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return false;
  return $security.equal(unsubscribeToken(tokenSecret(app), emailKey), token);
}

/** The query of an unsubscribe link: `e=<key>&t=<token>`, URL-encoded. */
export function unsubscribeQuery(secret: string, emailKey: string): string {
  return `e=${encodeURIComponent(emailKey)}&t=${unsubscribeToken(secret, emailKey)}`;
}
