/**
 * The waitlist's links (the waitlist contract), anyone, by a token from an e-mail:
 * - POST /api/fn/waitlist/leave { token } (the joined e-mail's leave link) → 200 { left: true },
 *   the same again; an open offer of the entry is declined and passed on;
 * - POST /api/fn/waitlist/offer { token } (the offer e-mail) → 200 { offer: { status, date, kind,
 *   slot: { id, label, time }, size, expiresAt, choices, name, email, phone, price, bookingId? } },
 *   what the 'Book it' page shows (`price`: { packageTitle, totalCents, depositCents } priced
 *   here from the entry's choices, domain/waitlist/offer-price.ts; null for a move); 404 'This offer link is not valid.';
 * - POST /api/fn/waitlist/decline { token } → 200 { declined: true, passedOn }; the next in line
 *   is offered the slot in the same request, right after the commit (`passedOn`: someone was);
 * - POST /api/fn/waitlist/accept-move { token } (an entry waiting to move a booking's visit) →
 *   the customer's move onto the offered slot, the offer accepted with it → 200 { booking }, or
 *   409 with the move's sentence; the visit's old date is offered to the next in line.
 * Each is a command on the runner (domain/commands/waitlist-*-command.ts); the offers made after
 * the commit are the offer step (waitlist-offer-step.ts offerFreedSlots), which never fails them.
 */
import { waitlistAcceptMoveCommand, type AcceptMoveAnswer, type AcceptMoveState } from '@domain/commands/waitlist-accept-command';
import { waitlistDeclineCommand, type WaitlistDeclineState } from '@domain/commands/waitlist-decline-command';
import { waitlistLeaveCommand, type WaitlistReleaseAnswer, type WaitlistReleaseState } from '@domain/commands/waitlist-leave-command';
import type { VisitMovedMail } from '@domain/commands/visit-move-command';
import { parseTimestamp } from '@domain/schedule/calendar';
import { findSlot } from '@domain/schedule/slots';
import { isTreeSize } from '@domain/catalog';
import { WAITLIST_MESSAGES as M } from '@domain/waitlist/waitlist';
import { visitMovedMail } from '../booking-changes/visit-move';
import { OfferStatus } from '@domain/waitlist/waitlist-status';
import { offerPrice } from '@domain/waitlist/offer-price';
import { nowMs, today } from '../clock';
import { loadBookingSeasonRecord } from '../settings';
import { bodyAsIs, runCommand, runRead, type ServerCommand, type ServerRead } from '../commands/run-command';
import { apiError } from '../http';
import { customerMove } from '../my-booking/my-booking-routes';
import { stableManageToken } from '../booking-store/manage-links';
import { offerFreedSlots } from './waitlist-offer-step';
import { findRecord } from '../records';
import { entryByLeaveToken, offerByToken, offerStateOf, offerToAcceptOf, openOfferOf } from './waitlist-repo';
import { waitlistEntryField } from '../waitlist-row';
import { waitlistEntryFieldsOf, waitlistOfferField } from '../waitlist-row';

/** Entry record `r` and its open offer, as a release reads them. */
export function releaseStateOf(tx: CoreApp, r: core.Record | null): WaitlistReleaseState {
  if (!r) return { entry: null, openOfferId: null };
  return { entry: waitlistEntryFieldsOf(r, ['id', 'status', 'date']), openOfferId: openOfferOf(tx, r.id)?.id ?? null };
}

const waitlistLeave: ServerCommand<{ token: string }, WaitlistReleaseState, never, WaitlistReleaseAnswer> = {
  command: waitlistLeaveCommand,
  path: '/api/fn/waitlist/leave',
  load: (tx, input) => releaseStateOf(tx, entryByLeaveToken(tx, input.token)),
  respond(app, a) {
    offerFreedSlots(app, [a.freedDate]);
    return { left: true };
  },
};

export function waitlistLeaveRoute(e: core.RequestEvent): void {
  runCommand(e, waitlistLeave);
}

