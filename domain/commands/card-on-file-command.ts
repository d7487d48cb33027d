/**
 * The card on file of a booking, as a command (docs/decisions/013; docs/architecture.md "The
 * path of a command"): when a balance or damages charge is paid by card (its payment link or
 * its PaymentIntent), the card's brand and last 4 digits are stored on the booking, so the
 * owner's damages dialog names the card it would charge. A card Stripe did not name changes
 * nothing (the fields stay as they are: a payment never fails for want of them); the same card
 * again changes nothing (naturally idempotent). Pure.
 */
import type { ParseResult } from '../contact-schema';
import { decided, type Command } from './command';

export interface CardOnFileInput {
  bookingId: string;
  /** As Stripe names it ('visa', …); '' when unknown. */
  cardBrand: string;
  /** 4 digits; '' when unknown. */
  cardLast4: string;
}

export interface CardOnFileState {
  booking: { id: string; cardBrand: string; cardLast4: string } | null;
}

export interface CardOnFileAnswer {
  stored: boolean;
}

/** Checks { bookingId, cardBrand, cardLast4 } (a last4 of other than 4 digits is unknown). */
export function parseCardOnFile(body: Record<string, unknown>): ParseResult<CardOnFileInput> {
  const bookingId = typeof body.bookingId === 'string' ? body.bookingId.trim() : '';
  if (!bookingId) return { ok: false, message: 'Please choose the booking.' };
  const last4 = typeof body.cardLast4 === 'string' && /^\d{4}$/.test(body.cardLast4) ? body.cardLast4 : '';
  const brand = typeof body.cardBrand === 'string' ? body.cardBrand.trim().slice(0, 40) : '';
  return { ok: true, value: { bookingId, cardBrand: brand, cardLast4: last4 } };
}

export const cardOnFileCommand: Command<CardOnFileInput, CardOnFileState, never, CardOnFileAnswer> = {
  name: 'card-on-file',
  parse: (body) => parseCardOnFile(body),
  idempotency: { by: 'natural', header: 'none', why: 'storing the same card again changes nothing' },
  decide(state, input) {
    const b = state.booking;
    const known = !!input.cardBrand && /^\d{4}$/.test(input.cardLast4);
    if (!b || !known || (b.cardBrand === input.cardBrand && b.cardLast4 === input.cardLast4)) return decided([], { stored: false });
    return decided([{ op: 'update', collection: 'bookings', id: b.id, fields: { card_brand: input.cardBrand, card_last4: input.cardLast4 } }], { stored: true });
  },
};
