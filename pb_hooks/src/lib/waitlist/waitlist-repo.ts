/**
 * Reads of the waitlist's collections shared by its routes and job (the waitlist contract;
 * domain/waitlist/waitlist.ts), and its links' tokens. A token is the stable-link HMAC
 * (booking-store/manage-links.ts stableManageToken) of the record's id under kind 'waitlist-leave'
 * (an entry) or 'waitlist-offer' (an offer), stored only as SHA-256 on the record; a token is
 * found by its hash, compared again in constant time. Every function takes the app it runs on
 * (inside a transaction, the transaction's app).
 */
import type { OfferToAccept } from '@domain/commands/waitlist-accept-command';
import type { WaitlistCloseState } from '@domain/commands/waitlist-close-command';
import { findPackage, isTreeSize } from '@domain/catalog';
import { parseTimestamp } from '@domain/schedule/calendar';
import { visitNoticeHours } from '@domain/schedule/notice';
import { type CustomerBookingOnDate, offerHoursFrom, type OfferState, type WaitingEntry } from '@domain/waitlist/waitlist';
import { EntryStatus, LIVE_ENTRY_STATUSES, OfferStatus } from '@domain/waitlist/waitlist-status';
import { idsWhere } from '../customers/erase-customer-sql';
import { findRecord } from '../records';
import { loadBookingDateContext, loadNotice } from '../settings';
import { stableManageToken, tokenHashOf } from '../booking-store/manage-links';
import { BookingStatus, GOING_AHEAD_STATUSES, PAID_PAYMENT_STATUSES, sqlIn, filterIn } from '@domain/booking/lifecycle';
import { bookingFieldsOf } from '../booking-row';
import { waitlistEntryField, waitlistOfferField, waitlistOfferFieldsOf } from '../waitlist-row';

/** The characters of a token: base64url, 43 of them. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The raw token of entry (`waitlist-leave`) or offer (`waitlist-offer`) `id`: it exists only in the e-mails. */
export function waitlistToken(app: CoreApp, id: string, kind: 'waitlist-leave' | 'waitlist-offer'): string {
  return stableManageToken(app, id, 0, kind);
}

/** The SHA-256 of the token of `id`, as the record stores it. */
export function waitlistTokenHash(app: CoreApp, id: string, kind: 'waitlist-leave' | 'waitlist-offer'): string {
  return tokenHashOf(waitlistToken(app, id, kind));
}

/** A new record id (15 lower-case letters and digits, as PocketBase makes them). */
export function newRecordId(): string {
  return $security.randomStringWithAlphabet(15, 'abcdefghijklmnopqrstuvwxyz0123456789');
}

/** The record of `collection` whose `field` holds the hash of `token`, or null for a malformed or unknown token. */
function byToken(app: CoreApp, collection: string, field: string, token: unknown): core.Record | null {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
  const hash = tokenHashOf(token);
  const rec = app.findRecordsByFilter(collection, `${field} = {:h}`, '', 1, 0, { h: hash } as unknown as dbx.Params)[0] ?? null;
  return rec && $security.equal(rec.getString(field), hash) ? rec : null;
}

/** The offer the token of an offer e-mail opens, or null. */
export function offerByToken(app: CoreApp, token: unknown): core.Record | null {
  return byToken(app, 'waitlist_offers', 'token_hash', token);
}

/** The entry the leave link's token opens, or null. */
export function entryByLeaveToken(app: CoreApp, token: unknown): core.Record | null {
  return byToken(app, 'waitlist_entries', 'leave_token_hash', token);
}

