/**
 * The shape of one offline action (docs/architecture.md "Admin data and sync", "Adding an offline
 * action"; docs/decisions/016): everything the outbox, the mutations and the outbox dialog know
 * about a kind of entry sits in its spec, one file per kind under `actions/`, which lists itself
 * in `action-registry.ts`'s OutboxActions (docs/decisions/066). Nothing else switches over the kind.
 */
import type { AdminDb } from '../db';
import type { OutboxEntry } from '../model/outbox-entry';
import type { AdminBooking, AdminCharge, AdminConsultation, AdminCustomer, AdminJobEvent, AdminTestimonial, AdminWaitlistEntry, AdminWaitlistOffer } from '../model/records';
import { tableOf, type MirroredCollection } from '../sync/collections';
import type { Mirror } from '../sync/mirror';
import type { ServerRow } from '../sync/transport';

/** What an entry carries (JSON-like; a photo as StoredPhoto), as stored in OutboxEntry.payload. */
export type Payload = Record<string, unknown>;

/** An entry of one kind, its payload typed. */
export type ActionEntry<P extends Payload> = Omit<OutboxEntry, 'payload'> & { payload: P };

/**
 * A payload as read back from the device for a label: every field may be missing or of another
 * shape (an entry queued by an older version of the app), so a label checks what it reads.
 */
export type StoredPayload<P extends Payload> = { [F in keyof P]?: unknown };

/** The row type of each mirrored collection. */
interface LocalRows {
  bookings: AdminBooking;
  consultation_requests: AdminConsultation;
  testimonials: AdminTestimonial;
  charges: AdminCharge;
  job_events: AdminJobEvent;
  customers: AdminCustomer;
  waitlist_entries: AdminWaitlistEntry;
  waitlist_offers: AdminWaitlistOffer;
}

/** A row written to the mirror with the entry, in the same Dexie transaction. */
export type OptimisticRow = { [C in MirroredCollection]: { collection: C; row: LocalRows[C] } }[MirroredCollection];

/** The fields of an entry being queued that its optimistic row may use. */
export type NewActionEntry<P extends Payload> = Pick<ActionEntry<P>, 'id' | 'payload' | 'accountId' | 'bookingId' | 'idempotencyKey'>;

/** What an optimistic row is made from besides the entry: the instant the action was taken. */
export interface ActionContext {
  at: Date;
}

export interface ActionSpec<K extends string, P extends Payload, A> {
  /** Stored as OutboxEntry.kind: never rename one (entries queued before an update still carry it). */
  kind: K;
  /**
   * The idempotency key of a new entry with client-made id `id`; without it `${kind}-${id}`
   * (the shape the server's Idempotency-Key header accepts). A caller may pass its own
   * (a charge: one key per attempt).
   */
  key?(id: string): string;
  /** The booking the entry concerns ('' for none), so a booking shows its queued actions; without it `payload.bookingId`. */
  bookingId?(payload: P): string;
  /**
   * Sends the entry once through its server route, with its key (entry.idempotencyKey, or
   * entry.id as a record id); resolves with the server's answer, rejects like the SDK
   * (core/outbox/send-failure.ts decides what a rejection means).
   */
  send(entry: ActionEntry<P>): Promise<A>;
  /** Puts the records of the server's answer into the mirror (through `mirror`, its one writer). */
  apply(mirror: Mirror, entry: ActionEntry<P>, answer: A): Promise<void>;
  /** The row shown at once, written with the entry (absent: the screen shows the entry itself). */
  optimistic?(entry: NewActionEntry<P>, context: ActionContext): OptimisticRow;
  /**
   * Undoes the optimistic change of an entry that will not be sent (Discard under 'Needs
   * attention', Undo, or refused while the screen waited). Runs after the entry is deleted,
   * outside its transaction.
   */
  undo(db: AdminDb, entry: ActionEntry<P>): Promise<void>;
  /** One line for 'Changes on this device' and 'Needs attention', e.g. 'Note: “Gate code 1234”'. */
  label(payload: StoredPayload<P>): string;
}

/** Declares a spec, checking it against ActionSpec while keeping its own kind, payload and answer types. */
export function defineAction<K extends string, P extends Payload, A>(spec: ActionSpec<K, P, A>): ActionSpec<K, P, A> {
  return spec;
}

/** The answer's records, leaving out whatever is not a record (a missing or null field). */
export function serverRows(...rows: unknown[]): ServerRow[] {
  return rows.filter((r): r is ServerRow => !!r && typeof r === 'object' && typeof (r as ServerRow).id === 'string');
}

/** The undo of an action without an optimistic change. */
export async function nothingToUndo(): Promise<void> {}

/**
 * The undo of an action whose optimistic row in `collection` has the entry's id: removes it
 * while it is still the optimistic one (no server time yet); a row the server sent stays.
 */
export function removeOptimisticRow(collection: MirroredCollection): (db: AdminDb, entry: { id: string }) => Promise<void> {
  return async (db, entry) => {
    const table = tableOf(db, collection);
    const row = await table.get(entry.id);
    if (row && !row.updated_at) await table.delete(entry.id);
  };
}

/** A string field of a stored payload, or ''. */
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
