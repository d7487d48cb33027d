/**
 * The customer adds the optional removal they skipped at booking, through the manage link
 * (`my-booking/add-removal`, docs/decisions/029), on a free removal slot whose own deadline has
 * not passed (domain/booking/self-service.ts). Its price (pricing.ts removalAdditionCents, from the
 * stored choices) decides the path:
 * - free (an upgrade includes it): booked at once (`transition` removal_added): the removal
 *   becomes part of the booking, the calendar SEQUENCE rises, the links follow the visits, the history
 *   written and both sides e-mailed;
 * - priced: the booking holds the date and slot (`transition` removal_held) for a new `removal`
 *   charge, written pending in the same transaction as the overlap check (two customers onto
 *   one slot: one owner); the server then opens its Checkout page outside the transaction, and
 *   paying it books the removal (charge-outcome-command.ts, run by lib/payments/charge-outcome.ts).
 * A page already open for the held removal is the answer again. Pure.
 */
import { transition } from '../booking/lifecycle';
import { isTreeSize, type TreeSize } from '../catalog';
import { formatCents } from '../money/cents';
import { slotHasConflict } from '../schedule/overlap';
import { removalAdditionCents, type BookingChoices } from '../money/pricing';
import { removalDateProblem } from '../schedule/season';
import { fromOf, isStaleFrom, SELF_SERVICE_MESSAGES as M, selfServiceOptions, visitChangeDeadlineMs, visitStartMs, type VisitAt } from '../booking/self-service';
import { findSlot } from '../schedule/slots';
import { decided, pbDate, refuse, type Change, type Command, type FieldValue, whenFound } from './command';
import { historyLine, lifecycleOfFacts, linksFollowVisits, type BookingFacts } from './booking-changes';
import { visitAtOf, visitTime, type MoveWorld } from './visit-move-command';
import { ChargeStatus } from '../money/charge-lifecycle';

export const ADD_REMOVAL_MESSAGES = {
  slot: 'That removal time slot is not offered on this date. Please choose another slot.',
} as const;

export interface AddRemovalInput {
  token: string;
  /** 'YYYY-MM-DD' in New York, and the slot ('9-15'), checked by decide. */
  date: string;
  timeSlot: string;
  /** The removal as the page showed it (both '' when none was booked), or null when the request names none. */
  from: VisitAt | null;
}

/** What the server reads of the booking the token opens, in the transaction. */
export interface AddRemovalTarget {
  booking: BookingFacts;
  /** The stored choices as pricing reads them (null: a package or size no longer sold). */
  choices: BookingChoices | null;
  /** The Checkout page already open for the held removal ('' none). */
  openUrl: string;
  /** Charges in flight or waiting on their page (balance-charges.ts openCharges). */
  openCharges: number;
  /** The season, the other bookings on the date, the crews and the change's tokens (booking-changes/visit-move.ts loadMoveWorld). */
  world: MoveWorld;
  /** The charge a priced removal would write: its new id, the attempt's number (the booking's charges + 1) and its fingerprint's SHA-256. */
  newCharge: { id: string; attempt: number; fingerprint: string };
}

export interface AddRemovalState {
  /** null for a dead link (manage-links.ts bookingForToken). */
  found: AddRemovalTarget | null;
}

/** The answer: a page already open, the removal booked (free), or held for the new charge's page. */
export type AddRemovalAnswer = { kind: 'open'; url: string } | { kind: 'added'; bookingId: string } | { kind: 'held'; bookingId: string; chargeId: string };

/** An e-mail about the removal booked (lib/mail/booking-change.ts removalAddedMails): the customer's letter or the owner's notice. */
export interface RemovalAddedMail {
  bookingId: string;
  paidCents: number;
  manageUrl: string;
  to: 'customer' | 'owner';
}

/** The text whose SHA-256 is a removal charge's fingerprint, as the route has always stored it. */
export function removalChargeFingerprint(bookingId: string, date: string, slotId: string): string {
  return JSON.stringify(['removal', bookingId, date, slotId]);
}

/**
 * The booking's fields once the removal it holds is booked, for `paidCents` (0: free): part of
 * the booking, no longer held, the calendar SEQUENCE raised; a paid one adds its price to the
 * total (`totalCents`) and a line to `priceLines` (its balance unchanged: it is paid).
 */
export function removalBookedFields(icsSequence: number, paidCents: number, totalCents: number, priceLines: readonly unknown[]): Record<string, FieldValue> {
  const fields: Record<string, FieldValue> = { removal_service: true, removal_hold: '', ics_sequence: icsSequence + 1 };
  if (paidCents > 0) {
    fields.total_price = totalCents + paidCents;
    fields.price_lines = [...priceLines, { code: 'removal-added', label: 'Removal service (added after booking)', amountCents: paidCents }];
  }
  return fields;
}

