/**
 * What the server reads, inside the move's transaction, for moving one visit of a booking: the
 * customer's (my-booking/my-booking-routes.ts, docs/decisions/027) and the owner's
 * (bookings/owner-move-route.ts, docs/decisions/036). The rule is
 * domain/commands/visit-move-command.ts: the same season rules as checkout and the same
 * overlap check on the bookings read here, so two moves onto one free slot end with one owner.
 */
import type { MoveRequest, MoveWorld, VisitMovedMail } from '@domain/commands/visit-move-command';
import type { BookingFacts } from '@domain/commands/booking-changes';
import type { QueuedMail } from '../mail/mail-outbox';
import { slotsFreed } from '../freed-slots';
import { ownerMovedMail, visitMovedMails } from '../mail/booking-change';
import { changeTokensFor } from './booking-command-state';
import { loadBookingDateContext, loadCrews } from '../settings';
import { bookingsOnDates } from '../booking-store/bookings-repo';
import { bookingField } from '../booking-row';

/**
 * The season of booking `b`, the other bookings on the requested date (read in `tx`, the
 * booking itself left out), the crews, and the tokens of the change (history `prefix`).
 */
export function loadMoveWorld(tx: CoreApp, b: core.Record, req: MoveRequest, prefix: 'customer' | 'owner'): MoveWorld {
  return {
    dateContext: loadBookingDateContext(tx, bookingField(b, 'install_date')),
    others: req.date ? bookingsOnDates(tx, [req.date]).filter((o) => o.id !== b.id) : [],
    crews: loadCrews(tx),
    tokens: changeTokensFor(tx, b.id, prefix),
  };
}

/** The e-mail `m` describes, composed from the booking as moved (lib/mail/booking-change.ts). */
export function visitMovedMail(tx: CoreApp, m: VisitMovedMail): QueuedMail {
  const r = tx.findRecordById('bookings', m.bookingId);
  const letters = m.who === 'owner' ? ownerMovedMail(r, m.visit, m.manageUrl) : visitMovedMails(r, m.visit, m.before, m.manageUrl);
  // The customer's letter first, then the owner's notice (booking-change.ts visitChangeMails).
  const letter = letters[m.to === 'customer' ? 0 : 1];
  if (!letter) throw new Error(`no ${m.to} e-mail for a visit moved by the ${m.who}`);
  return letter;
}

/**
 * A move's step after its commit (run-command.ts `afterCommit`, docs/decisions/064): the dates
 * the booking held before the move (`YYYY-MM-DD`, from the state its transaction loaded) go to
 * the people waiting for those days (lib/freed-slots.ts). Best effort: the every-minute
 * waitlist job catches up on anything missed.
 */
export function freeMovedVisit(app: CoreApp, state: { found: { booking: Pick<BookingFacts, 'install_date' | 'removal_date'> } | null }): void {
  if (state.found) slotsFreed(app, [state.found.booking.install_date, state.found.booking.removal_date]);
}
