/**
 * Accepting a waitlist offer (the waitlist contract). Two ways, both in one transaction with the
 * change they make, so two accepts of one offer end with one booking:
 * - a new booking: the checkout (create-checkout-command.ts) checks the offer with
 *   `offerAcceptProblem` and writes `acceptOfferChanges` with the new booking;
 * - a move (the entry waits to move a booking's visit): POST /api/fn/waitlist/accept-move runs
 *   the customer's move (visit-move-command.ts customerMoveCommand, its notice and deadline
 *   rules) onto the offered slot, its own offer left out of the overlap, and the offer is
 *   accepted with it.
 * Pure.
 */
import type { TreeSize } from '../catalog';
import type { VisitKind } from '../schedule/slots';
import { WAITLIST_MESSAGES as M, type OfferState } from '../waitlist/waitlist';
import { EntryStatus, OfferStatus, waitlistTransition } from '../waitlist/waitlist-status';
import { isRefusal, refuse, type Change, type Command, type Refusal } from './command';
import { customerMoveCommand, type CustomerMoveState, type MoveAnswer, type VisitMovedMail } from './visit-move-command';
import { parseTokenBody } from './waitlist-leave-command';

/** An offer as its acceptance reads it. `movingBookingId`: the entry's booking ('' for a new booking). */
export interface OfferToAccept extends OfferState {
  kind: VisitKind;
  slotId: string;
  size: string;
  movingBookingId: string;
}

/** The visit a request asks for: its kind, date, slot and the tree's size. */
export interface AskedVisit {
  kind: VisitKind;
  date: string;
  slotId: string;
  size: TreeSize | string;
}

/**
 * Why offer `o` cannot be accepted at `nowMs` for `asked` (a 404 for no offer; 409 ended,
 * expired, or not the offered time), or null. `forMove`: accepted by moving its entry's booking.
 */
export function offerAcceptProblem(o: OfferToAccept | null, asked: AskedVisit | null, nowMs: number, forMove: boolean): Refusal | null {
  if (!o) return refuse(404, M.badToken);
  if (o.status === OfferStatus.Expired || (o.status === OfferStatus.Open && o.expiresAtMs <= nowMs)) return refuse(409, M.expired);
  if (o.status !== OfferStatus.Open) return refuse(409, M.ended);
  if (!forMove && o.movingBookingId) return refuse(409, M.movedOffer);
  if (asked && (asked.kind !== o.kind || asked.date !== o.date || asked.slotId !== o.slotId || asked.size !== o.size)) return refuse(409, M.notYours);
  return null;
}

/**
 * The writes of accepting offer `o` with booking `bookingId`: the offer accepted, its entry
 * booked (waitlistTransition 'accept'). None for an offer no longer open: callers ask
 * `offerAcceptProblem` first, which refuses it.
 */
export function acceptOfferChanges(o: OfferToAccept, bookingId: string): Change[] {
  const t = waitlistTransition({ entry: EntryStatus.Offered, offer: o.status }, 'accept');
  if (!t.ok || !t.offer) return [];
  return [
    { op: 'update', collection: 'waitlist_offers', id: o.id, fields: { status: t.offer, booking: bookingId } },
    { op: 'update', collection: 'waitlist_entries', id: o.entryId, fields: { status: t.entry } },
  ];
}

export interface AcceptMoveState {
  offer: OfferToAccept | null;
  /** The customer's move of the entry's booking to the offered slot, as the move reads it (its own offer left out of `others`). */
  move: CustomerMoveState | null;
  /** The booking's manage token (the move's input). */
  bookingToken: string;
}

/** The moved booking, and the date its visit left (its slot there is free for the next in line). */
export type AcceptMoveAnswer = MoveAnswer & { freedDate: string };

export const waitlistAcceptMoveCommand: Command<{ token: string }, AcceptMoveState, VisitMovedMail, AcceptMoveAnswer> = {
  name: 'waitlist-accept-move',
  parse: (body) => parseTokenBody(body, M.badToken),
  idempotency: { by: 'natural', header: 'none', why: 'an offer accepted is no longer open: a second accept is refused' },
  decide(state, _input, nowMs) {
    const o = state.offer;
    const problem = offerAcceptProblem(o, null, nowMs, true);
    if (problem) return problem;
    if (!o!.movingBookingId || !state.move) return refuse(409, M.ended);
    const moved = customerMoveCommand.decide(state.move, { token: state.bookingToken, visit: o!.kind, date: o!.date, timeSlot: o!.slotId, from: null }, nowMs);
    if (isRefusal(moved)) return moved;
    const b = state.move.found?.booking;
    const freedDate = b ? (o!.kind === 'install' ? b.install_date : b.removal_date) : '';
    return { ...moved, changes: [...moved.changes, ...acceptOfferChanges(o!, o!.movingBookingId)], answer: { ...moved.answer, freedDate } };
  },
};
