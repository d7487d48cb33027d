/**
 * Leaving the waitlist, and the owner's skip and remove (the waitlist contract: POST
 * /api/fn/waitlist/leave by the leave link's token; POST /api/fn/admin-waitlist/skip and
 * /remove). The entry ends ('left', 'skipped', 'removed'); an open offer of it ends with it
 * ('declined' when the customer leaves, 'ended' by the owner) and its slot passes to the next in
 * line right after the commit (lib/waitlist/waitlist-offer-step.ts offerFreedSlots). An entry
 * already out of line changes nothing (a replay answers the same). Pure.
 */
import type { ParseResult } from '../contact-schema';
import { WAITLIST_MESSAGES as M } from '../waitlist/waitlist';
import { entryIsLive, OfferStatus, waitlistTransition, type WaitlistEvent } from '../waitlist/waitlist-status';
import { decided, refuse, type Change, type Command, type Outcome } from './command';
import type { WaitlistEntryRow } from '../waitlist/waitlist-row';

/** The entry as the release reads it, with its open offer (null when none). */
export interface WaitlistReleaseState {
  entry: Pick<WaitlistEntryRow, 'id' | 'status' | 'date'> | null;
  openOfferId: string | null;
}

/** The entry released; `freedDate` the date whose held slot went back (an open offer ended), else ''. */
export interface WaitlistReleaseAnswer {
  entryId: string;
  offerId: string;
  freedDate: string;
}

/** A release's event: the customer leaves, the owner skips or removes, or the entry closes by itself (waitlist-close-command.ts). */
export type ReleaseEvent = Extract<WaitlistEvent, 'leave' | 'skip' | 'remove' | 'booked_otherwise'>;

/** The entry's new status and its open offer's, as waitlistTransition answers for `event`, or a replay when the entry is out of line already (also waitlist-close-command.ts). */
export function release(state: WaitlistReleaseState, event: ReleaseEvent): Outcome<never, WaitlistReleaseAnswer> {
  const e = state.entry;
  if (!e) return refuse(404, M.entryNotFound);
  const t = entryIsLive(e) ? waitlistTransition({ entry: e.status, offer: state.openOfferId ? OfferStatus.Open : null }, event) : { ok: false as const };
  if (!t.ok) return decided([], { entryId: e.id, offerId: '', freedDate: '' });
  const changes: Change[] = [{ op: 'update', collection: 'waitlist_entries', id: e.id, fields: { status: t.entry } }];
  if (state.openOfferId && t.offer) changes.push({ op: 'update', collection: 'waitlist_offers', id: state.openOfferId, fields: { status: t.offer } });
  return decided(changes, { entryId: e.id, offerId: state.openOfferId ?? '', freedDate: state.openOfferId ? e.date : '' });
}

export interface WaitlistLeaveInput {
  token: string;
}

/** Checks { token }. */
export function parseTokenBody(body: Record<string, unknown>, message: string): ParseResult<{ token: string }> {
  const token = typeof body.token === 'string' ? body.token.trim() : '';
  return token ? { ok: true, value: { token } } : { ok: false, message };
}

export const waitlistLeaveCommand: Command<WaitlistLeaveInput, WaitlistReleaseState, never, WaitlistReleaseAnswer> = {
  name: 'waitlist-leave',
  parse: (body) => parseTokenBody(body, M.badLeaveToken),
  idempotency: { by: 'natural', header: 'none', why: 'an entry already out of line changes nothing' },
  decide(state) {
    // An unknown token: one answer for every wrong link.
    if (!state.entry) return refuse(404, M.badLeaveToken);
    return release(state, 'leave');
  },
};

export type OwnerWaitlistAction = 'skip' | 'remove';

export interface WaitlistOwnerInput {
  entryId: string;
  action: OwnerWaitlistAction;
}

/** Checks { entry } for the owner's `action`. */
export function parseOwnerWaitlist(body: Record<string, unknown>, action: OwnerWaitlistAction): ParseResult<WaitlistOwnerInput> {
  const entryId = typeof body.entry === 'string' ? body.entry.trim() : '';
  return entryId ? { ok: true, value: { entryId, action } } : { ok: false, message: 'Please choose the person on the waitlist.' };
}

/** The owner's skip or remove of `action` (the route binds it). */
export function waitlistOwnerCommand(action: OwnerWaitlistAction): Command<WaitlistOwnerInput, WaitlistReleaseState, never, WaitlistReleaseAnswer> {
  return {
    name: `admin-waitlist-${action}`,
    parse: (body) => parseOwnerWaitlist(body, action),
    idempotency: { by: 'natural', header: 'required', why: 'an entry already out of line changes nothing' },
    decide: (state) => release(state, action),
  };
}
