/**
 * Manage-booking links (docs/decisions/027): one stable link per booking. Its token is derived,
 * not random: the HMAC-SHA256 of `${bookingId}:${link_version}` under the server's secret
 * (`server_secrets` row manage_links, made by pb_migrations/1732000200_stable_manage_links.js,
 * readable by the hooks and superusers only), written as 43 base64url characters
 * (domain/booking/self-service.ts manageTokenOfHex), so every e-mail of a booking carries the
 * same link. Only its SHA-256 is stored, in `booking_links`, with its expiry (linkExpiresAtMs:
 * 30 days after the last visit), which follows the visits as they change
 * (domain/commands/booking-changes.ts linksFollowVisits). A change does not end it, and a
 * cancelled booking's link shows it read-only; only the owner's "send a fresh link" does, by
 * raising `link_version` and revoking the booking's links (send-link-route.ts). Links e-mailed
 * before this (random tokens) keep working until their expiry. A token is found by its hash and
 * the stored hash compared again in constant time; deleting the booking deletes its links.
 */
import { linkExpiresAtMs, manageTokenOfHex, SELF_SERVICE_MESSAGES } from '@domain/booking/self-service';
import { parseTimestamp } from '@domain/schedule/calendar';
import { toPbDate } from '../clock';
import { apiError } from '../http';
import { addServerEvent } from './job-events-repo';
import { bookingField } from '../booking-row';

/** The characters of a token: base64url, 43 of them for 32 bytes. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** The `server_secrets` key of the links' secret. */
const SECRET_KEY = 'manage_links';

function hashOf(token: string): string {
  return $security.sha256(token);
}

/** The links' secret (also the HMAC key of the renewal and unsubscribe tokens); throws when the migration's row is missing (our failure: a 5xx). */
export function linkSecret(app: CoreApp): string {
  const value = app.findFirstRecordByData('server_secrets', 'key', SECRET_KEY).getString('value');
  if (!value) throw new Error('manage links: the secret is empty');
  return value;
}

/**
 * What a link opens. A consultation's token is derived from "consultation:<id>:<version>", a
 * booking's from "<id>:<version>" (as before consultations had links, so sent links keep
 * working); record ids hold no ':', so one token never opens both kinds.
 */
export type LinkKind = 'booking' | 'consultation' | 'waitlist-leave' | 'waitlist-offer';

/** The token of the `kind` record `id` at link version `version` (a number >= 0). */
export function stableManageToken(app: CoreApp, id: string, version: number, kind: LinkKind = 'booking'): string {
  const message = kind === 'booking' ? `${id}:${version}` : `${kind}:${id}:${version}`;
  return manageTokenOfHex($security.hs256(message, linkSecret(app)));
}

/** The SHA-256 of a token, as a links table stores it. */
export function tokenHashOf(token: string): string {
  return hashOf(token);
}

/** The booking's current stable token and its SHA-256 (`booking` the record as read now). */
function currentToken(app: CoreApp, booking: core.Record): { token: string; tokenHash: string } {
  const token = stableManageToken(app, booking.id, booking.getInt('link_version'));
  return { token, tokenHash: hashOf(token) };
}

/** The row of links table `collection` holding `tokenHash`, or null; a failed read throws (it may be inside a transaction). */
export function linkRowOf(app: CoreApp, tokenHash: string, collection: 'booking_links' | 'consultation_links' = 'booking_links'): core.Record | null {
  return app.findRecordsByFilter(collection, 'token_hash = {:h}', '', 1, 0, { h: tokenHash } as unknown as dbx.Params)[0] ?? null;
}

/**
 * The row of links table `collection` for `tokenHash` made (with `owner`, e.g. `{ booking: id }`,
 * and `expires`, a PocketBase date) when there is none, or its expiry moved to `expires` when
 * the visit moved; a revoked row stays as it is. For the booking's and the consultation's links.
 */
export function saveLinkRow(tx: CoreApp, collection: 'booking_links' | 'consultation_links', owner: { [field: string]: string }, tokenHash: string, expires: string): void {
  const row = linkRowOf(tx, tokenHash, collection);
  if (!row) {
    const rec = new Record(tx.findCollectionByNameOrId(collection));
    rec.load({ ...owner, token_hash: tokenHash, expires_at: expires });
    tx.save(rec);
  } else if (!row.getString('revoked_at') && parseTimestamp(row.getString('expires_at')) !== parseTimestamp(expires)) {
    row.set('expires_at', expires);
    tx.save(row);
  }
}

/**
 * The row of links table `collection` that `token` opens at `now` (epoch ms): found by its
 * hash, the hash compared again in constant time, not revoked, not expired; null for a
 * malformed, unknown, revoked or expired token (the caller gives one answer for all of them).
 */
export function liveLinkRow(app: CoreApp, token: unknown, now: number, collection: 'booking_links' | 'consultation_links'): core.Record | null {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
  const hash = hashOf(token);
  const link = linkRowOf(app, hash, collection);
  if (!link) return null;
  if (!$security.equal(link.getString('token_hash'), hash)) return null;
  if (link.getString('revoked_at')) return null;
  const expires = parseTimestamp(link.getString('expires_at'));
  if (!Number.isFinite(expires) || expires <= now) return null;
  return link;
}

/**
 * The link of `booking` for an e-mail, through `tx` (inside the transaction of the change,
 * confirmation, receipt or reminder that sends it): its current stable token, whose row is
 * written when missing and given the expiry of the booking as it is now. Returns the raw token,
 * which exists only in the e-mails. Throws when a write fails.
 */
export function issueManageToken(tx: CoreApp, booking: core.Record): string {
  const { token, tokenHash } = currentToken(tx, booking);
  const expires = toPbDate(linkExpiresAtMs({ install_date: bookingField(booking, 'install_date'), removal_date: bookingField(booking, 'removal_date') }));
  saveLinkRow(tx, 'booking_links', { booking: booking.id }, tokenHash, expires);
  return token;
}

/**
 * The token of booking record `booking` read through `app` and its SHA-256, not yet written
 * (a command's `load` gives them to its pure `decide`, domain/commands/booking-changes.ts).
 * Without a booking (the old call): a random token of the same shape, which opens nothing until
 * a row stores its hash.
 */
export function newManageToken(app?: CoreApp, booking?: core.Record): { token: string; tokenHash: string } {
  if (app && booking) return currentToken(app, booking);
  const token = $security.randomStringWithAlphabet(43, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_');
  return { token, tokenHash: hashOf(token) };
}

/** The ids of booking `bookingId`'s links still in force (only a fresh link from the owner revokes them). */
export function liveManageLinkIds(app: CoreApp, bookingId: string): string[] {
  return app.findRecordsByFilter('booking_links', "booking = {:b} && revoked_at = ''", '', 0, 0, { b: bookingId } as unknown as dbx.Params).map((l) => l!.id);
}

/**
 * Through `tx`: every link of `booking` still in force expires 30 days after its last visit as
 * it is now (a change made outside a command, such as a paid removal booked by its payment).
 */
export function linksFollowBooking(tx: CoreApp, booking: core.Record): void {
  const expires = toPbDate(linkExpiresAtMs({ install_date: bookingField(booking, 'install_date'), removal_date: bookingField(booking, 'removal_date') }));
  for (const id of liveManageLinkIds(tx, booking.id)) {
    const l = tx.findRecordById('booking_links', id);
    l.set('expires_at', expires);
    tx.save(l);
  }
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
  const link = liveLinkRow(app, token, now, 'booking_links');
  if (!link) return null;
  try {
    return { booking: app.findRecordById('bookings', link.getString('booking')), link };
  } catch {
    return null;
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
