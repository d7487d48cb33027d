/**
 * Sending a booking's manage link again (docs/decisions/027; the rules are
 * domain/commands/manage-link-commands.ts), both on the command runner (lib/commands/run-command.ts):
 * - POST /api/fn/admin-bookings/send-link { bookingId }, admin only, header Idempotency-Key →
 *   200 { sent: true, email }: the owner's "Send a fresh link" from the booking's details. The
 *   booking's `link_version` rises, its links in force are revoked (the old token stops working
 *   at once) and the customer is e-mailed the new link. 404 no such booking; 409 a booking not
 *   confirmed yet (no link) or without an e-mail address.
 * - POST /api/fn/my-booking/send-link { email } → 200 { message } with the same sentence for
 *   a known and an unknown address: one e-mail with the link of each of the address's bookings
 *   whose link still works, at most LINK_REQUEST_MAIL_LIMIT an hour per address (counted from
 *   its `manage_link_request` rows in mail_log, inside the transaction that queues the next),
 *   and a per-IP limit for guests (pb_migrations/1732000200_stable_manage_links.js, 429). The
 *   e-mail is queued, not sent before the answer (the deliver-mail job sends it within a
 *   minute), so the answer takes the same time whether it mailed or not. 400 a malformed address.
 */
import {
  freshLinkCommand,
  LINK_REQUEST_MAIL_LIMIT,
  linkRequestCommand,
  MANAGE_LINK_MESSAGES,
  type FreshLinkAnswer,
  type FreshLinkInput,
  type FreshLinkMail,
  type FreshLinkState,
  type LinkedBooking,
  type LinkRequestInput,
  type LinkRequestMail,
  type LinkRequestState,
} from '@domain/commands/manage-link-commands';
import { parseTimestamp } from '@domain/schedule/calendar';
import { runCommand, type ServerCommand } from '../commands/run-command';
import { configuredOrigin } from '../http';
import { admitAnonymousRecipient } from '../anonymous-recipients';
import { nowMs } from '../clock';
import { freshLinkMail, LINK_REQUEST_KIND, requestedLinksMail } from './link-mail';
import { linkRowOf, liveManageLinkIds, manageUrl, newManageToken, stableManageToken } from '../booking-store/manage-links';
import { bookingField, bookingFieldsOf } from '../booking-row';
import { findRecord } from '../records';

/** The owner's fresh link: the booking, its links in force and the token of its next version. */
export const freshLink: ServerCommand<FreshLinkInput, FreshLinkState, FreshLinkMail, FreshLinkAnswer> = {
  command: freshLinkCommand,
  path: '/api/fn/admin-bookings/send-link',
  load(tx, input, ctx) {
    const r = findRecord(tx, 'bookings', input.bookingId);
    if (!r) return { found: null, staffId: ctx.staffId };
    const version = r.getInt('link_version');
    const token = stableManageToken(tx, r.id, version + 1);
    return {
      found: {
        bookingId: r.id,
        status: bookingField(r, 'status'),
        email: bookingField(r, 'customer_email'),
        linkVersion: version,
        dates: bookingFieldsOf(r, ['install_date', 'removal_date']),
        liveLinkIds: liveManageLinkIds(tx, r.id),
        // Links are sent on the configured origin, as every manage link is (manage-links.ts).
        next: { tokenHash: $security.sha256(token), manageUrl: manageUrl(configuredOrigin(tx), token) },
        historyClientId: `owner_${$security.randomString(20)}`,
      },
      staffId: ctx.staffId,
    };
  },
  composeMail: (tx, m) => freshLinkMail(tx.findRecordById('bookings', m.bookingId), m),
  respond: (_app, a) => ({ sent: true, email: a.sentTo }),
};

export function freshLinkRoute(e: core.RequestEvent): void {
  runCommand(e, freshLink);
}

/** The bookings of `email` (any case), oldest installation first, with their current stable tokens. */
function bookingsOfEmail(tx: CoreApp, email: string): LinkedBooking[] {
  // `~` is LIKE (any case, and `_` a wildcard): the exact address is checked below.
  const rows = tx.findRecordsByFilter('bookings', 'customer_email ~ {:e}', 'install_date', 50, 0, { e: email } as unknown as dbx.Params);
  const origin = configuredOrigin(tx);
  return rows
    .filter((r) => r!.getString('customer_email').trim().toLowerCase() === email)
    .map((r) => {
      const { token, tokenHash } = newManageToken(tx, r!);
      return {
        bookingId: r!.id,
        status: bookingField(r!, 'status'),
        dates: bookingFieldsOf(r!, ['install_date', 'removal_date']),
        tokenHash,
        hasRow: linkRowOf(tx, tokenHash) !== null,
        manageUrl: manageUrl(origin, token),
      };
    });
}

/** When the latest link e-mails to `email` were queued (ms, newest first). */
function earlierLinkMails(tx: CoreApp, email: string): number[] {
  const rows = tx.findRecordsByFilter('mail_log', 'kind = {:kind} && to = {:to}', '-queued_at', LINK_REQUEST_MAIL_LIMIT, 0, { kind: LINK_REQUEST_KIND, to: email } as unknown as dbx.Params);
  return rows.map((r) => parseTimestamp(r!.getString('queued_at')));
}

/**
 * The customer's "E-mail me my link" from connection `clientIp` (e.realIP()): at most 3
 * different addresses an hour per connection across the anonymous forms
 * (anonymous-recipients.ts; 429 OWNERSHIP_MESSAGES.tooManyAddresses, the same for any address, booked or not).
 */
export const linkRequestFrom = (clientIp: string): ServerCommand<LinkRequestInput, LinkRequestState, LinkRequestMail, { requested: true }> => ({
  command: linkRequestCommand,
  path: '/api/fn/my-booking/send-link',
  // The outbox's queued_at is wall-clock time (mail-outbox.ts), so the limit counts by it too.
  load: (tx, input) => {
    admitAnonymousRecipient(tx, clientIp, input.email, nowMs());
    return { bookings: bookingsOfEmail(tx, input.email), earlierMailsMs: earlierLinkMails(tx, input.email), wallNowMs: Date.now() };
  },
  composeMail: (tx, m) =>
    requestedLinksMail(
      m.links.map((l) => tx.findRecordById('bookings', l.bookingId)),
      m,
    ),
  respond: () => ({ message: MANAGE_LINK_MESSAGES.requested }),
  deliver: 'by-job',
});

export function myBookingSendLinkRoute(e: core.RequestEvent): void {
  runCommand(e, linkRequestFrom(e.realIP()));
}
