/**
 * The booking's one stable manage link (docs/decisions/027; pb_hooks/src/lib/my-booking/
 * manage-links.ts), sent again on request, as two commands:
 * - the owner's "Send a fresh link" (`admin-bookings/send-link`): the booking's `link_version`
 *   rises, which gives it a new token, every link in force is revoked (the old token stops
 *   working at once), the new one's hash is stored and the customer is e-mailed the new link;
 * - the customer's "E-mail me my link" (`my-booking/send-link`): one e-mail to the address with
 *   the link of each of its bookings whose link still works, at most LINK_REQUEST_MAIL_LIMIT an
 *   hour per address; the answer is the same sentence for a known and an unknown address, and
 *   over the limit, so it tells nobody which addresses booked.
 * Pure.
 */
import { z } from 'zod';
import { linkExpiresAtMs, MANAGE_LINK_MESSAGES } from '../booking/self-service';
import { historyLine, revokeLinks } from './booking-changes';
import { decided, pbDate, refuse, type Change, type Command } from './command';
import { BookingStatus } from '../booking/lifecycle';
import type { BookingRow } from '../booking/booking-row';

// The sentences are shared with the web page (no zod there): domain/booking/self-service.ts.
export { MANAGE_LINK_MESSAGES };

/** E-mails with links one address gets at most within LINK_REQUEST_WINDOW_MS. */
export const LINK_REQUEST_MAIL_LIMIT = 3;
/** The rolling window of LINK_REQUEST_MAIL_LIMIT (ms): an hour. */
export const LINK_REQUEST_WINDOW_MS = 60 * 60 * 1000;

/** The statuses whose booking has a manage link (confirmed once; a cancelled one shows read-only). */
const LINKED_STATUSES: readonly BookingStatus[] = [BookingStatus.Confirmed, BookingStatus.Completed, BookingStatus.Cancelled];

/** The owner's request: { bookingId }. */
export interface FreshLinkInput {
  bookingId: string;
}

/** What the server reads for a fresh link, in the transaction. */
export interface FreshLinkState {
  found: {
    bookingId: string;
    status: BookingRow['status'];
    email: string;
    linkVersion: number;
    dates: Pick<BookingRow, 'install_date' | 'removal_date'>;
    /** The booking's links in force (all revoked). */
    liveLinkIds: readonly string[];
    /** The token of version `linkVersion + 1`: its SHA-256 and its page (the token is only in the e-mail). */
    next: { tokenHash: string; manageUrl: string };
    historyClientId: string;
  } | null;
  staffId: string;
}

/** The customer's e-mail with the fresh link, composed by the server from the booking as changed. */
export interface FreshLinkMail {
  bookingId: string;
  version: number;
  manageUrl: string;
}

export interface FreshLinkAnswer {
  bookingId: string;
  sentTo: string;
}

/** The text whose SHA-256 is a fresh link request's fingerprint. */
export function freshLinkFingerprint(input: FreshLinkInput): string {
  return JSON.stringify(['admin-bookings/send-link', input.bookingId]);
}

export const freshLinkCommand: Command<FreshLinkInput, FreshLinkState, FreshLinkMail, FreshLinkAnswer> = {
  name: 'admin-bookings/send-link',
  parse(body) {
    const bookingId = typeof body.bookingId === 'string' ? body.bookingId.trim() : '';
    if (!bookingId) return { ok: false, message: MANAGE_LINK_MESSAGES.missing };
    return { ok: true, value: { bookingId } };
  },
  // Each request ends the link before it: a retry of the same click must not end the one it sent.
  idempotency: { by: 'key', header: 'required', fingerprint: freshLinkFingerprint },
  decide(state, _input, nowMs) {
    const b = state.found;
    if (!b) return refuse(404, MANAGE_LINK_MESSAGES.notFound);
    if (!LINKED_STATUSES.includes(b.status)) return refuse(409, MANAGE_LINK_MESSAGES.notConfirmed);
    if (!b.email) return refuse(409, MANAGE_LINK_MESSAGES.noEmail);
    const version = b.linkVersion + 1;
    const changes: Change[] = [
      { op: 'update', collection: 'bookings', id: b.bookingId, fields: { link_version: version } },
      ...revokeLinks({ liveLinkIds: b.liveLinkIds }, nowMs),
      { op: 'create', collection: 'booking_links', fields: { booking: b.bookingId, token_hash: b.next.tokenHash, expires_at: pbDate(linkExpiresAtMs(b.dates)) } },
      historyLine(b.bookingId, 'owner_change', `Sent a fresh manage link to ${b.email}; the earlier link no longer works.`, b.historyClientId, nowMs, state.staffId),
    ];
    return { changes, mails: [{ bookingId: b.bookingId, version, manageUrl: b.next.manageUrl }], answer: { bookingId: b.bookingId, sentTo: b.email } };
  },
};

