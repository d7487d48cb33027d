/**
 * `charge.dispute.created` as a command (docs/decisions/021; docs/architecture.md "The path of
 * a command"): the customer's bank disputes a payment. The booking that payment belongs to (its
 * deposit, or one of its charges) is flagged 'Disputed' (`dispute_id`, `disputed_at`) and the
 * owner is e-mailed, together; the same dispute again changes nothing and e-mails no one
 * (naturally idempotent). The booking's status does not change: a dispute is money's, not the
 * lifecycle's (the ledger counts it as an open dispute). Pure.
 */
import type { ParseResult } from '../contact-schema';
import { decided, pbDate, type Command } from './command';

/** The dispute as Stripe tells it (cents). */
export interface DisputeInput {
  disputeId: string;
  amountCents: number;
  reason: string;
  paymentIntentId: string;
}

export interface DisputeState {
  /** The booking whose deposit or charge was the disputed PaymentIntent, or null. */
  booking: { id: string; disputeId: string } | null;
}

/** The owner's notice of dispute `input` on booking `bookingId`. */
export interface DisputeMail {
  bookingId: string;
  dispute: DisputeInput;
}

/** `found` false when no booking has the payment (the server logs it). */
export interface DisputeAnswer {
  found: boolean;
}

/** Checks { disputeId, paymentIntentId, amountCents?, reason? }. */
export function parseDispute(body: Record<string, unknown>): ParseResult<DisputeInput> {
  const disputeId = typeof body.disputeId === 'string' ? body.disputeId : '';
  const paymentIntentId = typeof body.paymentIntentId === 'string' ? body.paymentIntentId : '';
  if (!disputeId || !paymentIntentId) return { ok: false, message: 'The dispute names no payment.' };
  const amountCents = typeof body.amountCents === 'number' && Number.isInteger(body.amountCents) && body.amountCents > 0 ? body.amountCents : 0;
  return { ok: true, value: { disputeId, paymentIntentId, amountCents, reason: typeof body.reason === 'string' ? body.reason : '' } };
}

export const disputeCommand: Command<DisputeInput, DisputeState, DisputeMail, DisputeAnswer> = {
  name: 'stripe-dispute',
  parse: (body) => parseDispute(body),
  idempotency: { by: 'natural', header: 'none', why: 'a booking already flagged with the dispute changes nothing and mails no one' },
  decide(state, input, nowMs) {
    const b = state.booking;
    if (!b) return decided([], { found: false });
    if (b.disputeId === input.disputeId) return decided([], { found: true });
    return {
      changes: [{ op: 'update', collection: 'bookings', id: b.id, fields: { dispute_id: input.disputeId, disputed_at: pbDate(nowMs) } }],
      mails: [{ bookingId: b.id, dispute: input }],
      answer: { found: true },
    };
  },
};
