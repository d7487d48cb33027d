/**
 * An in-memory stand-in for PocketBase behind the SyncTransport interface, for unit tests:
 * collections of rows, listAfter with PocketBase's (updated_at, id) order and the cursor
 * filter, realtime events sent by the test, and a log of every call in order.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { PLACEHOLDER_REVIEW_TEXT } from '@domain/reviews/reviews';
import type { DateWindow } from '@domain/schedule/day-plan';
import { AdminDb } from '../db';
import { compareCursors, type Cursor } from './cursor';
import { Mirror } from './mirror';
import type { RealtimeAction, ServerRow, SyncTransport } from './transport';

type Listener = (action: RealtimeAction, row: ServerRow) => void;

export class FakeServer implements SyncTransport {
  readonly rows = new Map<string, ServerRow[]>();
  readonly log: string[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly reconnectListeners = new Set<() => void>();
  /** Collections whose next listAfter fails. */
  readonly failNext = new Set<string>();
  /** Called before each listAfter answers (lets a test change the server mid-pull). */
  beforeAnswer: ((collection: string, after: Cursor | null) => void) | null = null;

  put(collection: string, ...rows: ServerRow[]): void {
    const list = this.rows.get(collection) ?? [];
    for (const row of rows) {
      const i = list.findIndex((r) => r.id === row.id);
      if (i >= 0) list[i] = row;
      else list.push(row);
    }
    this.rows.set(collection, list);
  }

  delete(collection: string, id: string): void {
    this.rows.set(
      collection,
      (this.rows.get(collection) ?? []).filter((r) => r.id !== id),
    );
  }

  async listAfter(collection: string, after: Cursor | null, limit: number, filter?: string): Promise<ServerRow[]> {
    this.log.push(`list ${collection} ${after ? `${after.updatedAt}|${after.id}` : '-'}`);
    this.beforeAnswer?.(collection, after);
    if (this.failNext.delete(collection)) throw new Error('network down');
    const placeholdersOut = filter?.includes(PLACEHOLDER_REVIEW_TEXT) ?? false;
    return (this.rows.get(collection) ?? [])
      .filter((r) => !after || compareCursors({ updatedAt: r.updated_at, id: r.id }, after) > 0)
      .filter((r) => !placeholdersOut || r.review_text !== PLACEHOLDER_REVIEW_TEXT)
      .sort((a, b) => compareCursors({ updatedAt: a.updated_at, id: a.id }, { updatedAt: b.updated_at, id: b.id }))
      .slice(0, limit)
      .map((r) => ({ ...r }));
  }

  async listWindow(collection: string, dateFields: readonly string[], window: DateWindow, limit: number): Promise<ServerRow[]> {
    this.log.push(`window ${collection} ${window.from}..${window.to}`);
    if (this.failNext.delete(`window ${collection}`)) throw new Error('network down');
    const inside = (r: ServerRow) => dateFields.some((f) => typeof r[f] === 'string' && r[f] >= window.from && r[f] <= window.to);
    return (this.rows.get(collection) ?? [])
      .filter(inside)
      .slice(0, limit)
      .map((r) => ({ ...r }));
  }

  async subscribe(collection: string, onEvent: Listener) {
    this.log.push(`subscribe ${collection}`);
    const set = this.listeners.get(collection) ?? new Set();
    set.add(onEvent);
    this.listeners.set(collection, set);
    return () => void set.delete(onEvent);
  }

  async onReconnect(cb: () => void) {
    this.reconnectListeners.add(cb);
    return () => void this.reconnectListeners.delete(cb);
  }

  /** Sends a realtime event to the subscribers of `collection`. */
  emit(collection: string, action: RealtimeAction, row: ServerRow): void {
    for (const l of this.listeners.get(collection) ?? []) l(action, { ...row });
  }

  reconnect(): void {
    for (const cb of this.reconnectListeners) cb();
  }

  listCalls(collection: string): string[] {
    return this.log.filter((l) => l.startsWith(`list ${collection} `));
  }
}

/** A row stamped `ms` milliseconds after 2026-11-20 17:00:00 UTC. */
export function row(id: string, ms: number, extra: Record<string, unknown> = {}): ServerRow {
  return { id, updated_at: new Date(Date.parse('2026-11-20T17:00:00Z') + ms).toISOString().replace('T', ' '), created_at: '2026-11-20 17:00:00.000Z', ...extra };
}

/**
 * What a sync test works on: a fresh AdminDb on fake IndexedDB (named `${prefix}-N`, a new one
 * each call), a FakeServer and a Mirror over the db. Call it in `beforeEach`; delete the db after.
 */
export function mirrorBed(prefix: string): { db: AdminDb; server: FakeServer; mirror: Mirror } {
  const db = new AdminDb(`${prefix}-${++beds}`, { indexedDB, IDBKeyRange });
  return { db, server: new FakeServer(), mirror: new Mirror(db) };
}
let beds = 0;
