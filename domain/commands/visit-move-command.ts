/**
 * Moving one visit of a booking to another date and slot, as two commands: the customer's
 * through the manage link (`my-booking/move`, docs/decisions/027) and the owner's from the
 * admin (`admin-bookings/move`, docs/decisions/036). Both apply the season's rules for the
 * visit (domain/booking/visit-move.ts moveDateProblem), the slots offered for the tree size and the
 * overlap check on the bookings the server read in the same transaction, so two moves onto one
 * free slot end with one owner; the visit may move only where `transition` (visit_moved,
 * domain/booking/lifecycle.ts) allows. A move raises `ics_sequence`, renews the manage links,
 * writes the history and e-mails the customer (and, for the customer's own move, the owner).
 * The customer is held to the policy's deadlines (domain/booking/self-service.ts); the owner is not.
 * Pure.
 */
import { BookingStatus, LIFECYCLE_MESSAGES, transition, NO_SUCH_BOOKING } from '../booking/lifecycle';
import { formatLongDate, type Ymd } from '../schedule/calendar';
import { isTreeSize } from '../catalog';
import { slotHasConflict, type BookingSchedule } from '../schedule/overlap';
import type { DateContext } from '../schedule/season';
import { fromOf, isStaleFrom, SELF_SERVICE_MESSAGES as M, selfServiceOptions, visitChangeDeadlineMs, visitStartMs, type VisitAt } from '../booking/self-service';
import { insideNotice, noticeRefusal } from '../schedule/notice';
import { slotOpenForTravel } from '../schedule/overlap';
import type { TravelCheck } from '../schedule/travel-buffer';
import { findSlot, formatSlotRange, visitName, type TimeSlot } from '../schedule/slots';
import { moveDateProblem } from '../booking/visit-move';
import { decided, refuse, type Change, type Command, type Decision, type Refusal } from './command';
import { historyLine, lifecycleOfFacts, linksFollowVisits, type BookingFacts, type ChangeTokens } from './booking-changes';

export type Visit = 'install' | 'removal';

export const OWNER_MOVE_MESSAGES = {
  missing: 'Please choose the booking to move.',
  notFound: NO_SUCH_BOOKING,
  notConfirmed: 'Only a confirmed booking can be moved.',
  done: (what: string) => `This ${what} is already done, so it cannot be moved.`,
  noRemoval: 'This booking has no removal to move.',
} as const;

/** A move as sent: `visit`, `date` ('YYYY-MM-DD', New York) and `timeSlot` ('9-15'), checked by decide against the booking. */
export interface MoveRequest {
  visit: string;
  date: string;
  timeSlot: string;
}

/** A move the season allows: the visit, the date and the slot offered on it. */
export interface CheckedMove {
  visit: Visit;
  date: Ymd;
  slot: TimeSlot;
}

/** What the server reads for any move, in its transaction. */
export interface MoveWorld {
  /** Today, the booking's season and the blocked days (settings.ts loadBookingDateContext). */
  dateContext: DateContext;
  /** The other bookings with a visit on the requested date (not cancelled), and the crews. */
  others: readonly BookingSchedule[];
  crews: number;
  tokens: ChangeTokens;
}

/** The answer: the booking moved (or left where it is); the server words it from the record. */
export interface MoveAnswer {
  bookingId: string;
}

