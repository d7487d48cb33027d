/**
 * The admin's local database (DESIGN.md "Admin data and sync"): one Dexie class mirroring what
 * the admin may read, plus the pull cursors. Screens read it through useLiveQuery; only the
 * sync (pull, realtime) and data/mutations.ts write to it.
 */
import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import type { AdminBooking, AdminCharge, AdminConsultation, AdminJobEvent, AdminTestimonial, SyncState } from './records';

/** The IndexedDB database name in the browser. */
export const ADMIN_DB_NAME = 'thoughtfully-adorned-admin';

export class AdminDb extends Dexie {
  bookings!: EntityTable<AdminBooking, 'id'>;
  consultations!: EntityTable<AdminConsultation, 'id'>;
  testimonials!: EntityTable<AdminTestimonial, 'id'>;
  charges!: EntityTable<AdminCharge, 'id'>;
  jobEvents!: EntityTable<AdminJobEvent, 'id'>;
  syncState!: EntityTable<SyncState, 'collection'>;

  /** `options` lets tests pass fake-indexeddb's `indexedDB` and `IDBKeyRange`. */
  constructor(name = ADMIN_DB_NAME, options?: DexieOptions) {
    super(name, options);
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
  }

  /** Every mirrored table, for clearing on sign-out. */
  get mirrorTables() {
    return [this.bookings, this.consultations, this.testimonials, this.charges, this.jobEvents, this.syncState];
  }

  /** Empties the mirror and its cursors (sign-out: no customer data stays on the device). */
  async clearAll(): Promise<void> {
    await this.transaction('rw', this.mirrorTables, async () => {
      await Promise.all(this.mirrorTables.map((t) => t.clear()));
    });
  }
}

let instance: AdminDb | null = null;

/** The app's database, opened on first use. */
export function adminDb(): AdminDb {
  instance ??= new AdminDb();
  return instance;
}
