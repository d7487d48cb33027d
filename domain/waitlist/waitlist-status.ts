/**
 * A waitlist entry's and a waitlist offer's statuses (pb_migrations: `waitlist_entries.status`,
 * `waitlist_offers.status`; the waitlist contract, docs/product.md §5 Dates), the only place
 * they are spelt (docs/architecture.md "One typed booking"), and ONE pure transition: every
 * waitlist command (join, offer, accept, decline, expire, leave, the owner's skip and remove, the
 * closing of entries, the customer's erasure) asks `waitlistTransition` and stores what it
 * answers, so they cannot disagree.
 */
import { oneOfOr, valuesOf, type ValueOf } from '../one-of';

/** A waitlist entry's statuses: `waiting` in line, `offered` while it holds an open offer, then how it left the line. */
export const EntryStatus = { Waiting: 'waiting', Offered: 'offered', Booked: 'booked', Declined: 'declined', Expired: 'expired', Left: 'left', Skipped: 'skipped', Removed: 'removed' } as const;
export type EntryStatus = ValueOf<typeof EntryStatus>;
export const ENTRY_STATUSES = valuesOf(EntryStatus);

/** A waitlist offer's statuses: `open` while its slot is held, then how it ended. */
export const OfferStatus = { Open: 'open', Accepted: 'accepted', Declined: 'declined', Expired: 'expired', Ended: 'ended' } as const;
export type OfferStatus = ValueOf<typeof OfferStatus>;
export const OFFER_STATUSES = valuesOf(OfferStatus);

/** An entry still in line: waiting, or holding an open offer. */
export const LIVE_ENTRY_STATUSES = [EntryStatus.Waiting, EntryStatus.Offered] as const satisfies readonly EntryStatus[];

/** A stored entry `status` as the union; a value the migrations do not allow reads as `removed` (out of line). */
export function asEntryStatus(value: string): EntryStatus {
  return oneOfOr(ENTRY_STATUSES, value, EntryStatus.Removed);
}

/** A stored offer `status` as the union; a value the migrations do not allow reads as `ended`. */
export function asOfferStatus(value: string): OfferStatus {
  return oneOfOr(OFFER_STATUSES, value, OfferStatus.Ended);
}

/** Whether an entry is still in line (waiting, or offered): the only entries an offer, a skip or a leave acts on. */
export function entryIsLive(e: { status: EntryStatus }): boolean {
  return (LIVE_ENTRY_STATUSES as readonly EntryStatus[]).includes(e.status);
}

/** Whether an offer is open (its slot held, whether or not its `expires_at` passed: the offers job ends it). */
export function offerIsOpen(o: { status: OfferStatus }): boolean {
  return o.status === OfferStatus.Open;
}

/**
 * What happens on the waitlist. `join`: a new entry; `offer`: the next in line (or the owner's
 * pick) gets an offer; `accept`, `decline`, `expire`: the offer's own end; `slot_taken`: its slot
 * went another way (the entry waits again, its place kept); `leave`: the customer leaves (or the
 * booking they wait to move is gone); `skip`, `remove`: the owner's; `booked_otherwise`: the
 * customer got the visit by another path (domain/waitlist/waitlist.ts entryClosure).
 */
export type WaitlistEvent = 'join' | 'offer' | 'accept' | 'decline' | 'expire' | 'slot_taken' | 'leave' | 'skip' | 'remove' | 'booked_otherwise';

/**
 * An entry's status and its open offer's (null: the entry has no offer, or a new offer is
 * not yet made). A command that reads only the offer passes `EntryStatus.Offered` for an open
 * offer's entry: the offer and its entry are written together, so an open offer's entry is offered.
 */
export interface WaitlistState {
  entry: EntryStatus | null;
  offer: OfferStatus | null;
}

export type WaitlistTransition = { ok: true; entry: EntryStatus; offer: OfferStatus | null } | { ok: false };

/** What each event does to a live entry (null: the event does not apply to a live entry in that status) and to its open offer. */
const RULES: Record<Exclude<WaitlistEvent, 'join'>, { from: readonly EntryStatus[]; entry: EntryStatus; offer: OfferStatus | null; needsOffer: boolean }> = {
  offer: { from: [EntryStatus.Waiting], entry: EntryStatus.Offered, offer: OfferStatus.Open, needsOffer: false },
  accept: { from: [EntryStatus.Offered], entry: EntryStatus.Booked, offer: OfferStatus.Accepted, needsOffer: true },
  decline: { from: [EntryStatus.Offered], entry: EntryStatus.Declined, offer: OfferStatus.Declined, needsOffer: true },
  expire: { from: [EntryStatus.Offered], entry: EntryStatus.Expired, offer: OfferStatus.Expired, needsOffer: true },
  slot_taken: { from: [EntryStatus.Offered], entry: EntryStatus.Waiting, offer: OfferStatus.Ended, needsOffer: true },
  leave: { from: LIVE_ENTRY_STATUSES, entry: EntryStatus.Left, offer: OfferStatus.Declined, needsOffer: false },
  skip: { from: LIVE_ENTRY_STATUSES, entry: EntryStatus.Skipped, offer: OfferStatus.Ended, needsOffer: false },
  remove: { from: LIVE_ENTRY_STATUSES, entry: EntryStatus.Removed, offer: OfferStatus.Ended, needsOffer: false },
  booked_otherwise: { from: LIVE_ENTRY_STATUSES, entry: EntryStatus.Booked, offer: OfferStatus.Ended, needsOffer: false },
};

/**
 * The entry's and its offer's statuses after `event` from `from`, or `{ ok: false }` when the
 * event cannot happen there (an entry out of line, an offer no longer open, a second offer).
 * `join` needs no entry yet and answers `waiting`. `offer` needs a waiting entry and no offer,
 * and answers the new offer `open`. The offer's own events (`accept`, `decline`, `expire`,
 * `slot_taken`) need an open offer. `leave`, `skip`, `remove` and `booked_otherwise` need a live
 * entry and end its open offer if it has one (`offer` null when it has none). Pure; the
 * commands keep their own refusals and sentences (WAITLIST_MESSAGES).
 */
export function waitlistTransition(from: WaitlistState, event: WaitlistEvent): WaitlistTransition {
  if (event === 'join') return from.entry === null ? { ok: true, entry: EntryStatus.Waiting, offer: null } : { ok: false };
  const rule = RULES[event];
  if (from.entry === null || !rule.from.includes(from.entry)) return { ok: false };
  if (event === 'offer') return from.offer === null ? { ok: true, entry: rule.entry, offer: rule.offer } : { ok: false };
  if (from.offer !== null && from.offer !== OfferStatus.Open) return { ok: false };
  if (rule.needsOffer && from.offer === null) return { ok: false };
  return { ok: true, entry: rule.entry, offer: from.offer === null ? null : rule.offer };
}
