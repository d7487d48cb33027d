/**
 * Scratch (docs/architecture.md "Adding an offline action", reverted): a booking flagged for
 * follow-up, a line added to its admin note once. Pure.
 */
import { decided, refuse, type Command } from './command';

export interface ScratchFlagInput {
  bookingId: string;
}
export interface ScratchFlagState {
  booking: { id: string; notes: string } | null;
}
export interface ScratchFlagAnswer {
  bookingId: string;
  flagged: boolean;
}

export const scratchFlagCommand: Command<ScratchFlagInput, ScratchFlagState, never, ScratchFlagAnswer> = {
  name: 'scratch-flag',
  parse: (body) => (typeof body.bookingId === 'string' && body.bookingId ? { ok: true, value: { bookingId: body.bookingId } } : { ok: false, message: 'Choose a booking.' }),
  idempotency: { by: 'natural', header: 'none', why: 'a flagged booking is not flagged again' },
  decide(state) {
    const b = state.booking;
    if (!b) return refuse(404, 'This booking no longer exists.');
    if (b.notes.includes('[follow up]')) return decided([], { bookingId: b.id, flagged: false });
    return decided([{ op: 'update', collection: 'bookings', id: b.id, fields: { admin_notes: `${b.notes}\n[follow up]`.trim() } }], { bookingId: b.id, flagged: true });
  },
};
