/**
 * The admin's outbox of on-site actions (docs/architecture.md "Admin data and sync" Outbox;
 * docs/decisions/016): what one queued action holds, the Dexie table it lives in, and the
 * client-made ids. An action is written to the outbox in the same Dexie transaction as its
 * optimistic local change, and stays there until the server has applied it (or the admin
 * discards it).
 */
import type { Dexie, Table } from 'dexie';

/**
 * `queued`: waiting for its turn (or for its backoff, or for a sign-in);
 * `sending`: a request is on its way (reset to queued if the tab died meanwhile);
 * `needs_attention`: the server refused it for good; kept until retried or discarded.
 */
export type OutboxState = 'queued' | 'sending' | 'needs_attention';

/** A photo carried by an entry: bytes, not a Blob, so every browser's IndexedDB keeps it. */
export interface StoredPhoto {
  bytes: ArrayBuffer;
  type: string;
  name: string;
}

export interface OutboxEntry {
  /** Client-made id (15 of [a-z0-9], a valid PocketBase id); a job event's record id. */
  id: string;
  /** Flush order: strictly increasing in the order actions were taken on this device. */
  seq: number;
  /**
   * Which action it is: the kind of one spec of core/outbox/action-registry.ts (OutboxKind there),
   * which says how it is sent, applied, undone and labelled. A plain string here: an entry read
   * back from the device may carry a kind this version of the app does not know.
   */
  kind: string;
  /** What the sender needs (JSON-like; a photo as StoredPhoto). */
  payload: Record<string, unknown>;
  /** Sent as the server's idempotency key (client_id or the Idempotency-Key header). */
  idempotencyKey: string;
  /** The staff account that took the action: never sent under another account. */
  accountId: string;
  /** The booking it concerns ('' if none), so a booking can show its queued actions. */
  bookingId: string;
  /** Epoch ms when the action was taken. */
  createdAt: number;
  /** Requests made for it so far. */
  attempts: number;
  /** Epoch ms before which the backoff timer leaves it alone. */
  nextAttemptAt: number;
  state: OutboxState;
  /** Until then (epoch ms) the admin may still take it back (Undo): no flush sends it earlier, forced or not. */
  undoUntil?: number;
  /** Why the last attempt did not apply it (the server's message when there is one), or ''. */
  lastError: string;
}

/** The Dexie store definition of the outbox table: primary key, then indexes. */
export const OUTBOX_STORE = 'id, seq, state, bookingId';

/** A Dexie database holding the outbox table (the AdminDb, or a test database). */
export interface OutboxDb {
  outbox: Table<OutboxEntry, string>;
  transaction: Dexie['transaction'];
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new client-made id: 15 characters of [a-z0-9] from the platform's secure random source,
 * without modulo bias (bytes ≥ 252 are drawn again). `random` fills a byte array (tests).
 */
export function newClientId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  let id = '';
  while (id.length < 15) {
    for (const byte of random(new Uint8Array(24))) {
      if (byte >= 252) continue;
      id += ID_ALPHABET[byte % 36];
      if (id.length === 15) break;
    }
  }
  return id;
}

/** What a caller gives to queue an action; the outbox fills in the rest. */
export interface NewOutboxEntry {
  id?: string;
  kind: string;
  payload: Record<string, unknown>;
  accountId: string;
  bookingId?: string;
  /** Defaults to `${kind}-${id}` (the shape the server's Idempotency-Key header accepts). */
  idempotencyKey?: string;
  /** How long the admin may take it back before it is sent (ms; Undo on a done mark). */
  undoMs?: number;
}