/** An e-mail about a moved visit, composed by the server from the booking as changed. */
export interface VisitMovedMail {
  bookingId: string;
  visit: Visit;
  /** The old time as a sentence; `who` moved it; `to` the customer or the owner's notice. */
  before: string;
  who: 'customer' | 'owner';
  to: 'customer' | 'owner';
  manageUrl: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The move fields of a request body (as strings; decide checks them against the booking). */
export function moveRequestOf(body: Record<string, unknown>): MoveRequest {
  return { visit: text(body.visit), date: text(body.date), timeSlot: text(body.timeSlot) };
}

/**
 * The move `req` of booking `b` under `ctx`, or a 400: an unknown visit, a date the season
 * refuses for it (or an installation on or after the removal), a slot not offered that day for
 * the tree size.
 */
export function checkMove(b: BookingFacts, req: MoveRequest, ctx: DateContext): CheckedMove | Refusal {
  const visit = req.visit;
  if (visit !== 'install' && visit !== 'removal') return refuse(400, M.badVisit);
  const problem = moveDateProblem(visit, req.date, { install_date: b.install_date, removal_date: b.removal_date }, ctx);
  if (problem) return refuse(400, problem);
  const slot = isTreeSize(b.tree_size) ? findSlot(b.tree_size, req.date, visit, req.timeSlot, ctx.season.closingHours) : null;
  if (!slot) return refuse(400, `That ${visitName(visit)} time slot is not offered on this date. Please choose another slot.`);
  return { visit, date: req.date, slot };
}

const isRefusalOf = (v: CheckedMove | Refusal): v is Refusal => 'status' in v;

/** Whether `b`'s visit is already at the move's date and slot. */
export function alreadyThere(b: BookingFacts, move: CheckedMove): boolean {
  return (move.visit === 'install' ? b.install_date : b.removal_date) === move.date && (move.visit === 'install' ? b.install_time_slot : b.removal_time_slot) === move.slot.id;
}

/** A visit's time as a sentence ('Friday, December 4, 2026, 9 AM - 3 PM'). */
export const visitTime = (date: string, slotId: string): string => `${formatLongDate(date)}, ${formatSlotRange(slotId)}`;

/**
 * The writes of move `move` of booking `b` (already allowed), or 409 when another booking
 * holds the slot at `nowMs`: the visit's date and slot, the status `transition` answered, the
 * calendar SEQUENCE raised, the links following the visits; with the old time for the history and e-mail.
 */
function moveChanges(b: BookingFacts, move: CheckedMove, status: BookingStatus, world: MoveWorld, nowMs: number): { changes: Change[]; before: string } | Refusal {
  if (slotHasConflict(move.date, move.slot, world.others, nowMs, world.crews)) return refuse(409, M.slotTaken);
  const before = move.visit === 'install' ? visitTime(b.install_date, b.install_time_slot) : visitTime(b.removal_date, b.removal_time_slot);
  const moved = { install_date: b.install_date, removal_date: b.removal_date, [`${move.visit}_date`]: move.date };
  return {
    before,
    changes: [
      { op: 'update', collection: 'bookings', id: b.id, fields: { status, [`${move.visit}_date`]: move.date, [`${move.visit}_time_slot`]: move.slot.id, ics_sequence: b.ics_sequence + 1 } },
      ...linksFollowVisits(b.id, world.tokens, moved),
    ],
  };
}

/**
 * The customer's move: { token, visit, date, timeSlot, from? }, `from` the visit's date and slot
 * as the page showed them (self-service.ts fromOf): null when the request names none (accepted,
 * for a page opened before pages sent it); a `from` that is there but malformed ('garbage', a
 * date not 'YYYY-MM-DD') is refused by `parse` with a 400 and the sentence
 * SELF_SERVICE_MESSAGES.badFrom, before the link is even read.
 */
export interface CustomerMoveInput extends MoveRequest {
  token: string;
  from: VisitAt | null;
}

/** The date and slot of `b`'s `visit` now (both '' for a removal it does not have). */
export function visitAtOf(b: BookingFacts, visit: Visit): VisitAt {
  return visit === 'install' ? { date: b.install_date, timeSlot: b.install_time_slot } : { date: b.removal_hold ? '' : b.removal_date, timeSlot: b.removal_hold ? '' : b.removal_time_slot };
}

export interface CustomerMoveState {
  /** The booking the token opens now and what the move reads, or null for a dead link (manage-links.ts bookingForToken). */
  found: { booking: BookingFacts; world: MoveWorld } | null;
  /** The owner's minimum notice before a visit of the booking's package, hours (docs/decisions/052). */
  noticeHours: number;
  /** The booking's ZIP, the owner's travel buffer and the centroids (domain/schedule/travel-buffer.ts); null to skip. */
  travel: TravelCheck | null;
}

export const customerMoveCommand: Command<CustomerMoveInput, CustomerMoveState, VisitMovedMail, MoveAnswer> = {
  name: 'my-booking/move',
  parse: (body) => {
    const from = fromOf(body);
    return from.ok ? { ok: true, value: { token: text(body.token).trim(), ...moveRequestOf(body), from: from.value } } : from;
  },
  idempotency: { by: 'natural', header: 'none', why: 'the request names the time it moves the visit from, so a replay after the move is refused; a move to where the visit already is is refused too' },
  decide(state, input, nowMs) {
    if (!state.found) return refuse(404, M.invalidLink);
    const { booking: b, world } = state.found;
    const move = checkMove(b, input, world.dateContext);
    if (isRefusalOf(move)) return move;
    // The link outlives the change (docs/decisions/027), so a stale page or a request sent again must not move the visit again.
    if (isStaleFrom(input.from, visitAtOf(b, move.visit))) return refuse(409, M.staleRequest);
    const options = selfServiceOptions(b, nowMs);
    if (!(move.visit === 'install' ? options.moveInstall : options.moveRemoval)) return refuse(409, M.moveClosed);
    if (alreadyThere(b, move)) return refuse(409, M.sameSlot);
    // The new time has its own deadline: no move onto a visit the rules would already lock.
    if (nowMs >= visitChangeDeadlineMs(move.visit, visitStartMs(move.date, move.slot.id), options.changeWindowEndsAtMs)) {
      return refuse(409, move.visit === 'install' ? M.installTooSoon : M.removalTooSoon);
    }
    // A new time keeps the package's minimum notice too, as a new booking does (docs/decisions/052).
    if (insideNotice(move.date, move.slot.startHour * 60, nowMs, state.noticeHours)) return refuse(409, noticeRefusal(move.visit === 'install' ? 'installation' : 'removal', state.noticeHours));
    // ... and the drive from or to another visit that day, as the wizard's times are (docs/decisions/052).
    // (A slot another booking overlaps is refused as taken, below.)
    if (state.travel && !slotHasConflict(move.date, move.slot, world.others, nowMs, world.crews) && !slotOpenForTravel(move.date, move.slot, world.others, nowMs, world.crews, state.travel)) {
      return refuse(409, `That ${visitName(move.visit)} time leaves too little time to drive between our visits nearby. Please choose another time.`);
    }
    const next = transition(lifecycleOfFacts(b), { type: 'visit_moved', visit: move.visit });
    if (!next.ok) return refuse(409, M.moveClosed);
    const made = moveChanges(b, move, next.state.status, world, nowMs);
    if ('status' in made) return made;
    const mail = { bookingId: b.id, visit: move.visit, before: made.before, who: 'customer' as const, manageUrl: world.tokens.manageUrl };
    return {
      changes: [
        ...made.changes,
        historyLine(b.id, 'customer_change', `The customer moved the ${visitName(move.visit)} from ${made.before} to ${visitTime(move.date, move.slot.id)}.`, world.tokens.historyClientId, nowMs),
      ],
      mails: [
        { ...mail, to: 'customer' },
        { ...mail, to: 'owner' },
      ],
      answer: { bookingId: b.id },
    };
  },
};

/** The owner's move: { bookingId, visit, date, timeSlot }. */
export interface OwnerMoveInput extends MoveRequest {
  bookingId: string;
}

/** The text whose SHA-256 is the owner's move's fingerprint, as the route has always stored it. */
export function ownerMoveFingerprint(input: { bookingId: string; visit: string; date: string; timeSlot: string }): string {
  return JSON.stringify(['admin-bookings/move', input.bookingId, input.visit, input.date, input.timeSlot]);
}

export interface OwnerMoveState {
  /** The booking and what the move reads, or null when no booking has the id. */
  found: { booking: BookingFacts; world: MoveWorld } | null;
  staffId: string;
}

export const ownerMoveCommand: Command<OwnerMoveInput, OwnerMoveState, VisitMovedMail, MoveAnswer> = {
  name: 'admin-bookings/move',
  parse(body) {
    const bookingId = text(body.bookingId).trim();
    if (!bookingId) return { ok: false, message: OWNER_MOVE_MESSAGES.missing };
    return { ok: true, value: { bookingId, ...moveRequestOf(body) } };
  },
  // Keyed in the runner's one store (docs/decisions/061): a replay changes nothing, and the
  // server words it as the booking is now (owner-move-route.ts `reword`), so an old retry neither
  // undoes a later move nor shows the booking as it was (docs/decisions/036).
  idempotency: { by: 'key', header: 'required', fingerprint: ownerMoveFingerprint },
  decide(state, input, nowMs) {
    if (!state.found) return refuse(404, OWNER_MOVE_MESSAGES.notFound);
    const { booking: b, world } = state.found;
    const move = checkMove(b, input, world.dateContext);
    if (isRefusalOf(move)) return move;
    const answer = { bookingId: b.id };
    // A move to where the visit is changes nothing (a retry after a later move must not undo it).
    if (alreadyThere(b, move)) return decided([], answer);
    const next = transition(lifecycleOfFacts(b), { type: 'visit_moved', visit: move.visit });
    if (!next.ok) {
      if (b.status !== BookingStatus.Confirmed) return refuse(409, OWNER_MOVE_MESSAGES.notConfirmed);
      if (next.reason === LIFECYCLE_MESSAGES.visitDone) return refuse(409, OWNER_MOVE_MESSAGES.done(visitName(move.visit)));
      return refuse(409, b.removal_hold ? M.removalPaymentOpen : OWNER_MOVE_MESSAGES.noRemoval);
    }
    const made = moveChanges(b, move, next.state.status, world, nowMs);
    if ('status' in made) return made;
    const decision: Decision<VisitMovedMail, MoveAnswer> = {
      changes: [
        ...made.changes,
        historyLine(b.id, 'owner_change', `Moved the ${visitName(move.visit)} from ${made.before} to ${visitTime(move.date, move.slot.id)}.`, world.tokens.historyClientId, nowMs, state.staffId),
      ],
      mails: [{ bookingId: b.id, visit: move.visit, before: made.before, who: 'owner', to: 'customer', manageUrl: world.tokens.manageUrl }],
      answer,
    };
    return decision;
  },
};
