/**
 * Which server collections the admin mirrors and into which Dexie table (docs/architecture.md "Admin
 * data and sync"), what the pull asks the server to leave out, and which rows are kept.
 */
import type { Table } from 'dexie';
import { PLACEHOLDER_REVIEW_TEXT } from '@domain/reviews/reviews';
import type { AdminDb } from '../db';
import type { MirroredRow } from '../model/records';

export const MIRRORED_COLLECTIONS = ['bookings', 'consultation_requests', 'testimonials', 'charges', 'job_events', 'customers', 'waitlist_entries', 'waitlist_offers'] as const;
export type MirroredCollection = (typeof MIRRORED_COLLECTIONS)[number];
/** Deletions of mirrored records, pulled like a collection (server part S). */
export const TOMBSTONES = 'tombstones';
/** Every collection with a pull cursor. */
export type PulledCollection = MirroredCollection | typeof TOMBSTONES;

type TableName = 'bookings' | 'consultations' | 'testimonials' | 'charges' | 'jobEvents' | 'customers' | 'waitlistEntries' | 'waitlistOffers';

export interface CollectionSpec {
  table: TableName;
  /** Extra PocketBase filter for the pull, ANDed with the cursor (rows the mirror never keeps). */
  serverFilter?: string;
  /** False for rows the mirror must not hold (a realtime event may still bring them). */
  keep: (row: Record<string, unknown>) => boolean;
  /** docs/product.md §8's message when its pull fails ('' for collections no screen lists). */
  loadError: (reason: string) => string;
}

const always = () => true;

export const COLLECTIONS: Record<MirroredCollection, CollectionSpec> = {
  bookings: { table: 'bookings', keep: always, loadError: (r) => `Failed to load bookings: ${r}` },
  consultation_requests: { table: 'consultations', keep: always, loadError: (r) => `Failed to load consultations: ${r}` },
  testimonials: {
    table: 'testimonials',
    // Placeholders made with a review link are hidden from the admin (docs/product.md §4 Review).
    serverFilter: `review_text != "${PLACEHOLDER_REVIEW_TEXT}"`,
    keep: (row) => row.review_text !== PLACEHOLDER_REVIEW_TEXT,
    loadError: () => 'Failed to load reviews',
  },
  charges: { table: 'charges', keep: always, loadError: (r) => `Failed to load charges: ${r}` },
  job_events: { table: 'jobEvents', keep: always, loadError: (r) => `Failed to load job notes: ${r}` },
  customers: { table: 'customers', keep: always, loadError: (r) => `Failed to load customers: ${r}` },
  waitlist_entries: { table: 'waitlistEntries', keep: always, loadError: (r) => `Failed to load the waitlist: ${r}` },
  waitlist_offers: { table: 'waitlistOffers', keep: always, loadError: (r) => `Failed to load the waitlist: ${r}` },
};

export function isMirrored(name: string): name is MirroredCollection {
  return (MIRRORED_COLLECTIONS as readonly string[]).includes(name);
}

/** The Dexie table of a mirrored collection. */
export function tableOf(db: AdminDb, collection: MirroredCollection) {
  return db[COLLECTIONS[collection].table] as unknown as Table<MirroredRow, string>;
}

/** Fields never stored locally: the SDK's bookkeeping and the links' secrets (the review link's, the waitlist's token hashes). */
const DROPPED_FIELDS = ['collectionId', 'collectionName', 'expand', 'review_token', 'leave_token_hash', 'token_hash', 'client_ip'];

/** The row as the mirror stores it. */
export function toLocalRow(row: Record<string, unknown>): MirroredRow {
  const copy: Record<string, unknown> = { ...row };
  for (const f of DROPPED_FIELDS) delete copy[f];
  return copy as unknown as MirroredRow;
}
