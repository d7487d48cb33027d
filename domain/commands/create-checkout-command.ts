/**
 * A website checkout's hold, as a command (docs/product.md §7; docs/architecture.md readings
 * 4–6 and 15, "The path of a command"; docs/decisions/010, 045). The server checks and prices
 * the request before the transaction (the distance may call out) and, inside it, reads whether
 * the caller's unpaid holds reach their cap, the same wizard's active holds, and the schedules
 * of the visits' dates. The optional Idempotency-Key is the runner's (request_keys: the same key
 * answers its booking, another request under it is a 422; also stored on the booking, whose
 * unique index makes a race harmless). This decides:
 * - 429 when the caller holds too many unpaid checkouts;
 * - the wizard's earlier holds are let go (`transition` 'hold_ended', `replaced`), so a customer
 *   who goes back and pays again never blocks their own slot;
 * - 409 when a visit starts inside the package's minimum notice (domain/schedule/notice.ts);
 * - 409 when a slot is taken by another active booking (nothing is written: the customer keeps
 *   their earlier hold);
 * - 409 when the drive between the visit and another visit that day does not fit in the time
 *   between them plus the owner's buffer (domain/schedule/travel-buffer.ts), naming the times
 *   of that day that fit: the wizard asks for the address below the time slots, so the hold is
 *   where this is sure to be checked;
 * - else the booking is created, waiting for its deposit (`pending_payment`, its
 *   `payment_status` as the ledger reads it), with its hold.
 * The Stripe Checkout Session is asked for after the commit (new-booking.ts checkoutLink). Pure.
 */
import { OWNERSHIP_MESSAGES, isWizardId } from '../booking/ownership';
import { lifecycleOf, transition } from '../booking/lifecycle';
import type { ParseResult } from '../contact-schema';
import { slotChoices, slotHasConflict, slotOpenForTravel, type BookingSchedule } from '../schedule/overlap';
import { insideNotice, noticeRefusal } from '../schedule/notice';
import type { TravelCheck } from '../schedule/travel-buffer';
import { parseBookingRequest, type BookingRequest } from '../booking/schemas';
import type { ClosingHours, TimeSlot, VisitKind } from '../schedule/slots';
import type { PaymentBookingRow } from './booking-money';
import { decided, refuse, type Change, type Command, type FieldValue } from './command';
import { acceptOfferChanges, offerAcceptProblem, type OfferToAccept } from './waitlist-accept-command';

/** What the server checked and priced before the transaction, and the request's own keys. */
export interface PreparedCheckout {
  /** The Idempotency-Key header ('' when none) and the SHA-256 of the checked request. */
  key: string;
  fingerprint: string;
  visits: { install: TimeSlot; removal: TimeSlot | null };
  crews: number;
  /** The package's minimum notice in hours (domain/schedule/notice.ts visitNoticeHours). */
  noticeHours: number;
  /** The address's ZIP, the owner's buffer and the centroids; null to skip the travel check. */
  travel: TravelCheck | null;
  /** The booking's season's closing hours (domain/schedule/slots.ts closingHour); the pattern when absent. */
  closingHours?: ClosingHours | undefined;
  /** The new booking's fields (new-booking.ts bookingFields, with its payment mode, hold and keys). */
  fields: Record<string, FieldValue>;
}

export interface CreateCheckoutInput {
  request: BookingRequest;
  /** The wizard's id ('' when none): a newer checkout from it replaces its earlier holds. */
  wizardId: string;
  /** Set by the server before the transaction; null straight from parse. */
  prepared: PreparedCheckout | null;
  /** A waitlist offer's token ('' when none): the booking takes the slot that offer holds (the waitlist contract). */
  waitlistOffer?: string;
}

export interface CreateCheckoutState {
  capReached: boolean;
  /** The wizard's active unpaid holds. */
  wizardHolds: (PaymentBookingRow & { payment_mode: string; checkout_session_id: string })[];
  /** Non-cancelled bookings with a visit on the request's dates (the overlap check's reading). */
  schedules: BookingSchedule[];
  /** The new booking's id (made by the server). */
  newId: string;
  /** The waitlist offer the request's token opens (null: none; absent when the request names none). */
  offer?: OfferToAccept | null;
}

/** The checkout's booking; `replacedSessions` the Stripe sessions of the holds it replaced, to expire after the commit. */
export interface CreateCheckoutAnswer {
  bookingId: string;
  replacedSessions: string[];
}

/** Checks the body: the booking request (under `bookingData`, or the body itself) and an optional wizard id. */
export function parseCreateCheckout(body: Record<string, unknown>): ParseResult<CreateCheckoutInput> {
  const wizardId = typeof body.wizardId === 'string' ? body.wizardId.trim() : '';
  if (body.wizardId !== undefined && body.wizardId !== null && !isWizardId(wizardId)) return { ok: false, message: OWNERSHIP_MESSAGES.wizardIdInvalid };
  const parsed = parseBookingRequest('bookingData' in body ? body.bookingData : body);
  if (!parsed.ok) return parsed;
  const waitlistOffer = typeof body.waitlistOffer === 'string' ? body.waitlistOffer.trim() : '';
  return { ok: true, value: { request: parsed.value, wizardId, prepared: null, waitlistOffer } };
}

