/**
 * GET /api/fn/visits.ics?token=… (anyone with the link): the 'Add to calendar' button of the
 * booking e-mails (mail/layout.ts). The booking's visits as the e-mails attach them (iTIP REQUEST,
 * domain/mail/ics.ts): the same UIDs at the booking's current SEQUENCE, so opening it after the
 * attachment updates the one event per visit instead of adding another; for a cancelled booking
 * (whose link stays, read-only) a CANCEL of them, as its cancellation e-mail attached. The token
 * is the manage link's (booking-store/manage-links.ts): 404 with the manage page's sentence for a
 * malformed, unknown, expired or revoked one.
 */
import { SELF_SERVICE_MESSAGES } from '@domain/booking/self-service';
import { BUSINESS } from '@domain/business';
import { buildIcs } from '@domain/mail/ics';
import { nowMs } from '../clock';
import { apiError, queryParam } from '../http';
import { bookingForToken } from '../booking-store/manage-links';
import { letterBookingOf, visitEvents, visitInvitation } from '../mail/booking-confirmation';
import { BookingStatus } from '@domain/booking/lifecycle';

export function visitsIcsRoute(e: core.RequestEvent): void {
  const found = bookingForToken($app, queryParam(e, 'token'), nowMs());
  if (!found) throw apiError(404, SELF_SERVICE_MESSAGES.invalidLink);
  const r = found.booking;
  const letter = letterBookingOf(r);
  // Never a REQUEST for visits that were given up: a calendar would add them back.
  const method = r.getString('status') === BookingStatus.Cancelled ? 'CANCEL' : 'REQUEST';
  const ics = buildIcs(visitEvents(r, `${letter.packageTitle}, ${letter.treeSize}`), nowMs(), BUSINESS.name, method, visitInvitation(r));
  e.response.header().set('Cache-Control', 'private, no-store');
  e.response.header().set('Content-Disposition', 'attachment; filename="visits.ics"');
  // The method as a MIME parameter too, as the e-mails' parts carry it (RFC 6047).
  return e.blob(200, `text/calendar; charset=utf-8; method=${method}`, ics);
}
