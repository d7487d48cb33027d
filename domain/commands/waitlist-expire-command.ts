/**
 * The end of an open waitlist offer by the offers job (the waitlist contract): past its
 * `expires_at` it becomes 'expired' and its entry 'expired' (they let it pass; their slot goes to
 * the next in line); when its slot was taken another way (a lower count of crews, a blocked
 * day, a booking written over it) it becomes 'ended', its entry goes back to 'waiting' with its
 * place in line, and the customer is told the time is no longer available. An offer no longer
 * open, or open and still held, changes nothing. Pure.
 */
import { EntryStatus, OfferStatus, offerIsOpen, waitlistTransition, type WaitlistTransition } from '../waitlist/waitlist-status';
import { decided, isRefusal, type Change, type Command, type Outcome } from './command';
import type { OfferState } from '../waitlist/waitlist';

export interface WaitlistExpireInput {
  offerId: string;
}

export interface WaitlistExpireState {
  offer: OfferState | null;
  /** Whether the offer's slot is full without it (other bookings, holds and offers fill the crews). */
  takenOtherwise: boolean;
}

export interface WaitlistEndedMail {
  kind: 'ended';
  offerId: string;
}

export interface WaitlistExpireAnswer {
  offerId: string;
  outcome: typeof OfferStatus.Expired | typeof OfferStatus.Ended | 'none';
  date: string;
}

export const waitlistExpireCommand: Command<WaitlistExpireInput, WaitlistExpireState, WaitlistEndedMail, WaitlistExpireAnswer> = {
  name: 'waitlist-expire-offer',
  parse: (body) => (typeof body.offerId === 'string' && body.offerId ? { ok: true, value: { offerId: body.offerId } } : { ok: false, message: 'No offer.' }),
  idempotency: { by: 'natural', header: 'none', why: 'an offer no longer open changes nothing' },
  decide(state, _input, nowMs) {
    const o = state.offer;
    if (!o || !offerIsOpen(o)) return decided([], { offerId: o?.id ?? '', outcome: 'none', date: o?.date ?? '' });
    if (o.expiresAtMs <= nowMs) {
      const t = waitlistTransition({ entry: EntryStatus.Offered, offer: o.status }, 'expire');
      return decided(offerEndChanges(o, t), { offerId: o.id, outcome: OfferStatus.Expired, date: o.date });
    }
    if (!state.takenOtherwise) return decided([], { offerId: o.id, outcome: 'none', date: o.date });
    return {
      changes: offerEndChanges(o, waitlistTransition({ entry: EntryStatus.Offered, offer: o.status }, 'slot_taken')),
      mails: [{ kind: 'ended', offerId: o.id }],
      answer: { offerId: o.id, outcome: OfferStatus.Ended, date: o.date },
    };
  },
};

/**
 * The writes of an open offer's end (`t`, waitlistTransition's answer for an open offer and its
 * offered entry): the offer's status and its entry's. None when `t` refused.
 */
function offerEndChanges(o: { id: string; entryId: string }, t: WaitlistTransition): Change[] {
  if (!t.ok || !t.offer) return [];
  return [
    { op: 'update', collection: 'waitlist_offers', id: o.id, fields: { status: t.offer } },
    { op: 'update', collection: 'waitlist_entries', id: o.entryId, fields: { status: t.entry } },
  ];
}

/** An open offer a booking takes over (the owner's phone booking with `endOffer`): the offer and its entry. */
export interface OfferToEnd {
  id: string;
  entryId: string;
}

/**
 * `decision` with the open offers `offers` ended in the same transaction (the owner's phone
 * booking answered 'Book anyway'): each offer 'ended', its entry back to 'waiting' with its place
 * in line, and the customer told the time is no longer available. A refusal stays as it is.
 */
export function withOffersEnded<M, A>(decision: Outcome<M, A>, offers: readonly OfferToEnd[]): Outcome<M | WaitlistEndedMail, A> {
  if (isRefusal(decision) || offers.length === 0) return decision;
  return {
    changes: [...decision.changes, ...offers.flatMap((o) => offerEndChanges(o, waitlistTransition({ entry: EntryStatus.Offered, offer: OfferStatus.Open }, 'slot_taken')))],
    mails: [...decision.mails, ...offers.map((o) => ({ kind: 'ended' as const, offerId: o.id }))],
    answer: decision.answer,
  };
}