/** The visit of `request` that another active booking holds ('installation' first), or null. */
function takenVisit(request: BookingRequest, p: PreparedCheckout, others: readonly BookingSchedule[], nowMs: number): 'installation' | 'removal' | null {
  if (slotHasConflict(request.installDate, p.visits.install, others, nowMs, p.crews)) return 'installation';
  if (p.visits.removal && request.removalDate && slotHasConflict(request.removalDate, p.visits.removal, others, nowMs, p.crews)) return 'removal';
  return null;
}

/** The visits of `request` as [kind, name, date, slot], installation first. */
function visitsOf(request: BookingRequest, p: PreparedCheckout): [VisitKind, 'installation' | 'removal', string, TimeSlot][] {
  const out: [VisitKind, 'installation' | 'removal', string, TimeSlot][] = [['install', 'installation', request.installDate, p.visits.install]];
  if (p.visits.removal && request.removalDate) out.push(['removal', 'removal', request.removalDate, p.visits.removal]);
  return out;
}

/**
 * The refusal (409) of a visit the drive from or to another visit that day leaves no time
 * for, naming the times of that day that fit (domain/schedule/overlap.ts slotChoices with the
 * customer's rules), or null when every visit fits.
 */
function travelRefusal(request: BookingRequest, p: PreparedCheckout, others: readonly BookingSchedule[], nowMs: number): { status: number; message: string } | null {
  if (!p.travel) return null;
  for (const [kind, name, date, slot] of visitsOf(request, p)) {
    // The asked slot alone first: the day's other times are worked out only to name them in a refusal.
    if (slotOpenForTravel(date, slot, others, nowMs, p.crews, p.travel)) continue;
    const choices = slotChoices(request.treeSize, date, kind, others, nowMs, p.crews, { noticeHours: p.noticeHours, travel: p.travel, closingHours: p.closingHours });
    if (choices.some((c) => c.id === slot.id && c.available)) continue;
    const fit = choices.filter((c) => c.available).map((c) => c.time);
    const then = fit.length > 0 ? `Times that fit that day: ${fit.join(', ')}.` : 'No other time that day fits; please choose another day.';
    return { status: 409, message: `That ${name} time leaves too little time to drive between our visits nearby. ${then}` };
  }
  return null;
}

export const createCheckoutCommand: Command<CreateCheckoutInput, CreateCheckoutState, never, CreateCheckoutAnswer> = {
  name: 'create-booking-checkout',
  parse: (body) => parseCreateCheckout(body),
  // The fingerprint's text is the request as before the store held the key, so stored keys still match.
  idempotency: { by: 'key', header: 'optional', fingerprint: (input) => JSON.stringify(input.request) },
  decide(state, input, nowMs) {
    const p = input.prepared;
    // Our mistake, never the caller's: the server prepares every checkout before deciding it.
    if (!p) return refuse(500, 'This action could not be completed. Please try again.');
    if (state.capReached) return refuse(429, OWNERSHIP_MESSAGES.tooManyHolds);
    // The customer's rule (docs/product.md §5): the owner books inside the notice from the admin.
    for (const [, name, date, slot] of visitsOf(input.request, p)) {
      if (insideNotice(date, slot.startHour * 60, nowMs, p.noticeHours)) return refuse(409, noticeRefusal(name, p.noticeHours));
    }

    const changes: Change[] = [];
    const replaced = new Set<string>();
    const replacedSessions: string[] = [];
    for (const h of state.wizardHolds) {
      const next = transition(lifecycleOf(h), { type: 'hold_ended', reason: 'replaced' });
      if (!next.ok) continue;
      replaced.add(h.id);
      changes.push({ op: 'update', collection: 'bookings', id: h.id, fields: { status: next.state.status, cancel_reason: next.state.cancelReason } });
      if (h.payment_mode === 'stripe' && h.checkout_session_id) replacedSessions.push(h.checkout_session_id);
    }
    // A waitlist offer: open, unexpired and for this very visit; its own hold is not in the way (the waitlist contract).
    const offer = input.waitlistOffer ? (state.offer ?? null) : null;
    if (input.waitlistOffer) {
      const r = input.request;
      const removalAsked = !!offer && offer.kind === 'removal';
      const asked = removalAsked
        ? { kind: 'removal' as const, date: r.removalDate ?? '', slotId: p.visits.removal?.id ?? '', size: r.treeSize }
        : { kind: 'install' as const, date: r.installDate, slotId: p.visits.install.id, size: r.treeSize };
      const problem = offerAcceptProblem(offer, asked, nowMs, false);
      if (problem) return problem;
    }
    const others = state.schedules.filter((s) => (!s.id || !replaced.has(s.id)) && (!offer || s.id !== `offer:${offer.id}`));
    const taken = takenVisit(input.request, p, others, nowMs);
    // A refusal writes nothing: the customer keeps their earlier hold.
    if (taken) return refuse(409, `That ${taken} time slot was just booked by someone else. Please choose another slot.`);
    const tooFar = travelRefusal(input.request, p, others, nowMs);
    if (tooFar) return refuse(tooFar.status, tooFar.message);

    // Its balance_remaining and payment_status are derived from its ledger where it is written (docs/decisions/061).
    changes.push({ op: 'create', collection: 'bookings', id: state.newId, fields: p.fields });
    if (offer) changes.push(...acceptOfferChanges(offer, state.newId));
    return decided(changes, { bookingId: state.newId, replacedSessions });
  },
};
