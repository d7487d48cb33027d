/**
 * The admin's local database (docs/architecture.md "Admin data and sync"): one Dexie class mirroring what
 * the admin may read, plus the pull cursors and the outbox of actions waiting for the server
 * (core/outbox/, docs/decisions/016). Screens read it through useLiveQuery; only the sync
 * (pull, realtime), core/mutations.ts and the outbox write to it.
 */
import Dexie, { type DexieOptions, type EntityTable, type Table } from 'dexie';
import { tallyOf } from '@domain/admin/booking-tally';
import { OUTBOX_STORE, type OutboxEntry } from './model/outbox-entry';
import type { AdminBooking, BookingTallyRow, AdminCharge, AdminConsultation, AdminCustomer, AdminJobEvent, AdminTestimonial, AdminWaitlistEntry, AdminWaitlistOffer, SyncState } from './model/records';

/** The IndexedDB database name in the browser. */
export const ADMIN_DB_NAME = 'thoughtfully-adorned-admin';

export class AdminDb extends Dexie {
  bookings!: EntityTable<AdminBooking, 'id'>;
  consultations!: EntityTable<AdminConsultation, 'id'>;
  testimonials!: EntityTable<AdminTestimonial, 'id'>;
  charges!: EntityTable<AdminCharge, 'id'>;
  jobEvents!: EntityTable<AdminJobEvent, 'id'>;
  customers!: EntityTable<AdminCustomer, 'id'>;
  waitlistEntries!: EntityTable<AdminWaitlistEntry, 'id'>;
  waitlistOffers!: EntityTable<AdminWaitlistOffer, 'id'>;
  syncState!: EntityTable<SyncState, 'collection'>;
  tallies!: EntityTable<BookingTallyRow, 'name'>;
  outbox!: Table<OutboxEntry, string>;

  /** `options` lets tests pass fake-indexeddb's `indexedDB` and `IDBKeyRange`. */
  constructor(name = ADMIN_DB_NAME, options?: DexieOptions) {
    // Live query answers are frozen rather than deep-copied for each reader ('cloned', Dexie's
    // default): a copy of a season's bookings cost more than reading them (the schedule's
    // start). Screens never change what they read; writes build new rows (mutations.ts).
    super(name, { cache: 'immutable', ...options });
    // Indexes: the primary key (the server's id) first, then what screens filter or sort on.
    // Booleans cannot be indexed in IndexedDB, so approval and featured filters run in memory.
    this.version(1).stores({
      bookings: 'id, updated_at, created_at, install_date, removal_date',
      consultations: 'id, updated_at, created_at, consultation_date',
      testimonials: 'id, updated_at, created_at',
      charges: 'id, updated_at, booking',
      jobEvents: 'id, updated_at, booking',
      syncState: 'collection',
    });
    // docs/decisions/016: the outbox. Kept by clearAll: an expired session must not lose queued work.
    this.version(2).stores({ outbox: OUTBOX_STORE });
    // Pull cursors say when their collection was read to the end; the ones saved before this
    // version counted as complete already.
    this.version(3)
      .stores({})
      .upgrade((tx) => tx.table<SyncState, string>('syncState').toCollection().modify({ complete: true }));
    // Customers' own records (the home's notes), looked up by their key.
    this.version(4).stores({ customers: 'id, updated_at, email_key' });
    // The waitlist for full days (the waitlist contract): a day's entries and offers by date.
    this.version(5).stores({ waitlistEntries: 'id, updated_at, date', waitlistOffers: 'id, updated_at, entry, date' });
    // The Overview's booking tiles as a running tally (docs/decisions/060), kept by the mirror
    // in the transactions that write bookings; counted once here from the bookings held.
    this.version(6)
      .stores({ tallies: 'name' })
      .upgrade(async (tx) => {
        const bookings = await tx.table<AdminBooking, string>('bookings').toArray();
        await tx.table<BookingTallyRow, string>('tallies').put({ name: 'bookings', counts: tallyOf(bookings) });
      });
  }

  /** Every mirrored table, for clearing on sign-out. */
  get mirrorTables() {
    return [this.bookings, this.consultations, this.testimonials, this.charges, this.jobEvents, this.customers, this.waitlistEntries, this.waitlistOffers, this.syncState, this.tallies];
  }

  /**
   * Empties the mirror and its cursors (sign-out: no customer data stays on the device). The
   * outbox stays: after a session ends by itself its work is sent once the admin signs in again
   * (an explicit logout asks first and empties it, clearOutbox).
   */
  async clearAll(): Promise<void> {
    await this.transaction('rw', this.mirrorTables, async () => {
      await Promise.all(this.mirrorTables.map((t) => t.clear()));
    });
  }

  /**
   * Deletes the queued actions of `accountId` (an explicit logout the admin confirmed); those
   * of another admin on this device stay for that admin.
   */
  async clearOutbox(accountId: string): Promise<void> {
    await this.outbox.filter((e) => e.accountId === accountId).delete();
  }
}

let instance: AdminDb | null = null;

/** The app's database, opened on first use. */
export function adminDb(): AdminDb {
  instance ??= new AdminDb();
  return instance;
}
