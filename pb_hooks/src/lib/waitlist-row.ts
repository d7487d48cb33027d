/**
 * The one mapper from a `waitlist_entries` and from a `waitlist_offers` record to the domain's
 * typed rows (domain/waitlist/waitlist-row.ts), below every topic folder so each of them
 * (waitlist, bookings, customers) reads an entry and an offer the same way
 * (docs/architecture.md "One typed booking").
 */
import type { WaitlistEntryRow, WaitlistOfferRow, WaitlistVisitKind } from '@domain/waitlist/waitlist-row';
import { asEntryStatus, asOfferStatus } from '@domain/waitlist/waitlist-status';
import { jsonObject } from './json-fields';
import { rowReader, type ReadTable } from './row-reader';

/** The rows as the server reads them from records: every field present, a JSON field {} when unset or unreadable. */
export type ReadWaitlistEntryRow = { [K in keyof WaitlistEntryRow]-?: NonNullable<WaitlistEntryRow[K]> };
export type ReadWaitlistOfferRow = { [K in keyof WaitlistOfferRow]-?: NonNullable<WaitlistOfferRow[K]> };

/** A stored visit kind: `removal`, else `install`. */
const visitKind = (r: core.Record): WaitlistVisitKind => (r.getString('kind') === 'removal' ? 'removal' : 'install');

/** How each field of an entry is read from a record: the one place that spells an entry field's reading. */
const READ_ENTRY: ReadTable<ReadWaitlistEntryRow> = {
  id: (r) => r.id,
  created_at: (r) => r.getString('created_at'),
  updated_at: (r) => r.getString('updated_at'),
  email_key: (r) => r.getString('email_key'),
  name: (r) => r.getString('name'),
  email: (r) => r.getString('email'),
  phone: (r) => r.getString('phone'),
  date: (r) => r.getString('date'),
  kind: visitKind,
  tree_size: (r) => r.getString('tree_size'),
  package_type: (r) => r.getString('package_type'),
  choices: (r) => jsonObject(r, 'choices'),
  booking: (r) => r.getString('booking'),
  joined_at: (r) => r.getFloat('joined_at'),
  status: (r) => asEntryStatus(r.getString('status')),
  leave_token_hash: (r) => r.getString('leave_token_hash'),
  client_ip: (r) => r.getString('client_ip'),
};

/** How each field of an offer is read from a record: the one place that spells an offer field's reading. */
const READ_OFFER: ReadTable<ReadWaitlistOfferRow> = {
  id: (r) => r.id,
  created_at: (r) => r.getString('created_at'),
  updated_at: (r) => r.getString('updated_at'),
  entry: (r) => r.getString('entry'),
  date: (r) => r.getString('date'),
  kind: visitKind,
  time_slot: (r) => r.getString('time_slot'),
  tree_size: (r) => r.getString('tree_size'),
  offered_at: (r) => r.getString('offered_at'),
  expires_at: (r) => r.getString('expires_at'),
  status: (r) => asOfferStatus(r.getString('status')),
  booking: (r) => r.getString('booking'),
  token_hash: (r) => r.getString('token_hash'),
  by: (r) => {
    const by = r.getString('by');
    return by === 'job' || by === 'owner' ? by : '';
  },
};
const ENTRIES = rowReader(READ_ENTRY);
const OFFERS = rowReader(READ_OFFER);

/**
 * The `waitlist_entries` record `r` as the domain's typed row: the one mapper from a record,
 * so its status is the entry's union (a value the migrations do not allow reads as `removed`,
 * asEntryStatus) and its kind `install` unless `removal`. `joined_at` in epoch ms.
 * waitlistEntryFieldsOf reads only the fields `keys` (for a projection), waitlistEntryField one field, each as
 * waitlistEntryRowOf reads it (row-reader.ts).
 */
export const { rowOf: waitlistEntryRowOf, fieldsOf: waitlistEntryFieldsOf, field: waitlistEntryField } = ENTRIES;

/**
 * The `waitlist_offers` record `r` as the domain's typed row: its status the offer's union (a
 * value the migrations do not allow reads as `ended`, asOfferStatus); `expires_at` a PocketBase datetime.
 * waitlistOfferFieldsOf reads only the fields `keys` (for a projection), waitlistOfferField one field, each as
 * waitlistOfferRowOf reads it (row-reader.ts).
 */
export const { rowOf: waitlistOfferRowOf, fieldsOf: waitlistOfferFieldsOf, field: waitlistOfferField } = OFFERS;
