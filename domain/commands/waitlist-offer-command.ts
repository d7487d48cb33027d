/**
 * One waitlist offer: one entry, one slot (the waitlist contract; domain/waitlist/waitlist.ts).
 * Run by the offers job and the freeing paths for each planned offer (`by` 'job', the first free
 * slot of the entry's size), and by the owner's POST /api/fn/admin-waitlist/offer (`by` 'owner',
 * the slot they chose). Inside the transaction the entry must still be 'waiting' and the slot
 * still free of every booking, hold and open offer of the date for the crews, outside the
 * notice, so an offer is made once whatever runs at the same time (the partial unique index of
 * one open offer per entry refuses a second at the same instant). The offer is written with
 * its token's hash and held until min(now + offer window, visit start − notice); the entry
 * becomes 'offered'; the offer e-mail ('Book it', 'No thanks') is queued under the offer's id.
 * Pure.
 */
import type { ParseResult } from '../contact-schema';
import type { BookingSchedule } from '../schedule/overlap';
import { findSlot, parseSlotId } from '../schedule/slots';
import { slotHasConflict } from '../schedule/overlap';
import { freeSlotFor, offerExpiry, WAITLIST_MESSAGES as M, type WaitingEntry } from '../waitlist/waitlist';
import { waitlistTransition } from '../waitlist/waitlist-status';
import { pbDate, refuse, type Change, type Command, whenFound } from './command';

export interface WaitlistOfferInput {
  entryId: string;
  /** The slot to offer ('' for the first free one of the entry's size). */
  slotId: string;
  by: 'job' | 'owner';
}

export interface WaitlistOfferState {
  entry: WaitingEntry | null;
  /** Bookings, holds and open offers of the entry's date, read in the transaction. */
  schedules: BookingSchedule[];
  crews: number;
  /** The owner's offer window (hours). */
  offerHours: number;
  /** The new offer's id and its token's SHA-256 (made by the server). */
  newOfferId: string;
  tokenHash: string;
}

export interface WaitlistOfferMail {
  kind: 'offer';
  offerId: string;
}

export interface WaitlistOfferAnswer {
  entryId: string;
  offerId: string;
}

/** Checks the owner's { entry, slot }. */
export function parseOwnerOffer(body: Record<string, unknown>): ParseResult<WaitlistOfferInput> {
  const entryId = typeof body.entry === 'string' ? body.entry.trim() : '';
  const slotId = typeof body.slot === 'string' ? body.slot.trim() : '';
  if (!entryId || !parseSlotId(slotId)) return { ok: false, message: 'Please choose the person on the waitlist and a time.' };
  return { ok: true, value: { entryId, slotId, by: 'owner' } };
}

export const waitlistOfferCommand: Command<WaitlistOfferInput, WaitlistOfferState, WaitlistOfferMail, WaitlistOfferAnswer> = {
  name: 'waitlist-offer',
  parse: (body) => parseOwnerOffer(body),
  idempotency: { by: 'natural', header: 'required', why: 'an entry offered already is no longer waiting: a second offer is refused' },
  decide: whenFound('entry', M.entryNotFound, (e, state, input, nowMs) => {
    const t = waitlistTransition({ entry: e.status, offer: null }, 'offer');
    if (!t.ok || !t.offer) return refuse(409, M.entryNotWaiting);
    let chosen: { slotId: string; expiresAt: number } | null = null;
    if (input.slotId) {
      const slot = findSlot(e.size, e.date, e.kind, input.slotId, e.closingHours);
      const expiresAt = slot ? offerExpiry(e.date, slot, nowMs, e.noticeHours, state.offerHours) : null;
      const others = e.bookingId ? state.schedules.filter((s) => s.id !== e.bookingId) : state.schedules;
      if (slot && expiresAt !== null && !slotHasConflict(e.date, slot, others, nowMs, state.crews)) chosen = { slotId: slot.id, expiresAt };
    } else {
      const free = freeSlotFor(e, state.schedules, nowMs, state.offerHours, state.crews);
      if (free) chosen = { slotId: free.slot.id, expiresAt: free.expiresAt };
    }
    if (!chosen) return refuse(409, M.slotNotFree);
    const changes: Change[] = [
      {
        op: 'create',
        collection: 'waitlist_offers',
        id: state.newOfferId,
        fields: {
          entry: e.id,
          date: e.date,
          kind: e.kind,
          time_slot: chosen.slotId,
          tree_size: e.size,
          offered_at: pbDate(nowMs),
          expires_at: pbDate(chosen.expiresAt),
          status: t.offer,
          token_hash: state.tokenHash,
          by: input.by,
        },
      },
      { op: 'update', collection: 'waitlist_entries', id: e.id, fields: { status: t.entry } },
    ];
    return {
      changes,
      mails: [{ kind: 'offer', offerId: state.newOfferId }],
      answer: { entryId: e.id, offerId: state.newOfferId },
    };
  }),
};
