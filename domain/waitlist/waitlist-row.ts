/**
 * The waitlist's records as PocketBase returns them (pb_migrations/1732000910_waitlist.js; the
 * waitlist contract, docs/product.md §5 Dates): `waitlist_entries` (one person waiting for a
 * full day) and `waitlist_offers` (a freed time offered to an entry). Snake_case fields, dates
 * `YYYY-MM-DD` (America/New_York), timestamps as PocketBase datetimes. Their statuses are the
 * waitlist's unions (domain/waitlist/waitlist-status.ts), so a misspelt status does not
 * compile. The server reads them with one mapper each (pb_hooks/src/lib/waitlist-row.ts
 * waitlistEntryRowOf, waitlistOfferRowOf); the admin mirrors them unchanged
 * (web/src/admin/core/model/records.ts AdminWaitlistEntry, AdminWaitlistOffer).
 */
import type { EntryStatus, OfferStatus } from './waitlist-status';

/** Which visit an entry waits for and an offer holds. */
export type WaitlistVisitKind = 'install' | 'removal';

export interface WaitlistEntryRow {
  id: string;
  /** PocketBase autodates of the record. */
  created_at: string;
  updated_at: string;

  /** The normalised e-mail (domain/customers/customer-key.ts): one live entry per key, date and kind. */
  email_key: string;
  name: string;
  /** The e-mail as typed. */
  email: string;
  phone: string;
  /** The full day they wait for, `YYYY-MM-DD` (America/New_York). */
  date: string;
  kind: WaitlistVisitKind;
  tree_size: string;
  package_type: string;
  /** The wizard's choices for a new booking, priced when an offer is made ({} when none). */
  choices?: Record<string, unknown> | null;
  /** The booking whose visit they wait to move ('' for a new booking). */
  booking?: string;
  /** Epoch ms: the order in line. */
  joined_at: number;
  status: EntryStatus;
  /** The SHA-256 of the entry's leave link; server only. */
  leave_token_hash?: string;
  /** The address that joined, for the rate limit; server only. */
  client_ip?: string;
}

export interface WaitlistOfferRow {
  id: string;
  /** PocketBase autodates of the record. */
  created_at: string;
  updated_at: string;

  /** The `waitlist_entries` record it is offered to. */
  entry: string;
  /** `YYYY-MM-DD` (America/New_York). */
  date: string;
  kind: WaitlistVisitKind;
  /** The held slot's id (domain/schedule/slots.ts). */
  time_slot: string;
  tree_size: string;
  /** When it was made and until when it is held (PocketBase datetimes). */
  offered_at: string;
  expires_at: string;
  status: OfferStatus;
  /** The booking it became, or the one it moves ('' none). */
  booking?: string;
  /** The SHA-256 of the offer's link; server only. */
  token_hash?: string;
  /** Who made it: the offers job or the owner ('' on older rows). */
  by?: 'job' | 'owner' | '';
}