/** Entry record `r` as the rules read it (its package's notice from the settings), or null for a size no longer sold. */
export function waitingEntryOf(app: CoreApp, r: core.Record): WaitingEntry | null {
  const size = waitlistEntryField(r, 'tree_size');
  if (!isTreeSize(size)) return null;
  return {
    id: r.id,
    date: waitlistEntryField(r, 'date'),
    kind: waitlistEntryField(r, 'kind'),
    size,
    joinedAt: waitlistEntryField(r, 'joined_at'),
    status: waitlistEntryField(r, 'status'),
    bookingId: waitlistEntryField(r, 'booking'),
    noticeHours: visitNoticeHours(loadNotice(app), findPackage(waitlistEntryField(r, 'package_type'))?.slug ?? null),
    // The season of the waited-for date (a removal in January reads the season before).
    closingHours: loadBookingDateContext(app, waitlistEntryField(r, 'date')).season.closingHours,
  };
}

/** The open offer of entry `entryId`, or null. */
export function openOfferOf(app: CoreApp, entryId: string): core.Record | null {
  return app.findRecordsByFilter('waitlist_offers', `entry = {:e} && status = '${OfferStatus.Open}'`, '', 1, 0, { e: entryId } as unknown as dbx.Params)[0] ?? null;
}

/** The offer record as the decline and expiry read it. */
export function offerStateOf(r: core.Record): OfferState {
  const o = waitlistOfferFieldsOf(r, ['id', 'status', 'expires_at', 'entry', 'date']);
  return { id: o.id, status: o.status, expiresAtMs: parseTimestamp(o.expires_at), entryId: o.entry, date: o.date };
}

/** The owner's offer window in hours (settings key `waitlist`, { offer_hours }); 12 by default. */
export function loadOfferHours(app: CoreApp): number {
  const row = app.findRecordsByFilter('settings', "key = 'waitlist'", '', 1, 0)[0];
  if (!row) return offerHoursFrom(null);
  try {
    return offerHoursFrom(JSON.parse(row.getString('value') || 'null'));
  } catch {
    return offerHoursFrom(null);
  }
}

/** The dates (YYYY-MM-DD) with entries waiting, from `fromDate` on. */
export function datesWithWaiting(app: CoreApp, fromDate: string): string[] {
  const rows = app.findRecordsByFilter('waitlist_entries', `status = '${EntryStatus.Waiting}' && date >= {:d}`, 'date', 0, 0, { d: fromDate } as unknown as dbx.Params);
  const dates: string[] = [];
  for (const r of rows) {
    const d = waitlistEntryField(r!, 'date');
    if (dates[dates.length - 1] !== d) dates.push(d);
  }
  return dates;
}

/** The entries waiting for `date`, as the rules read them. */
export function waitingEntriesOn(app: CoreApp, date: string): WaitingEntry[] {
  const rows = app.findRecordsByFilter('waitlist_entries', `status = '${EntryStatus.Waiting}' && date = {:d}`, 'joined_at', 0, 0, { d: date } as unknown as dbx.Params);
  return rows.map((r) => waitingEntryOf(app, r!)).filter((e): e is WaitingEntry => e !== null);
}

/** The open offers (all dates). */
export function openOffers(app: CoreApp): core.Record[] {
  return app.findRecordsByFilter('waitlist_offers', `status = '${OfferStatus.Open}'`, 'expires_at', 0, 0) as core.Record[];
}

/** The open offers of `date` whose slot is `slotId`, `kind` (the phone booking's question). */
export function openOffersAt(app: CoreApp, date: string): core.Record[] {
  return app.findRecordsByFilter('waitlist_offers', `status = '${OfferStatus.Open}' && date = {:d}`, '', 0, 0, { d: date } as unknown as dbx.Params) as core.Record[];
}

/** An entry's place in line among the live entries of its date and kind (1 = first). */
export function positionOf(app: CoreApp, entry: core.Record): number {
  const ahead = app.findRecordsByFilter('waitlist_entries', `date = {:d} && kind = {:k} && ${filterIn('status', LIVE_ENTRY_STATUSES)} && joined_at < {:j}`, '', 0, 0, {
    d: waitlistEntryField(entry, 'date'),
    k: waitlistEntryField(entry, 'kind'),
    j: waitlistEntryField(entry, 'joined_at'),
  } as unknown as dbx.Params);
  return ahead.length + 1;
}

