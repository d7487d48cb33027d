/**
 * Uploads no booking links to (docs/decisions/042-bounded-uploads.md; docs/product.md §5 Images,
 * §7 Storage): an inspiration image is public by its URL, often a photo of a customer's home,
 * so it is kept only while it may still become, or is, part of a booking.
 *
 * - The orphan job (cron `delete-orphan-uploads`, hourly, and POST
 *   /api/fn/jobs/delete-orphan-uploads) deletes the uploads that no booking links to once they
 *   are ORPHAN_UPLOAD_HOURS (24) old on the server clock (`uploaded_at`; APP_NOW in tests).
 * - A checkout hold that ended unpaid (cancelled as hold_expired, checkout_failed or replaced,
 *   docs/decisions/045) stops counting as a link ORPHAN_UPLOAD_HOURS after it ended: the
 *   customer did not book, and a new checkout of theirs links the images itself. It ended at
 *   its `hold_expires_at`, or when it was cancelled (`updated_at`) if that came first.
 * - Deleting a booking deletes the uploads it linked to that no other booking links to, in the
 *   delete's transaction (booking-delete-hooks.ts); its job events, photos included, go by the
 *   relation's cascade (pb_migrations/1732000005).
 * PocketBase removes a deleted record's files once its transaction commits, so their URLs answer
 * 404 from then on.
 *
 * "Links to" is read from `bookings.style_inspiration_images` by SQL, never loaded whole: a
 * link names an upload when it contains `/api/files/<collection>/<record id>/`, the shape of
 * every link a booking stores (lib/bookings/inspiration-images.ts builds them from the record
 * id since docs/decisions/007). It is a substring test, so it can only keep too much, never
 * delete an upload a booking shows.
 */
import { ORPHAN_UPLOAD_HOURS } from '@domain/booking/inspiration-images';
import { nowMs, toPbDate } from '../clock';
import { runJob, type ServerJob } from '../run-job';
import { BookingStatus } from '@domain/booking/lifecycle';

const COLLECTION = 'inspiration_images';

/** How many candidates one page of the job reads and deletes in one transaction. */
const PAGE = 100;

/** The cancel reasons of a checkout hold that ended unpaid (domain/booking/lifecycle.ts 'hold_ended'). */
const HOLD_ENDED_REASONS = "'hold_expired', 'checkout_failed', 'replaced'";

/**
 * SQL: upload `i` is linked to by no booking, whatever its status, except a checkout hold that
 * ended unpaid before {:holdCutoff} (a PocketBase datetime).
 */
const UNLINKED = `NOT EXISTS (
  SELECT 1 FROM bookings b,
    json_each(CASE WHEN json_valid(b.style_inspiration_images) THEN b.style_inspiration_images ELSE '[]' END) j
  WHERE j.type = 'text' AND j.value LIKE '%/api/files/%/' || i.id || '/%'
    AND NOT (b.status = '${BookingStatus.Cancelled}' AND b.cancel_reason IN (${HOLD_ENDED_REASONS})
      AND (CASE WHEN b.hold_expires_at != '' AND b.hold_expires_at < b.updated_at THEN b.hold_expires_at ELSE b.updated_at END) < {:holdCutoff}))`;

/** The query parameter {:holdCutoff} at `now` (epoch ms): holds that ended before it no longer count as links. */
function holdCutoff(now: number): { holdCutoff: string } {
  return { holdCutoff: toPbDate(now - ORPHAN_UPLOAD_HOURS * 60 * 60 * 1000) };
}

/** Ids of unlinked uploads matching `where` (on alias i), in id order, at most `limit`; `params` include {:holdCutoff}. */
function unlinkedIds(app: CoreApp, where: string, params: Record<string, unknown>, limit: number): string[] {
  const rows = arrayOf(new DynamicModel({ id: '' })) as unknown as { id: string }[];
  app
    .db()
    .newQuery(`SELECT i.id AS id FROM inspiration_images i WHERE ${where} AND ${UNLINKED} ORDER BY i.id LIMIT ${Math.trunc(limit)}`)
    .bind(params as unknown as dbx.Params)
    .all(rows);
  return rows.map((r) => r.id);
}

/** Deletes upload `id` in transaction `tx` if it still exists and no booking links to it; true if it went. `params` include {:holdCutoff}. */
function deleteIfUnlinked(tx: CoreApp, id: string, params: Record<string, unknown>, where = '1 = 1'): boolean {
  if (unlinkedIds(tx, `i.id = {:id} AND ${where}`, { ...params, id }, 1).length === 0) return false;
  tx.delete(tx.findRecordById(COLLECTION, id));
  return true;
}

/**
 * Deletes, with their files, the uploads uploaded before `now` − ORPHAN_UPLOAD_HOURS (epoch ms)
 * that no booking links to (a hold that ended unpaid that long ago no longer links). Pages through the candidates by id, PAGE at a time; each page is
 * checked again and deleted in one transaction, so a booking saved meanwhile keeps its images.
 * Returns how many went.
 */
export function deleteOrphanUploads(app: CoreApp, now: number): number {
  const params = { cutoff: toPbDate(now - ORPHAN_UPLOAD_HOURS * 60 * 60 * 1000), ...holdCutoff(now) };
  const old = 'i.uploaded_at < {:cutoff}';
  let after = '';
  let deleted = 0;
  for (;;) {
    const page = unlinkedIds(app, `${old} AND i.id > {:after}`, { ...params, after }, PAGE);
    if (page.length === 0) break;
    let gone = 0;
    app.runInTransaction((tx) => {
      gone = page.filter((id) => deleteIfUnlinked(tx, id, params, old)).length;
    });
    deleted += gone;
    if (page.length < PAGE) break;
    after = page[page.length - 1]!;
  }
  return deleted;
}

/** The orphan job on the server clock (cron `delete-orphan-uploads` in route-table.ts). */
export function deleteOrphanUploadsJob(app: CoreApp): number {
  return deleteOrphanUploads(app, nowMs());
}

/**
 * POST /api/fn/jobs/delete-orphan-uploads, superuser only: runs the orphan job now, or at
 * `{ now }` (an ISO time, for the server tests and for an operator catching up), and answers
 * { deleted }.
 */
/** The job on the runner (run-command.ts runJob): the app's clock unless the body names `now`. */
export const orphanUploadsRunNow: ServerJob = {
  path: '/api/fn/jobs/delete-orphan-uploads',
  takesNow: true,
  run: (app, now) => ({ deleted: deleteOrphanUploads(app, now) }),
};

export function orphanUploadsJobRoute(e: core.RequestEvent): void {
  runJob(e, orphanUploadsRunNow);
}

/**
 * In transaction `tx`, after a booking's row is deleted: deletes the uploads of `ids` (the
 * booking's, domain linkedInspirationIds) that no remaining booking links to, whatever their
 * age (on the server clock, for the holds that ended unpaid). Returns how many went.
 */
export function deleteUnlinkedUploads(tx: CoreApp, ids: readonly string[]): number {
  const params = holdCutoff(nowMs());
  return ids.filter((id) => deleteIfUnlinked(tx, id, params)).length;
}
