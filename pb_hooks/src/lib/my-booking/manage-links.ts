/**
 * Manage-booking links (docs/decisions/027): every e-mail that carries a link gets a fresh
 * random token of 32 bytes (256 bits, base64url); only its SHA-256 is stored, in
 * `booking_links` with its expiry (linkExpiresAtMs: the last visit plus 30 days). A token is
 * found by its hash and the stored hash compared again in constant time. A change made with any
 * link revokes all of the booking's links (the change's e-mail carries a new one); deleting the
 * booking deletes them.
 */
import { linkExpiresAtMs, SELF_SERVICE_MESSAGES } from '@domain/booking/self-service';
import { parseTimestamp } from '@domain/schedule/calendar';
import { toPbDate } from '../clock';
import { apiError } from '../http';
import { addServerEvent } from '../admin/job-events-repo';

/** The characters of a token: base64url, 43 of them for 32 bytes. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function hashOf(token: string): string {
  return $security.sha256(token);
}

/**
 * A new link for `booking`, written through `tx` (inside the transaction of the change or
 * confirmation that sends it). Returns the raw token, which exists only in the e-mail.
 */
export function issueManageToken(tx: CoreApp, booking: core.Record): string {
  const { token, tokenHash } = newManageToken();
  const rec = new Record(tx.findCollectionByNameOrId('booking_links'));
  rec.load({
    booking: booking.id,
    token_hash: tokenHash,
    expires_at: toPbDate(linkExpiresAtMs({ install_date: booking.getString('install_date'), removal_date: booking.getString('removal_date') })),
  });
  tx.save(rec);
  return token;
}

/**
 * A fresh token and the SHA-256 stored for it, not yet written: a command's `load` makes it
 * so its pure `decide` can write the link as data (domain/commands/booking-changes.ts).
 */
export function newManageToken(): { token: string; tokenHash: string } {
  const token = $security.randomStringWithAlphabet(43, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_');
  return { token, tokenHash: hashOf(token) };
}

/** The ids of booking `bookingId`'s links still in force (a change revokes them). */
export function liveManageLinkIds(app: CoreApp, bookingId: string): string[] {
  return app.findRecordsByFilter('booking_links', "booking = {:b} && revoked_at = ''", '', 0, 0, { b: bookingId } as unknown as dbx.Params).map((l) => l!.id);
}

/** The page a token opens, on the site the customer booked on. */
export function manageUrl(origin: string, token: string): string {
  return `${origin}/my-booking?token=${token}`;
}

/**
 * The booking `token` opens at `now` (epoch ms), through `app` (the transaction's, before a
 * change), or null for a malformed, unknown, expired or revoked token or a deleted booking:
 * the caller gives the same answer for all of them.
 */
export function bookingForToken(app: CoreApp, token: unknown, now: number): { booking: core.Record; link: core.Record } | null {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
  const hash = hashOf(token);
  let link: core.Record;
  try {
    link = app.findFirstRecordByData('booking_links', 'token_hash', hash);
  } catch {
    return null;
  }
  if (!$security.equal(link.getString('token_hash'), hash)) return null;
  if (link.getString('revoked_at')) return null;
  const expires = parseTimestamp(link.getString('expires_at'));
  if (!Number.isFinite(expires) || expires <= now) return null;
  try {
    return { booking: app.findRecordById('bookings', link.getString('booking')), link };
  } catch {
    return null;
  }
}

/** Revokes every link of booking `bookingId` still in force (after a change made with one). */
export function revokeManageLinks(tx: CoreApp, bookingId: string, now: number): void {
  for (const id of liveManageLinkIds(tx, bookingId)) {
    const l = tx.findRecordById('booking_links', id);
    l.set('revoked_at', toPbDate(now));
    tx.save(l);
  }
}

/** The token of a manage-link request body ('' when missing). */
export function tokenOf(body: Record<string, unknown>): string {
  return typeof body.token === 'string' ? body.token.trim() : '';
}

/** The booking of the token in `body`, or the one 404 for every kind of dead link. */
export function requireBooking(app: CoreApp, body: Record<string, unknown>, now: number): core.Record {
  const found = bookingForToken(app, tokenOf(body), now);
  if (!found) throw apiError(404, SELF_SERVICE_MESSAGES.invalidLink);
  return found.booking;
}

/** Records a change the customer made in the booking's history (job_events, shown in the admin). */
export function recordCustomerChange(tx: CoreApp, bookingId: string, text: string, now: number): void {
  addServerEvent(tx, { booking: bookingId, kind: 'customer_change', text, clientId: `customer_${$security.randomString(20)}`, at: now });
}