/** Offer record `r` (and its entry) as an acceptance reads it. */
export function offerToAcceptOf(tx: CoreApp, r: core.Record): OfferToAccept {
  const s = offerStateOf(r);
  const entry = findRecord(tx, 'waitlist_entries', s.entryId);
  return {
    ...s,
    kind: waitlistOfferField(r, 'kind'),
    slotId: waitlistOfferField(r, 'time_slot'),
    size: waitlistOfferField(r, 'tree_size'),
    movingBookingId: entry ? waitlistEntryField(entry, 'booking') : '',
  };
}

// The live entries that may leave the line by themselves (domain/waitlist/waitlist.ts
// entryClosure): a move whose booking is cancelled or gone, or a customer (the same email_key,
// domain/customers/customer-key.ts: trimmed, lower-cased) with a taken booking whose visit of the
// entry's kind is on its date. A superset is fine: the close command decides again in its transaction.
// One join per visit kind, so each reads the bookings through its date column's index.
const TAKEN_BY_CUSTOMER = `${sqlIn('e.status', LIVE_ENTRY_STATUSES)} AND b.status != '${BookingStatus.Cancelled}' AND LOWER(TRIM(b.customer_email)) = e.email_key
    AND (e.booking = '' OR e.booking = b.id)
    AND (${sqlIn('b.payment_status', PAID_PAYMENT_STATUSES)} OR ${sqlIn('b.status', GOING_AHEAD_STATUSES)} OR b.booked_by != '')`;
const ENTRIES_TO_CLOSE_SQL = `
  SELECT e.id AS id FROM waitlist_entries e LEFT JOIN bookings b ON b.id = e.booking
  WHERE ${sqlIn('e.status', LIVE_ENTRY_STATUSES)} AND e.booking != '' AND (b.id IS NULL OR b.status = '${BookingStatus.Cancelled}')
  UNION
  SELECT e.id AS id FROM waitlist_entries e JOIN bookings b ON b.install_date = e.date
  WHERE e.kind = 'install' AND ${TAKEN_BY_CUSTOMER}
  UNION
  SELECT e.id AS id FROM waitlist_entries e JOIN bookings b ON b.removal_date = e.date
  WHERE e.kind = 'removal' AND ${TAKEN_BY_CUSTOMER}`;

/** The ids of the live entries that may leave the line by themselves (the offer step closes them first). */
export function entriesToClose(app: CoreApp): string[] {
  return idsWhere(app, ENTRIES_TO_CLOSE_SQL, {});
}

/** Entry `entryId` as the close command reads it in its transaction: its open offer, the booking it moves, its customer's bookings on its date. */
export function closeStateOf(tx: CoreApp, entryId: string): WaitlistCloseState {
  const r = findRecord(tx, 'waitlist_entries', entryId);
  if (!r) return { entry: null, openOfferId: null, moving: null, bookings: [] };
  const bookingId = waitlistEntryField(r, 'booking');
  const date = waitlistEntryField(r, 'date');
  const rows = tx.findRecordsByFilter('bookings', `(install_date = {:d} || removal_date = {:d}) && status != '${BookingStatus.Cancelled}'`, '', 0, 0, { d: date } as unknown as dbx.Params);
  const key = waitlistEntryField(r, 'email_key');
  const bookings: CustomerBookingOnDate[] = rows
    .filter((b) => b!.getString('customer_email').trim().toLowerCase() === key)
    .map((b) => bookingFieldsOf(b!, ['id', 'status', 'payment_status', 'booked_by', 'install_date', 'removal_date']));
  return {
    entry: { id: r.id, date, kind: waitlistEntryField(r, 'kind'), bookingId, status: waitlistEntryField(r, 'status') },
    openOfferId: openOfferOf(tx, r.id)?.id ?? null,
    moving: bookingId ? (findRecord(tx, 'bookings', bookingId)?.getString('status') ?? '') : null,
    bookings,
  };
}
