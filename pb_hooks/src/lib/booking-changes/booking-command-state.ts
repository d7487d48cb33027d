/**
 * What the server reads for the commands that change a booking's visits or cancel it
 * (domain/commands/visit-move-command.ts, booking-cancel-command.ts, add-removal-command.ts).
 * A route that calls Stripe around such a command is declared for the runner's outside-call
 * path (lib/commands/run-outside-call.ts; docs/architecture.md "The path of a command").
 */
import type { BookingFacts, ChangeTokens } from '@domain/commands/booking-changes';
import type { CancellationMail, CancelTarget } from '@domain/commands/booking-cancel-command';
import { selfServiceBookingOf } from '../booking-store/bookings-repo';
import { configuredOrigin } from '../http';
import { cancellationMails } from '../mail/booking-change';
import type { QueuedMail } from '../mail/mail-outbox';
import { openCharges } from '../ledger/balance-charges';
import { chargeMoneyRowOf, chargesOfBooking, movementsOfRecords } from '../ledger-records';
import { linkRowOf, liveManageLinkIds, manageUrl, newManageToken } from '../booking-store/manage-links';
import { bookingField, bookingFieldsOf } from '../booking-row';

/** Booking record `r` as the commands read it. */
export function bookingFactsOf(r: core.Record): BookingFacts {
  return { ...selfServiceBookingOf(r), ...bookingFieldsOf(r, ['tree_size', 'ics_sequence', 'cancel_reason']) };
}

/**
 * Inside the transaction: booking `bookingId`'s links in force, its stable token (the hash, the
 * row holding it if any, and its page on the configured origin, as every manage link is sent;
 * manage-links.ts) and a history line's client id with `prefix` ('customer' or 'owner').
 */
export function changeTokensFor(tx: CoreApp, bookingId: string, prefix: 'customer' | 'owner'): ChangeTokens {
  const { token, tokenHash } = newManageToken(tx, tx.findRecordById('bookings', bookingId));
  return {
    liveLinkIds: liveManageLinkIds(tx, bookingId),
    tokenHash,
    manageUrl: manageUrl(configuredOrigin(tx), token),
    stableLinkId: linkRowOf(tx, tokenHash)?.id ?? '',
    historyClientId: `${prefix}_${$security.randomString(20)}`,
  };
}

/**
 * Inside the transaction: what a cancel reads of booking record `r` (domain/commands/
 * booking-cancel-command.ts CancelTarget): its facts, its money as the ledger reads it
 * (lib/ledger-records.ts), its open charges, its live links and a history line's client
 * id with `prefix`.
 */
export function cancelTargetOf(tx: CoreApp, r: core.Record, prefix: 'customer' | 'owner'): CancelTarget {
  const charges = chargesOfBooking(tx, r.id);
  return {
    booking: bookingFactsOf(r),
    money: {
      movements: movementsOfRecords(r, charges),
      totalCents: bookingField(r, 'total_price'),
      depositCents: bookingField(r, 'deposit_amount'),
      charges: charges.map(chargeMoneyRowOf),
    },
    openCharges: openCharges(tx, r.id).length,
    tokens: { liveLinkIds: liveManageLinkIds(tx, r.id), historyClientId: `${prefix}_${$security.randomString(20)}` },
  };
}

/** The cancellation e-mail `m` describes (lib/mail/booking-change.ts cancellationMails), composed from the booking as cancelled. */
export function cancellationMail(tx: CoreApp, m: CancellationMail): QueuedMail {
  const letters = cancellationMails(tx.findRecordById('bookings', m.bookingId), false);
  // The customer's letter first, then the owner's notice.
  const letter = letters[m.to === 'customer' ? 0 : 1];
  if (!letter) throw new Error(`no ${m.to} cancellation e-mail`);
  return letter;
}
