/**
 * 'No thanks' to a waitlist offer (the waitlist contract: POST /api/fn/waitlist/decline by the
 * offer's token): the open offer and its entry become 'declined', and its slot passes to the
 * next in line right after the commit (lib/waitlist/waitlist-offer-step.ts offerFreedSlots).
 * Declined already: the same answer (a replay). An offer that expired, ended or was accepted:
 * 409 with its sentence. Pure.
 */
import { WAITLIST_MESSAGES as M } from '../waitlist/waitlist';
import { EntryStatus, OfferStatus, waitlistTransition } from '../waitlist/waitlist-status';
import { decided, refuse, type Command, whenFound } from './command';
import { parseTokenBody, type WaitlistReleaseAnswer } from './waitlist-leave-command';
import type { OfferState } from '../waitlist/waitlist';

/** The offer the token opens (null: none), as read in the transaction. */
export interface WaitlistDeclineState {
  offer: OfferState | null;
}

export const waitlistDeclineCommand: Command<{ token: string }, WaitlistDeclineState, never, WaitlistReleaseAnswer> = {
  name: 'waitlist-decline',
  parse: (body) => parseTokenBody(body, M.badToken),
  idempotency: { by: 'natural', header: 'none', why: 'an offer declined already changes nothing' },
  decide: whenFound('offer', M.badToken, (o, _state, _input, nowMs) => {
    if (o.status === OfferStatus.Declined) return decided([], { entryId: o.entryId, offerId: o.id, freedDate: '' });
    if (o.status === OfferStatus.Expired || (o.status === OfferStatus.Open && o.expiresAtMs <= nowMs)) return refuse(409, M.expired);
    const t = waitlistTransition({ entry: EntryStatus.Offered, offer: o.status }, 'decline');
    if (!t.ok || !t.offer) return refuse(409, M.ended);
    return decided(
      [
        { op: 'update', collection: 'waitlist_offers', id: o.id, fields: { status: t.offer } },
        { op: 'update', collection: 'waitlist_entries', id: o.entryId, fields: { status: t.entry } },
      ],
      { entryId: o.entryId, offerId: o.id, freedDate: o.date },
    );
  }),
};
