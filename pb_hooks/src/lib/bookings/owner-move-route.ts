/**
 * POST /api/fn/admin-bookings/move (docs/decisions/036), admin only: the owner moves a
 * booking's installation or removal to another free slot, also from the phone's outbox after
 * it was offline. On the command runner (lib/commands/run-command.ts); the rule is
 * domain/commands/visit-move-command.ts ownerMoveCommand.
 * Header Idempotency-Key (required: the outbox may send it again); body
 * { bookingId, visit: 'install' | 'removal', date: 'YYYY-MM-DD', timeSlot } → 200 { booking }.
 * - The same season rules and overlap check as checkout and the customer's own move, in one
 *   transaction: a slot taken meanwhile is a 409 with its reason and the booking stays where it
 *   was (the outbox sets it aside under 'Needs attention').
 * - The owner is not held to the customer's deadlines (a visit may move the day before).
 * - Moved: `ics_sequence` raised, the manage links revoked, the history written
 *   (`owner_change`), the customer e-mailed the new times with the updated ICS and a new link.
 * - A replay of the key, or a move to where the visit already is, answers the booking as it is
 *   and sends nothing (so an old retry never undoes a later move); the key with another request
 *   is a 422.
 * Refused: 400 a malformed body or key, a date or slot the season refuses; 404 no such
 * booking; 409 a booking not confirmed, a visit already done, no removal to move, a removal
 * whose payment page is open, the slot taken.
 */
import { ownerMoveCommand, type MoveAnswer, type OwnerMoveInput, type OwnerMoveState, type VisitMovedMail } from '@domain/commands/visit-move-command';
import type { ServerCommand } from '../commands/run-command';
import { bookingFactsOf } from '../booking-changes/booking-command-state';
import { findBooking } from '../booking-store/bookings-repo';
import { freeMovedVisit, loadMoveWorld, visitMovedMail } from '../booking-changes/visit-move';

/**
 * The owner's move on the runner, keyed by its Idempotency-Key in the runner's one store
 * (lib/admin/request-keys.ts; docs/decisions/061): a replay answers the booking as it is now.
 */
export const ownerMove: ServerCommand<OwnerMoveInput, OwnerMoveState, VisitMovedMail, MoveAnswer> = {
  command: ownerMoveCommand,
  path: '/api/fn/admin-bookings/move',
  caller: 'admin',
  load(tx, input, ctx) {
    const r = findBooking(tx, input.bookingId);
    const found = r ? { booking: bookingFactsOf(r), world: loadMoveWorld(tx, r, input, 'owner') } : null;
    return { found, staffId: ctx.staffId };
  },
  composeMail: visitMovedMail,
  respond: (app, a) => ({ booking: app.findRecordById('bookings', a.bookingId) }),
  reword: (app, stored) => ({ booking: app.findRecordById('bookings', String(stored.bookingId)) }),
  afterCommit: freeMovedVisit,
};
