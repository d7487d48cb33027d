/**
 * POST /api/fn/admin-bookings/move (docs/decisions/036), admin only: the owner moves a
 * booking's installation or removal to another free slot, also from the phone's outbox after
 * it was offline.
 * Header Idempotency-Key (required: the outbox may send it again); body
 * { bookingId, visit: 'install' | 'removal', date: 'YYYY-MM-DD', timeSlot } → 200 { booking }.
 * - The same season rules and overlap check as checkout and the customer's own move
 *   (bookings/visit-move.ts), in one transaction: a slot taken meanwhile is a 409 with its
 *   reason and the booking stays where it was (the outbox sets it aside under 'Needs attention').
 * - The owner is not held to the customer's deadlines (a visit may move the day before).
 * - Moved: `ics_sequence` raised, the manage links revoked, the history written
 *   (`owner_change`), the customer e-mailed the new times with the updated ICS and a new link.
 * - A replay of the key, or a move to where the visit already is, answers the booking as it is
 *   and sends nothing (so an old retry never undoes a later move).
 * Refused: 400 a malformed body or key, a date or slot the season refuses; 404 no such
 * booking; 409 a booking not confirmed, a visit already done, no removal to move, a removal
 * whose payment page is open, the slot taken.
 */
import { OWNERSHIP_MESSAGES } from '@domain/booking-ownership';
import { hasRemovalVisit, SELF_SERVICE_MESSAGES } from '@domain/self-service';
import { addServerEvent } from '../admin/job-events-repo';
import { insertRequestKey, requestKeyTaken } from '../admin/request-keys';
import { requireAdmin, staffIdOf } from '../admin/staff-auth';
import { nowMs } from '../clock';
import { apiError, badRequest, configuredOrigin, idempotencyKeyHeader, readJsonObject, refusableTransaction } from '../http';
import { ownerMovedMail } from '../mail/booking-change';
import { deliverMail, queueMail } from '../mail/mail-outbox';
import { issueManageToken, manageUrl, revokeManageLinks } from '../my-booking/manage-links';
import { selfServiceBookingOf } from './bookings-repo';
import { alreadyThere, movedTo, moveVisit, parseVisitMove } from './visit-move';
import { visitName } from '@domain/slots';

const ROUTE = 'admin-bookings/move';

export const OWNER_MOVE_MESSAGES = {
  notConfirmed: 'Only a confirmed booking can be moved.',
  done: (what: string) => `This ${what} is already done, so it cannot be moved.`,
  noRemoval: 'This booking has no removal to move.',
} as const;

export function ownerMoveRoute(e: core.RequestEvent): void {
  requireAdmin(e);
  const key = idempotencyKeyHeader(e, OWNERSHIP_MESSAGES.idempotencyKeyInvalid);
  const body = readJsonObject(e);
  const bookingId = typeof body.bookingId === 'string' ? body.bookingId.trim() : '';
  if (!bookingId) throw badRequest('Please choose the booking to move.');
  let found: core.Record;
  try {
    found = $app.findRecordById('bookings', bookingId);
  } catch {
    throw apiError(404, 'Booking not found.');
  }
  const move = parseVisitMove(body, found);
  const staffId = staffIdOf(e);
  const origin = configuredOrigin($app);
  const now = nowMs();
  let mailIds: string[] = [];
  refusableTransaction($app, (tx) => {
    if (requestKeyTaken(tx, key)) return;
    const b = tx.findRecordById('bookings', bookingId);
    if (alreadyThere(b, move)) return;
    if (b.getString('status') !== 'confirmed') return { status: 409, message: OWNER_MOVE_MESSAGES.notConfirmed };
    if (b.getString(`${move.visit}_done_at`)) return { status: 409, message: OWNER_MOVE_MESSAGES.done(visitName(move.visit)) };
    if (move.visit === 'removal' && b.getString('removal_hold')) return { status: 409, message: SELF_SERVICE_MESSAGES.removalPaymentOpen };
    if (move.visit === 'removal' && !hasRemovalVisit(selfServiceBookingOf(b))) return { status: 409, message: OWNER_MOVE_MESSAGES.noRemoval };
    const moved = moveVisit(tx, b, move, now);
    if ('status' in moved) return moved;
    insertRequestKey(tx, { key, route: ROUTE, fingerprint: $security.sha256(JSON.stringify([ROUTE, bookingId, move.visit, move.date, move.slot.id])) }, { bookingId });
    revokeManageLinks(tx, b.id, now);
    addServerEvent(tx, {
      booking: b.id,
      kind: 'owner_change',
      text: `Moved the ${visitName(move.visit)} from ${moved.before} to ${movedTo(move)}.`,
      clientId: `owner_${$security.randomString(20)}`,
      staffId,
      at: now,
    });
    mailIds = ownerMovedMail(b, move.visit, manageUrl(origin, issueManageToken(tx, b))).map((m) => queueMail(tx, m));
  });
  deliverMail($app, mailIds);
  return e.json(200, { booking: $app.findRecordById('bookings', bookingId) });
}
