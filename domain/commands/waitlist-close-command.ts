/**
 * An entry that leaves the line by itself (the waitlist issue): run by the offer step
 * (lib/waitlist/waitlist-offer-step.ts closeStaleEntries) before it picks the next in line, so no
 * path that cancels or books needs a hook of its own. A move entry whose booking was cancelled
 * (or deleted) becomes 'left', its open offer 'declined' and passed on, as if the customer left;
 * an entry whose customer got a booking with a visit of its kind on its date by another path
 * becomes 'booked', its open offer 'ended' without an e-mail (they have their visit)
 * (domain/waitlist/waitlist.ts entryClosure). Re-read in the transaction: an entry out of line,
 * or with no reason to close, changes nothing. Pure.
 */
import { entryClosure, type CustomerBookingOnDate, type WaitingEntry } from '../waitlist/waitlist';
import { EntryStatus, entryIsLive } from '../waitlist/waitlist-status';
import { decided, type Command } from './command';
import { release, type WaitlistReleaseAnswer } from './waitlist-leave-command';

export interface WaitlistCloseInput {
  entryId: string;
}

/** The entry with its open offer, the status of the booking it waits to move ('' gone, null none), and its customer's bookings on its date. */
export interface WaitlistCloseState {
  entry: Pick<WaitingEntry, 'id' | 'date' | 'kind' | 'bookingId' | 'status'> | null;
  openOfferId: string | null;
  moving: string | null;
  bookings: CustomerBookingOnDate[];
}

/** The release's answer and why ('none' when nothing changed). */
export interface WaitlistCloseAnswer extends WaitlistReleaseAnswer {
  closed: typeof EntryStatus.Left | typeof EntryStatus.Booked | 'none';
}

export const waitlistCloseCommand: Command<WaitlistCloseInput, WaitlistCloseState, never, WaitlistCloseAnswer> = {
  name: 'waitlist-close-entry',
  parse: (body) => (typeof body.entryId === 'string' && body.entryId ? { ok: true, value: { entryId: body.entryId } } : { ok: false, message: 'No entry.' }),
  idempotency: { by: 'natural', header: 'none', why: 'an entry out of line changes nothing' },
  decide(state) {
    const e = state.entry;
    const closed = e && entryIsLive(e) ? entryClosure(e, state.moving, state.bookings) : null;
    if (!e || !closed) return decided([], { entryId: e?.id ?? '', offerId: '', freedDate: '', closed: 'none' as const });
    const out = release({ entry: e, openOfferId: state.openOfferId }, closed === EntryStatus.Left ? 'leave' : 'booked_otherwise');
    return 'changes' in out ? { ...out, answer: { ...out.answer, closed } } : out;
  },
};
