/**
 * What the server reads for the commands that change a booking's visits or cancel it
 * (domain/commands/visit-move-command.ts, booking-cancel-command.ts, add-removal-command.ts),
 * and how a route that calls Stripe around such a command runs it (docs/architecture.md "The
 * path of a command"): the caller's checks and the Stripe call outside any transaction, the
 * command through the runner's `executeCommand`, answered as runCommand answers.
 */
import type { BookingFacts, ChangeTokens } from '@domain/commands/booking-changes';
import type { CancellationMail, CancelTarget } from '@domain/commands/booking-cancel-command';
import { selfServiceBookingOf } from '../bookings/bookings-repo';
import { executeCommand, type ServerCommand } from '../commands/run-command';
import { apiError, badRequest, configuredOrigin } from '../http';
import { cancellationMails } from '../mail/booking-change';
import type { QueuedMail } from '../mail/mail-outbox';
import { openCharges } from '../payments/balance-charges';
import { chargeMoneyRowOf, chargesOfBooking, movementsOfRecords } from '../ledger-records';
import { linkRowOf, liveManageLinkIds, manageUrl, newManageToken } from './manage-links';
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
 * Parses `body` with `sc`'s command (400 with its sentence), for a route that must check its
 * request before a Stripe call and then run the command with runParsedCommand.
 */
export function parseForCommand<I, S, M, A>(sc: ServerCommand<I, S, M, A>, body: Record<string, unknown>): I {
  const parsed = sc.command.parse(body, []);
  if (!parsed.ok) throw badRequest(parsed.message);
  return parsed.value;
}

/**
 * Runs `sc` on the parsed `input` through the runner's one transaction and mail path
 * (run-command.ts executeCommand; no key of the runner's: these commands are naturally
 * idempotent), for `staffId` ('' the customer): its worded answer, or its refusal thrown as the
 * API error. Called outside any transaction, after the route's own checks and Stripe calls.
 */
export function runParsedCommand<I, S, M, A>(sc: ServerCommand<I, S, M, A>, input: I, staffId: string): unknown {
  const run = executeCommand($app, sc, input, { staffId, origin: configuredOrigin($app), fingerprint: '' });
  if (run.kind === 'refused') throw apiError(run.refusal.status, run.refusal.message);
  if (run.kind !== 'answered') throw apiError(500, 'This action could not be completed. Please try again.');
  return run.body;
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