/** The history line of a removal booked on `date` at `slotId` for `paidCents`. */
export function removalAddedHistory(date: string, slotId: string, paidCents: number): string {
  return `The customer added the removal on ${visitTime(date, slotId)} (${paidCents > 0 ? `paid ${formatCents(paidCents)}` : 'no charge'}).`;
}

export const addRemovalCommand: Command<AddRemovalInput, AddRemovalState, RemovalAddedMail, AddRemovalAnswer> = {
  name: 'my-booking/add-removal',
  parse: (body) => {
    const from = fromOf(body);
    if (!from.ok) return from;
    return {
      ok: true,
      value: {
        token: typeof body.token === 'string' ? body.token.trim() : '',
        date: typeof body.date === 'string' ? body.date : '',
        timeSlot: typeof body.timeSlot === 'string' ? body.timeSlot : '',
        from: from.value,
      },
    };
  },
  idempotency: { by: 'natural', header: 'none', why: 'a removal booked or held cannot be added again: the open page is answered again, a booked one refused' },
  decide: whenFound('found', M.invalidLink, (t, state, input, nowMs) => {
    const b = t.booking;
    if (t.openUrl) return decided([], { kind: 'open', url: t.openUrl });
    // A removal booked since the page was opened (or this request sent again) is not added twice (docs/decisions/027).
    if (isStaleFrom(input.from, visitAtOf(b, 'removal'))) return refuse(409, M.staleRequest);
    const cents = t.choices ? removalAdditionCents(t.choices) : null;
    if (cents === null) return refuse(409, M.removalClosed);
    const problem = removalDateProblem(input.date, b.install_date, t.world.dateContext);
    if (problem) return refuse(400, problem);
    const slot = isTreeSize(b.tree_size) ? findSlot(b.tree_size as TreeSize, input.date, 'removal', input.timeSlot, t.world.dateContext.season.closingHours) : null;
    if (!slot) return refuse(400, ADD_REMOVAL_MESSAGES.slot);

    const options = selfServiceOptions(b, nowMs);
    if (!options.addRemoval) return refuse(409, M.removalClosed);
    if (b.removal_hold || t.openCharges > 0) return refuse(409, M.removalPaymentOpen);
    if (nowMs >= visitChangeDeadlineMs('removal', visitStartMs(input.date, slot.id), options.changeWindowEndsAtMs)) return refuse(409, M.removalTooSoon);
    if (slotHasConflict(input.date, slot, t.world.others, nowMs, t.world.crews)) return refuse(409, M.slotTaken);
    const next = transition(lifecycleOfFacts(b), { type: cents === 0 ? 'removal_added' : 'removal_held' });
    if (!next.ok) return refuse(409, M.removalClosed);
    const when = { status: next.state.status, removal_date: input.date, removal_time_slot: slot.id };

    if (cents === 0) {
      const mail = { bookingId: b.id, paidCents: 0, manageUrl: t.world.tokens.manageUrl };
      return {
        changes: [
          { op: 'update', collection: 'bookings', id: b.id, fields: { ...when, ...removalBookedFields(b.ics_sequence, 0, 0, []) } },
          ...linksFollowVisits(b.id, t.world.tokens, { install_date: b.install_date, removal_date: input.date }),
          historyLine(b.id, 'customer_change', removalAddedHistory(input.date, slot.id, 0), t.world.tokens.historyClientId, nowMs),
        ],
        mails: [
          { ...mail, to: 'customer' },
          { ...mail, to: 'owner' },
        ],
        answer: { kind: 'added', bookingId: b.id },
      };
    }
    const charge: Change = {
      op: 'create',
      collection: 'charges',
      id: t.newCharge.id,
      fields: {
        booking: b.id,
        kind: 'removal',
        amount: cents,
        balance_amount: 0,
        damages_amount: 0,
        damage_lines: [],
        description: 'Removal service',
        // One removal payment at a time per booking (checked above), so the count numbers the attempt.
        idempotency_key: `customer-removal-${b.id}-${t.newCharge.attempt}`,
        request_fingerprint: t.newCharge.fingerprint,
        status: ChargeStatus.Pending,
        attempted_at: pbDate(nowMs),
        requested_at: pbDate(nowMs),
        created_by: '',
      },
    };
    // The charge first: the hold names it.
    return decided([charge, { op: 'update', collection: 'bookings', id: b.id, fields: { ...when, removal_hold: t.newCharge.id } }], { kind: 'held', bookingId: b.id, chargeId: t.newCharge.id });
  }),
};
