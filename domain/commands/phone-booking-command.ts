/**
 * The owner's phone booking as a command (docs/decisions/037; the request's rules are
 * domain/booking/schemas.ts and domain/booking/phone-booking.ts): the booking is made from the wizard's request,
 * checked and priced by the server before the transaction; inside it, a slot another booking
 * holds refuses it (409). A deposit taken now confirms it at once (its status from the
 * lifecycle's `deposit_paid`, its `payment_status` from the ledger), with the confirmation,
 * the owner's notice and the deposit's receipt; a link leaves it `pending_payment`, holding its
 * slots while the link lives (the link is made after the commit). The Idempotency-Key is the
 * runner's (request_keys: a replay answers the booking made under it, another request a 422); it
 * is also stored on the booking, whose unique index makes a race harmless. Pure.
 */
import { asBookingStatus, lifecycleOf, transition } from '../booking/lifecycle';
import { parsePhoneDeposit, type PhoneDeposit } from '../booking/phone-booking';
import { parseBookingRequest, type BookingRequest } from '../booking/schemas';
import { decided, pbDate, refuse, type Command, type FieldValue, type Outcome, type Refusal } from './command';

export interface PhoneBookingInput {
  request: BookingRequest;
  deposit: PhoneDeposit;
}

export interface PhoneBookingState {
  /** The request's Idempotency-Key and the SHA-256 of its fingerprint, stored on the booking. */
  key: string;
  fingerprint: string;
  /** A slot another booking holds (the 409), or null. */
  conflict: Refusal | null;
  /** The new booking's id (made by the server's load). */
  freshId: string;
  /** The booking's fields as the server checked and priced them, pending payment, with the hold, the payment mode and who booked it. */
  fields: Record<string, FieldValue>;
}

/** The e-mails of a deposit taken now (each composed with its own manage link). */
export interface PhoneBookingMail {
  bookingId: string;
  which: 'confirmation' | 'owner_notice' | 'deposit_receipt';
}

export interface PhoneBookingAnswer {
  bookingId: string;
}

/** The text whose SHA-256 is the request's fingerprint (unchanged, so stored keys still match). */
export function phoneBookingFingerprintSource(input: PhoneBookingInput): string {
  return JSON.stringify(['phone', input.request, input.deposit]);
}

const str = (v: FieldValue | undefined) => (typeof v === 'string' ? v : '');

export const phoneBookingCommand: Command<PhoneBookingInput, PhoneBookingState, PhoneBookingMail, PhoneBookingAnswer> = {
  name: 'admin-bookings-create',
  parse(body) {
    const parsed = parseBookingRequest(body.bookingData);
    if (!parsed.ok) return parsed;
    const deposit = parsePhoneDeposit(body.deposit);
    if (!deposit.ok) return deposit;
    return { ok: true, value: { request: parsed.value, deposit: deposit.value } };
  },
  idempotency: { by: 'key', header: 'required', fingerprint: phoneBookingFingerprintSource },
  decide(state, input, nowMs): Outcome<PhoneBookingMail, PhoneBookingAnswer> {
    if (state.conflict) return state.conflict;
    const id = state.freshId;
    const answer = { bookingId: id };
    const d = input.deposit;
    if (d.kind === 'link') return decided([{ op: 'create', collection: 'bookings', id, fields: state.fields }], answer);
    const f = state.fields;
    const next = transition(
      lifecycleOf({
        status: asBookingStatus(str(f.status)),
        install_done_at: '',
        removal_done_at: '',
        removal_date: str(f.removal_date),
        removal_time_slot: str(f.removal_time_slot),
        removal_hold: '',
      }),
      { type: 'deposit_received' },
    );
    if (!next.ok) return refuse(409, next.reason);
    const paid: Record<string, FieldValue> = {
      deposit_method: d.method,
      deposit_check_number: d.checkNumber,
      deposit_note: d.note,
      status: next.state.status,
      cancel_reason: next.state.cancelReason,
      deposit_paid_at: pbDate(nowMs),
    };
    // balance_remaining and payment_status follow from the deposit written: the runner derives them (docs/decisions/061).
    return {
      changes: [{ op: 'create', collection: 'bookings', id, fields: { ...f, ...paid } }],
      mails: (['confirmation', 'owner_notice', 'deposit_receipt'] as const).map((which) => ({ bookingId: id, which })),
      answer,
    };
  },
};
