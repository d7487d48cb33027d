/**
 * The pull (docs/architecture.md "Admin data and sync"): the records of one collection changed since its
 * cursor, page by page in (updated_at, id) order, each page applied to the mirror together with
 * the cursor it reached, so an interrupted pull resumes where it stopped.
 */
import { COLLECTIONS, TOMBSTONES, type PulledCollection } from './collections';
import { laterCursor, rewind, type Cursor } from './cursor';
import type { Mirror } from './mirror';
import type { SyncTransport } from './transport';

/**
 * Rows per request: PocketBase's largest page, so a season's first pull is a few requests and
 * a few writes (each write also wakes the screens' live queries; docs/decisions/060).
 */
export const PAGE_SIZE = 1000;

/**
 * Pulls `collection` (a mirrored collection or the tombstones) into the mirror. Starts a few
 * seconds behind the stored cursor (cursor.ts rewind), reads pages of `pageSize` until a short
 * page (asking for each page while the one before is written), applies them in order, and
 * never moves the stored cursor backwards; once it has read to the end, the cursor is marked
 * `complete` (and stays so). Resolves with the number of rows read;
 * rejects with the transport's error (the rows applied so far stay, with their cursor). Once
 * `stopped()` is true no further page is applied (the session ended while a page was on its
 * way: nothing may be written to the mirror after sign-out emptied it).
 */
export async function pullCollection(mirror: Mirror, transport: SyncTransport, collection: PulledCollection, pageSize = PAGE_SIZE, stopped: () => boolean = () => false): Promise<number> {
  const saved = await mirror.db.syncState.get(collection);
  let stored: Cursor | null = saved ? { updatedAt: saved.cursorUpdatedAt, id: saved.cursorId } : null;
  let after = stored ? rewind(stored) : null;
  const filter = collection === TOMBSTONES ? undefined : COLLECTIONS[collection].serverFilter;
  let read = 0;
  // The next page is asked for as soon as a page arrives (its last row is the next cursor), so
  // the server reads it while this one is written to IndexedDB.
  let next = transport.listAfter(collection, after, pageSize, filter);
  for (;;) {
    const rows = await next;
    if (stopped()) return read;
    read += rows.length;
    const last = rows.at(-1);
    const more = rows.length >= pageSize && !!last;
    if (more) {
      next = transport.listAfter(collection, { updatedAt: last.updated_at, id: last.id }, pageSize, filter);
      // Awaited in the next round; if writing this page fails first, its failure is not a second error.
      next.catch(() => undefined);
    }
    if (last) {
      after = { updatedAt: last.updated_at, id: last.id };
      stored = laterCursor(stored, after);
      const state = { collection, cursorUpdatedAt: stored!.updatedAt, cursorId: stored!.id, complete: saved?.complete === true || !more };
      if (collection === TOMBSTONES) await mirror.applyTombstones(rows, state);
      else await mirror.apply(collection, rows, state);
    }
    if (!more) {
      // Read to the end with no row on this last page (an empty collection, or one whose size
      // is a multiple of the page): say so all the same, so an offline start knows its list is
      // complete (docs/decisions/016: the schedule shows with no consultations yet).
      if (!last && saved?.complete !== true) {
        await mirror.db.syncState.put({ collection, cursorUpdatedAt: stored?.updatedAt ?? '', cursorId: stored?.id ?? '', complete: true });
      }
      return read;
    }
  }
}
