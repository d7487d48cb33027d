/**
 * The writes that every change to a booking by its customer's manage link or by the owner
 * shares, as data for a command's decision (docs/architecture.md "The path of a command"):
 * the booking's links in force follow its visits (each expires 30 days after the last one;
 * docs/decisions/027: one stable link per booking, which a change does not end), and the line in
 * the booking's history (`job_events`, `customer_change` or `owner_change`). The server's `load`
 * derives the stable token and makes the event's random client id, so these stay pure.
 */
import type { LifecycleState } from '../booking/lifecycle';
import { lifecycleOf } from '../booking/lifecycle';
import { linkExpiresAtMs, type SelfServiceBooking } from '../booking/self-service';
import { pbDate, type Change } from './command';
import type { BookingFields, BookingRow } from '../booking/booking-row';

/** What the server made ready for a change's manage link and history line. */
export interface ChangeTokens {
  /** The ids of the booking's links still in force (the stable one and any older ones). */
  liveLinkIds: readonly string[];
  /** SHA-256 of the booking's stable token, and the page it opens (the token is only in the e-mails). */
  tokenHash: string;
  manageUrl: string;
  /** The id of the `booking_links` row holding `tokenHash` ('' when none was written yet). */
  stableLinkId: string;
  /** A random client id for the history line (`customer_…` or `owner_…`). */
  historyClientId: string;
}

/** A booking as the visit and cancel commands read it: the self-service fields and what they change. */
export type BookingFacts = SelfServiceBooking &
  BookingFields<'id' | 'ics_sequence' | 'cancel_reason'> &
  /** The tree size's id ('7.5-9ft'): the slots offered depend on it. */
  Pick<BookingRow, 'tree_size'>;

/** The lifecycle state of `b` (domain/booking/lifecycle.ts). */
export function lifecycleOfFacts(b: BookingFacts): LifecycleState {
  return lifecycleOf({
    status: b.status,
    cancel_reason: b.cancel_reason,
    install_done_at: b.install_done_at,
    removal_done_at: b.removal_done_at,
    removal_date: b.removal_date,
    removal_time_slot: b.removal_time_slot,
    removal_hold: b.removal_hold,
  });
}

/**
 * The writes that keep booking `bookingId`'s links working after a change: each
 * link in force expires 30 days after the last visit of `dates` (the booking as changed;
 * self-service.ts linkExpiresAtMs), later or earlier as the visits moved, and the stable link's
 * row is written when it has none yet (a booking whose e-mails carried only older links).
 */
export function linksFollowVisits(bookingId: string, tokens: ChangeTokens, dates: { install_date: string; removal_date: string }): Change[] {
  const expires_at = pbDate(linkExpiresAtMs(dates));
  return [
    ...tokens.liveLinkIds.map((id): Change => ({ op: 'update', collection: 'booking_links', id, fields: { expires_at } })),
    ...(tokens.stableLinkId ? [] : [{ op: 'create' as const, collection: 'booking_links', fields: { booking: bookingId, token_hash: tokens.tokenHash, expires_at } }]),
  ];
}

/** The revocation of the links in force at `nowMs` (the owner sent a fresh link, which ends them). */
export function revokeLinks(tokens: Pick<ChangeTokens, 'liveLinkIds'>, nowMs: number): Change[] {
  return tokens.liveLinkIds.map((id) => ({ op: 'update', collection: 'booking_links', id, fields: { revoked_at: pbDate(nowMs) } }));
}

/**
 * The booking's history line (`job_events`, as lib/booking-store/job-events-repo.ts addServerEvent
 * writes it): `kind` customer_change or owner_change, the sentence, who acted ('' the customer).
 */
export function historyLine(bookingId: string, kind: 'customer_change' | 'owner_change', text: string, clientId: string, nowMs: number, staffId = ''): Change {
  return { op: 'create', collection: 'job_events', fields: { booking: bookingId, kind, text, client_id: clientId, occurred_at: pbDate(nowMs), created_by: staffId } };
}
