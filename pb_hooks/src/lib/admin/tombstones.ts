/**
 * Tombstones: one `tombstones` row per deleted admin-readable record, so the admin's offline
 * mirror, which pulls changes by (updated_at, id), also learns what was deleted (docs/architecture.md
 * "Admin data and sync"; PocketBase keeps no record of deletions).
 */
import { nowMs, toPbDate } from '../clock';

/** How long a tombstone is kept (days): longer than a season, so any mirror synced within a year catches up. */
export const TOMBSTONE_RETENTION_DAYS = 400;

/**
 * Record hook (onRecordDeleteExecute, main.ts) for bookings, consultation_requests,
 * testimonials, charges, job_events and customers: deletes the record, then writes its tombstone
 * `{ collection_name, record_id, deleted_at }` through the same transaction, so a deletion never
 * commits without its tombstone (cascade deletions, e.g. a booking's charges, get theirs too).
 */
export function recordTombstone(e: core.RecordEvent): void {
  e.next();
  const record = e.record!;
  const tombstone = new Record(e.app.findCollectionByNameOrId('tombstones'));
  tombstone.set('collection_name', record.collection().name);
  tombstone.set('record_id', record.id);
  tombstone.set('deleted_at', toPbDate(nowMs()));
  e.app.save(tombstone);
}

/**
 * Deletes the tombstones older than TOMBSTONE_RETENTION_DAYS on the server clock (daily cron,
 * and POST /api/fn/jobs/purge-tombstones for operators and tests). Returns how many went.
 */
export function purgeTombstones(app: CoreApp): number {
  const cutoff = toPbDate(nowMs() - TOMBSTONE_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const old = app.findRecordsByFilter('tombstones', 'deleted_at < {:cutoff}', '', 0, 0, { cutoff } as unknown as dbx.Params);
  for (const t of old) app.delete(t!);
  return old.length;
}
