/**
 * The rows the admin mirrors (docs/architecture.md "Admin data and sync"), as PocketBase returns them:
 * snake_case fields of docs/product.md §3, money in integer cents, dates `YYYY-MM-DD`, timestamps as
 * PocketBase datetimes ('2026-11-20 17:00:00.123Z'). Every row has `id` and `updated_at`,
 * which the pull's cursor reads. Only the fields the screens use are typed; the rest of the
 * record is kept as it came.
 */
import type { BookingTally } from '@domain/admin/booking-tally';
import type { BookingRow } from '@domain/booking/booking-row';
import type { CustomerRecordRow } from '@domain/customers/customers';
import type { DateWindow } from '@domain/schedule/day-plan';
import type { WaitlistEntryRow, WaitlistOfferRow } from '@domain/waitlist/waitlist-row';
import type { MirroredChargeStatus } from '@domain/money/charge-lifecycle';
import type { ChargeRow } from '@domain/money/charge-row';
import type { ConsultationRow } from '@domain/consultations/consultation-row';

/** What every mirrored row has. */
export interface MirroredRow {
  id: string;
  /** PocketBase datetime of the last change (autodate). */
  updated_at: string;
  created_at: string;
}

/** A booking as mirrored: the domain's typed row (statuses as the lifecycle's unions). */
export interface AdminBooking extends MirroredRow, BookingRow {}

/** A consultation request as mirrored: the domain's typed row (its status the consultation's union). */
export interface AdminConsultation extends MirroredRow, ConsultationRow {}

/** A submitted review (placeholders are never mirrored; the review token is dropped). */
export interface AdminTestimonial extends MirroredRow {
  customer_name: string;
  customer_email: string;
  booking: string;
  rating: number;
  review_text: string;
  package_type: string;
  tree_size: string;
  service_date: string;
  review_stage: string;
  is_approved: boolean;
  approved_at: string;
  is_featured: boolean;
  admin_response: string;
  submitted_at: string;
}

/**
 * A charge as mirrored: the domain's typed row, its status widened by the mirror's own `queued`
 * (a payment recorded on this device and not yet sent, docs/decisions/030; never on the server).
 */
export interface AdminCharge extends MirroredRow, Omit<ChargeRow, 'status'> {
  status: MirroredChargeStatus;
}

export interface AdminJobEvent extends MirroredRow {
  booking: string;
  /** note | install_done | removal_done | photo */
  kind: string;
  text: string;
  client_id: string;
  occurred_at: string;
  /** True when the phone's time was out of bounds and the server's was stored (docs/decisions/039). */
  clock_corrected?: boolean;
  /** The stored photo's file name (kind photo; protected: needs a file token). */
  photo?: string;
}

/**
 * A customer's own record (docs/architecture.md "Data model", `customers`): the normalised e-mail
 * (domain/customers/customer-key.ts), the latest known contact and the home's notes carried from
 * season to season. The customer's bookings, consultations and reviews are found by that key.
 */
export interface AdminCustomer extends MirroredRow, CustomerRecordRow {
  /** The device time of the notes' last edit (the later edit wins on the server). */
  notes_updated_at?: string;
}

/**
 * One person waiting for a full day (the waitlist contract, `waitlist_entries`), as mirrored: the
 * domain's typed row. In line by `joined_at` (ms); `booking` set when they wait to move that
 * booking's visit. Written by the server only (the waitlist routes and the offers job).
 */
export interface AdminWaitlistEntry extends MirroredRow, WaitlistEntryRow {}

/** A freed time offered to a waitlist entry (the waitlist contract, `waitlist_offers`), as mirrored: the domain's typed row, held until `expires_at` while open. */
export interface AdminWaitlistOffer extends MirroredRow, WaitlistOfferRow {}

/** A deletion of a mirrored record (docs/architecture.md "Deletions"). */
export interface Tombstone extends MirroredRow {
  collection_name: string;
  record_id: string;
  deleted_at?: string;
}

/** Where a collection's pull stopped: the last (updated_at, id) applied. */
export interface SyncState {
  collection: string;
  cursorUpdatedAt: string;
  cursorId: string;
  /**
   * True once a pull has read the collection to its end (on this visit or an earlier one): the
   * device holds all of it, so screens may show it before this visit's sync has run.
   */
  complete?: boolean;
  /**
   * Until `complete`: the dates whose visits of this collection are all on the device, from the
   * first look (sync/first-look.ts), so the owner's day can show before the pull has finished.
   */
  window?: DateWindow;
}

/**
 * A running tally kept beside the mirror (docs/decisions/060): `bookings` counts the mirrored
 * bookings by the fields the Overview's tiles read (domain/admin/booking-tally.ts), changed in
 * the same transaction as the bookings it counts.
 */
export interface BookingTallyRow {
  name: 'bookings';
  counts: BookingTally;
}
