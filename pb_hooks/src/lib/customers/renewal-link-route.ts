/**
 * The renewal e-mail's 'Reserve my week again' link (domain/customers/renewals.ts; the token is
 * bookings/renewal-tokens.ts renewalToken, only its SHA-256 stored in `renewals.token_hash`), bound to
 * the customer it was sent to (docs/decisions/058):
 * - GET /api/fn/renewal?token=… (anyone; a per-IP limit for guests, pb_migrations/1732000810)
 *   → 200 the wizard's prefill (renewals.ts RenewalPrefill: name, email, phone, address,
 *   packageSlug, treeSize, addons { id: quantity }, luxeFinish, removalRequested, extraTree,
 *   keepOrnaments, installDate, installSlot, removalDate, removalSlot ('' when none proposed),
 *   season, earlyBird { until, label } | null) with `contactMasked: true`: the name, e-mail,
 *   phone and address masked (renewals.ts maskedContact), so whoever holds the link learns none
 *   of them.
 * - POST /api/fn/renewal { token, email } (anyone; 10 per 10 minutes per IP for guests,
 *   pb_migrations/1732000950) → 200 the same prefill with the contact in full and
 *   `contactMasked: false` when `email` is the address the renewal was sent to (trimmed,
 *   case-insensitive); 400 RENEWAL_LINK_MESSAGES.emailMissing without one, 403 `wrongEmail`
 *   for another.
 * - Both: 404 'This link is not valid.' for a malformed or unknown token, a season whose
 *   installations are over, or a booking since deleted; 410 renewalEndedMessage once the
 *   season's "Public booking opens" date has come (the link's early booking is over; a season
 *   without that date has no early booking to end, and its link lives until the installations end).
 * - The checkout takes the token too (`renewalToken` beside `bookingData`, renewalForCheckout
 *   and useRenewal of bookings/checkout-renewal.ts): before "Public booking opens" it opens the season to the renewal's own
 *   customer only (the checkout's e-mail is the renewal's), once: the booking made with it is
 *   recorded in `renewals.used_by` in the checkout's transaction, and a second checkout is
 *   refused while that booking is live (renewals.ts renewalCheckoutRefusal).
 */
import { customerKey } from '@domain/customers/customer-key';
import { maskedContact, RENEWAL_LINK_MESSAGES, renewalEndedMessage, renewalLinkEnded, renewalPrefill } from '@domain/customers/renewals';
import type { SeasonRecord } from '@domain/schedule/seasons';
import { today } from '../clock';
import { apiError, queryParam } from '../http';
import { bodyAsIs, runRead, type ServerRead } from '../commands/run-command';
import { loadSeasonRecords } from '../settings';
import { renewalForToken } from '../bookings/checkout-renewal';
import { bookingFieldsOf } from '../booking-row';

/** The one answer for every kind of dead link. */
export const RENEWAL_LINK_INVALID = RENEWAL_LINK_MESSAGES.invalid;

/** The renewal `token` opens today, its season and the booking it was made from; throws the 404 or the 410. */
function openRenewal(token: unknown): { row: core.Record; season: SeasonRecord; booking: core.Record } {
  const row = renewalForToken($app, token);
  if (!row) throw apiError(404, RENEWAL_LINK_INVALID);
  const t = today();
  const season = loadSeasonRecords($app).find((s) => s.year === row.getInt('season'));
  if (!season || t > season.install.end) throw apiError(404, RENEWAL_LINK_INVALID);
  if (renewalLinkEnded(t, season)) throw apiError(410, renewalEndedMessage(season.year));
  try {
    return { row, season, booking: $app.findRecordById('bookings', row.getString('booking')) };
  } catch {
    throw apiError(404, RENEWAL_LINK_INVALID);
  }
}

/** The prefill of the renewal `o`, its contact masked or in full. */
function prefillOf(o: ReturnType<typeof openRenewal>, masked: boolean) {
  const { row, season, booking: b } = o;
  const full = { name: b.getString('customer_name'), email: b.getString('customer_email'), phone: b.getString('customer_phone'), address: b.getString('customer_address') };
  const last = bookingFieldsOf(b, ['package_type', 'tree_size', 'selected_addons', 'luxe_finish', 'removal_service', 'extra_tree', 'keep_ornaments']);
  const proposal = {
    installDate: row.getString('proposed_install_date'),
    installSlot: row.getString('proposed_install_slot'),
    removalDate: row.getString('proposed_removal_date'),
    removalSlot: row.getString('proposed_removal_slot'),
  };
  return { ...renewalPrefill(masked ? maskedContact(full) : full, last, proposal, season, today()), contactMasked: masked };
}

export function renewalLinkRoute(e: core.RequestEvent): void {
  return e.json(200, prefillOf(openRenewal(queryParam(e, 'token')), true));
}

/** POST /api/fn/renewal's read (run-command.ts runRead): the token first (404, 410), then the e-mail (400 missing, 403 another). */
export const renewalUnlockRead: ServerRead<Record<string, unknown>> = {
  path: '/api/fn/renewal',
  parse: bodyAsIs,
  answer(_app, body) {
    const opened = openRenewal(body.token);
    const email = typeof body.email === 'string' ? customerKey(body.email) : '';
    if (!email) throw apiError(400, RENEWAL_LINK_MESSAGES.emailMissing);
    if (!$security.equal(email, opened.row.getString('email_key'))) throw apiError(403, RENEWAL_LINK_MESSAGES.wrongEmail);
    return prefillOf(opened, false);
  },
};

export function renewalUnlockRoute(e: core.RequestEvent): void {
  runRead(e, renewalUnlockRead);
}
