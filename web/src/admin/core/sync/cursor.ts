/**
 * The pull cursor (docs/architecture.md "Admin data and sync"): the last (updated_at, id) applied. Rows
 * are pulled in that order; the id breaks ties between rows changed in the same millisecond.
 * PocketBase datetimes ('2026-11-20 17:00:00.123Z') sort as text in time order.
 */

export interface Cursor {
  updatedAt: string;
  id: string;
}

/** How far behind the stored cursor each pull starts, in ms (see rewind). */
export const REWIND_MS = 5_000;

/**
 * Compares two cursors: negative when `a` comes first. Plain string comparison, as SQLite's
 * ORDER BY updated_at, id does for these ASCII values.
 */
export function compareCursors(a: Cursor, b: Cursor): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The later of two cursors (either may be null). */
export function laterCursor(a: Cursor | null, b: Cursor | null): Cursor | null {
  if (!a) return b;
  if (!b) return a;
  return compareCursors(a, b) >= 0 ? a : b;
}

/** A PocketBase datetime ('2026-11-20 17:00:00.123Z') for epoch ms. */
export function toPbDatetime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ');
}

/**
 * Where a pull starts: `ms` before the cursor's time, with no id, so every row stamped in that
 * window is read again. A row's timestamp is set before its write commits, so a write can
 * become visible after a later-stamped row was already pulled; re-reading a few seconds is
 * harmless because rows are upserted by id. An unreadable timestamp restarts from the beginning.
 */
export function rewind(cursor: Cursor, ms = REWIND_MS): Cursor | null {
  const t = Date.parse(cursor.updatedAt.replace(' ', 'T'));
  return Number.isFinite(t) ? { updatedAt: toPbDatetime(t - ms), id: '' } : null;
}
