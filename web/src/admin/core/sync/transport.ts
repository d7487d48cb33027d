/**
 * What the sync needs from the server, as a small interface: the PocketBase SDK implements it
 * (pb-transport.ts) and the unit tests fake it (an in-memory server).
 */
import type { DateWindow } from '@domain/schedule/day-plan';
import type { Cursor } from './cursor';

/** A record as the server sends it. */
export type ServerRow = Record<string, unknown> & { id: string; updated_at: string };

export type RealtimeAction = 'create' | 'update' | 'delete';

/** Stops a subscription. */
export type Unsubscribe = () => Promise<void> | void;

export interface SyncTransport {
  /**
   * Up to `limit` rows of `collection` whose (updated_at, id) is greater than `after` (all rows
   * when null), sorted by updated_at then id, matching `filter` (a PocketBase filter) if given.
   * Rejects on a network or server failure.
   */
  listAfter(collection: string, after: Cursor | null, limit: number, filter?: string): Promise<ServerRow[]>;
  /**
   * Up to `limit` rows of `collection` with any of `dateFields` (text, `YYYY-MM-DD`) inside
   * `window`, in no particular order. Rejects on a network or server failure.
   */
  listWindow(collection: string, dateFields: readonly string[], window: DateWindow, limit: number): Promise<ServerRow[]>;
  /** Calls `onEvent` for every create, update and delete of `collection` from now on. */
  subscribe(collection: string, onEvent: (action: RealtimeAction, row: ServerRow) => void): Promise<Unsubscribe>;
  /**
   * Calls `onReconnect` whenever the realtime connection comes back after a drop (not on the
   * first connection): realtime does not replay what was missed, so the sync pulls.
   */
  onReconnect(onReconnect: () => void): Promise<Unsubscribe>;
}