const waitlistDecline: ServerCommand<{ token: string }, WaitlistDeclineState, never, WaitlistReleaseAnswer> = {
  command: waitlistDeclineCommand,
  path: '/api/fn/waitlist/decline',
  load(tx, input) {
    const r = offerByToken(tx, input.token);
    return { offer: r ? offerStateOf(r) : null };
  },
  respond(app, a) {
    // Whether the time went to someone: the page says so only when it did.
    const passedOn = offerFreedSlots(app, [a.freedDate]) > 0;
    return { declined: true, passedOn };
  },
};

export function waitlistDeclineRoute(e: core.RequestEvent): void {
  runCommand(e, waitlistDecline);
}

/** POST /api/fn/waitlist/offer: what the offer page shows (no change). */
/** The offer page's read (run-command.ts runRead): the offer the token opens (404 otherwise), priced here. */
export const waitlistOfferRead: ServerRead<Record<string, unknown>> = {
  path: '/api/fn/waitlist/offer',
  parse: bodyAsIs,
  answer: (app, body) => offerViewOf(app, body.token),
};

export function waitlistOfferViewRoute(e: core.RequestEvent): void {
  runRead(e, waitlistOfferRead);
}

/** The answer of waitlistOfferRead for `token`. */
function offerViewOf(app: CoreApp, token: unknown): { offer: Record<string, unknown> } {
  const r = offerByToken(app, token);
  if (!r) throw apiError(404, M.badToken);
  const entry = app.findRecordById('waitlist_entries', waitlistOfferField(r, 'entry'));
  const o = offerToAcceptOf(app, r);
  const size = waitlistOfferField(r, 'tree_size');
  const slot = isTreeSize(size) ? findSlot(size, o.date, o.kind, o.slotId) : null;
  const status = o.status === OfferStatus.Open && o.expiresAtMs <= nowMs() ? OfferStatus.Expired : o.status;
  // The package and its price, priced here from the entry's own choices (never the client's).
  const earlyBird = o.movingBookingId ? null : (loadBookingSeasonRecord(app, o.date)?.earlyBird ?? null);
  const price = o.movingBookingId ? null : offerPrice(waitlistEntryField(entry, 'package_type'), size, waitlistEntryField(entry, 'choices'), earlyBird ? { earlyBird, today: today() } : null);
  return {
    offer: {
      status,
      date: o.date,
      kind: o.kind,
      slot: { id: o.slotId, label: slot?.label ?? '', time: slot?.time ?? '' },
      size,
      expiresAt: new Date(parseTimestamp(waitlistOfferField(r, 'expires_at'))).toISOString(),
      choices: waitlistEntryField(entry, 'choices'),
      name: waitlistEntryField(entry, 'name'),
      email: waitlistEntryField(entry, 'email'),
      phone: waitlistEntryField(entry, 'phone'),
      price,
      ...(o.movingBookingId ? { bookingId: o.movingBookingId } : {}),
    },
  };
}

const waitlistAcceptMove: ServerCommand<{ token: string }, AcceptMoveState, VisitMovedMail, AcceptMoveAnswer> = {
  command: waitlistAcceptMoveCommand,
  path: '/api/fn/waitlist/accept-move',
  load(tx, input) {
    const r = offerByToken(tx, input.token);
    if (!r) return { offer: null, move: null, bookingToken: '' };
    const offer = offerToAcceptOf(tx, r);
    const booking = offer.movingBookingId ? findRecord(tx, 'bookings', offer.movingBookingId) : null;
    if (!booking) return { offer, move: null, bookingToken: '' };
    const bookingToken = stableManageToken(tx, booking.id, booking.getInt('link_version'));
    const move = customerMove.load(tx, { token: bookingToken, visit: offer.kind, date: offer.date, timeSlot: offer.slotId, from: null }, { staffId: '', origin: '', fingerprint: '' });
    // Its own offer holds the slot for this move: left out of the overlap.
    if (move.found) move.found = { ...move.found, world: { ...move.found.world, others: move.found.world.others.filter((s) => s.id !== `offer:${r.id}`) } };
    return { offer, move, bookingToken };
  },
  composeMail: visitMovedMail,
  respond(app, a) {
    offerFreedSlots(app, [a.freedDate]);
    return { booking: app.findRecordById('bookings', a.bookingId) };
  },
};

export function waitlistAcceptMoveRoute(e: core.RequestEvent): void {
  runCommand(e, waitlistAcceptMove);
}