/** The customer's request: the address, trimmed and in lower case. */
export interface LinkRequestInput {
  email: string;
}

/** A booking of the address whose link still works, as the server read it. */
export type LinkedBooking = Pick<BookingRow, 'status'> & {
  bookingId: string;
  dates: Pick<BookingRow, 'install_date' | 'removal_date'>;
  /** Its current stable token: the hash, whether a row holds it, and its page. */
  tokenHash: string;
  hasRow: boolean;
  manageUrl: string;
};

export interface LinkRequestState {
  /** The address's bookings (any status; decide keeps those with a working link). */
  bookings: readonly LinkedBooking[];
  /** When this address's earlier link e-mails were queued (wall-clock ms, newest first), and the wall clock now. */
  earlierMailsMs: readonly number[];
  wallNowMs: number;
}

/** The one e-mail with the links of `links` (oldest booking first), keyed by the request's wall-clock time (ms). */
export interface LinkRequestMail {
  email: string;
  links: readonly { bookingId: string; manageUrl: string }[];
  atMs: number;
}

const emailSchema = z.string().trim().min(1).max(255).pipe(z.email());

/**
 * Whether another link e-mail may go to an address at `nowMs`, given when its earlier ones were
 * queued (ms, any order): true while fewer than LINK_REQUEST_MAIL_LIMIT fall in the hour before
 * (a time after `nowMs`, the wall clock stepped back, counts as within it).
 */
export function linkRequestMailAllowed(queuedAtMs: readonly number[], nowMs: number): boolean {
  const since = nowMs - LINK_REQUEST_WINDOW_MS;
  return queuedAtMs.filter((t) => t > since).length < LINK_REQUEST_MAIL_LIMIT;
}

export const linkRequestCommand: Command<LinkRequestInput, LinkRequestState, LinkRequestMail, { requested: true }> = {
  name: 'my-booking/send-link',
  parse(body) {
    const parsed = emailSchema.safeParse(body.email);
    return parsed.success ? { ok: true, value: { email: parsed.data.toLowerCase() } } : { ok: false, message: MANAGE_LINK_MESSAGES.emailInvalid };
  },
  idempotency: { by: 'natural', header: 'none', why: 'a repeat sends the same links again, at most LINK_REQUEST_MAIL_LIMIT e-mails an hour per address' },
  decide(state, input, nowMs) {
    const answer = { requested: true as const };
    const live = state.bookings.filter((b) => LINKED_STATUSES.includes(b.status) && linkExpiresAtMs(b.dates) > nowMs);
    // The same answer for an unknown address and over the limit: nothing here says which it was.
    // The limit is about real time passing (the outbox's queued_at), not the business day.
    if (live.length === 0 || !linkRequestMailAllowed(state.earlierMailsMs, state.wallNowMs)) return decided([], answer);
    const expires = (b: LinkedBooking) => pbDate(linkExpiresAtMs(b.dates));
    const rows: Change[] = live.filter((b) => !b.hasRow).map((b) => ({ op: 'create', collection: 'booking_links', fields: { booking: b.bookingId, token_hash: b.tokenHash, expires_at: expires(b) } }));
    return { changes: rows, mails: [{ email: input.email, links: live.map((b) => ({ bookingId: b.bookingId, manageUrl: b.manageUrl })), atMs: state.wallNowMs }], answer };
  },
};
