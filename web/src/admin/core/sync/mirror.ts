/**
 * Writes to the local mirror, shared by the pull, the realtime events and core/mutations.ts,
 * so every path follows the same rules:
 * - rows are upserted by the server's id (never duplicated);
 * - a row older than the one held (by updated_at) is ignored, so a page fetched before a
 *   realtime update cannot undo it;
 * - a record known to be deleted is never written again (PocketBase never reuses ids), so a
 *   page fetched before a deletion cannot bring it back;
 * - rows the collection does not keep (review placeholders) are removed, not stored;
 * - the bookings' running tally (domain/admin/booking-tally.ts, docs/decisions/060) changes by
 *   every booking written or removed.
 * Each call is one Dexie transaction, together with the cursor it advances and the tally.
 */
import { changeTally, type TalliedBooking } from '@domain/admin/booking-tally';
import { COLLECTIONS, isMirrored, tableOf, toLocalRow, type MirroredCollection } from './collections';
import type { AdminDb } from '../db';
import type { AdminBooking, MirroredRow, SyncState } from '../model/records';
import type { DateWindow } from '@domain/schedule/day-plan';
import type { ServerRow } from './transport';

export class Mirror {
  /**
   * `db`: the database (or a connection to it); `deleted`: `collection:id` of records deleted
   * on the server during this session, shared by the mirrors of one page (admin-data.ts).
   */
  constructor(
    readonly db: AdminDb,
    private readonly deleted = new Set<string>(),
  ) {}

  /**
   * Upserts `rows` of `collection` under the rules above and, in the same transaction, stores
   * `cursor` when given (keeping the first look's window until the cursor is complete). Returns
   * the number of rows written or removed.
   */
  async apply(collection: MirroredCollection, rows: readonly ServerRow[], cursor?: SyncState): Promise<number> {
    const table = tableOf(this.db, collection);
    return this.db.transaction('rw', [table, this.db.syncState, this.db.tallies], async () => {
      const written = await this.upsert(collection, rows);
      if (cursor) {
        const window = cursor.complete ? undefined : (await this.db.syncState.get(collection))?.window;
        await this.db.syncState.put(window ? { ...cursor, window } : cursor);
      }
      return written;
    });
  }

  /**
   * The first look (first-look.ts): upserts each collection's `rows` under the rules above and
   * records `window` with its cursor (not for a collection already complete), all in one
   * transaction, so a screen never sees the window without its rows.
   */
  async applyWindow(batches: readonly { collection: MirroredCollection; rows: readonly ServerRow[] }[], window: DateWindow): Promise<void> {
    const tables = batches.map((b) => tableOf(this.db, b.collection));
    await this.db.transaction('rw', [...tables, this.db.syncState, this.db.tallies], async () => {
      for (const { collection, rows } of batches) {
        await this.upsert(collection, rows);
        const state = await this.db.syncState.get(collection);
        if (state?.complete) continue;
        await this.db.syncState.put({ ...(state ?? { collection, cursorUpdatedAt: '', cursorId: '' }), window });
      }
    });
  }

  /** The upsert of apply, inside the caller's transaction. */
  private async upsert(collection: MirroredCollection, rows: readonly ServerRow[]): Promise<number> {
    const spec = COLLECTIONS[collection];
    const table = tableOf(this.db, collection);
    // The newest version of each id in this batch.
    const newest = new Map<string, ServerRow>();
    for (const row of rows) {
      if (this.deleted.has(`${collection}:${row.id}`)) continue;
      const seen = newest.get(row.id);
      if (!seen || seen.updated_at <= row.updated_at) newest.set(row.id, row);
    }
    const batch = [...newest.values()];
    const held = await table.bulkGet(batch.map((r) => r.id));
    const puts: MirroredRow[] = [];
    const drops: string[] = [];
    batch.forEach((row, i) => {
      const local = held[i];
      if (!spec.keep(row)) {
        if (local) drops.push(row.id);
        return;
      }
      if (local && local.updated_at > row.updated_at) return;
      puts.push(toLocalRow(row));
    });
    if (puts.length) await table.bulkPut(puts);
    if (drops.length) await table.bulkDelete(drops);
    if (collection === 'bookings' && puts.length + drops.length > 0) {
      const byId = new Map(batch.map((row, i) => [row.id, held[i]]));
      const replaced = [...puts.map((p) => byId.get(p.id)), ...drops.map((id) => byId.get(id))].filter((b): b is MirroredRow => !!b);
      await this.changeBookingTally(puts as AdminBooking[], replaced as AdminBooking[]);
    }
    return puts.length + drops.length;
  }

  /** The bookings' tally, with `added` counted and `removed` taken out, inside the caller's transaction. */
  private async changeBookingTally(added: readonly TalliedBooking[], removed: readonly TalliedBooking[]): Promise<void> {
    const counts = (await this.db.tallies.get('bookings'))?.counts ?? {};
    await this.db.tallies.put({ name: 'bookings', counts: changeTally(changeTally(counts, removed, -1), added, 1) });
  }

  /** Deletes the held bookings of `ids` and takes them out of the tally, inside the caller's transaction. */
  private async deleteBookings(ids: readonly string[]): Promise<void> {
    const unique = [...new Set(ids)];
    const held = (await this.db.bookings.bulkGet(unique)).filter((b): b is AdminBooking => !!b);
    await this.db.bookings.bulkDelete(unique);
    if (held.length) await this.changeBookingTally([], held);
  }

  /** Deletes records of `collection` that the server deleted, and remembers them as deleted. */
  async remove(collection: MirroredCollection, ids: readonly string[]): Promise<void> {
    for (const id of ids) this.deleted.add(`${collection}:${id}`);
    if (collection !== 'bookings') {
      await tableOf(this.db, collection).bulkDelete([...ids]);
      return;
    }
    await this.db.transaction('rw', this.db.bookings, this.db.tallies, () => this.deleteBookings(ids));
  }

  /**
   * Applies pulled tombstones ({ collection_name, record_id }): each named record of a
   * mirrored collection is deleted. Stores `cursor` in the same transaction.
   */
  async applyTombstones(rows: readonly ServerRow[], cursor?: SyncState): Promise<number> {
    const byCollection = new Map<MirroredCollection, string[]>();
    for (const row of rows) {
      const name = String(row.collection_name ?? '');
      const id = String(row.record_id ?? '');
      if (!isMirrored(name) || !id) continue;
      this.deleted.add(`${name}:${id}`);
      byCollection.set(name, [...(byCollection.get(name) ?? []), id]);
    }
    const tables = [...byCollection.keys()].map((c) => tableOf(this.db, c));
    await this.db.transaction('rw', [...tables, this.db.syncState, this.db.tallies], async () => {
      for (const [collection, ids] of byCollection) {
        if (collection === 'bookings') await this.deleteBookings(ids);
        else await tableOf(this.db, collection).bulkDelete(ids);
      }
      if (cursor) await this.db.syncState.put(cursor);
    });
    return [...byCollection.values()].reduce((n, ids) => n + ids.length, 0);
  }
}
