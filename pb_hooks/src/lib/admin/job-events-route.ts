/**
 * POST /api/fn/job-events (docs/decisions/016; docs/architecture.md "Admin data and sync"; docs/decisions/016):
 * an on-site action from the admin's offline outbox, applied exactly once. Admin only (401
 * signed out, 403 staff without the admin role).
 *
 * Body, JSON or multipart/form-data (a photo needs multipart):
 *   { clientId: 15 of [a-z0-9]   made on the phone when the action was taken; it becomes the
 *                                event's record id, so the phone's optimistic row and the
 *                                server's are the same row,
 *     bookingId: string,
 *     kind: 'note' | 'install_done' | 'removal_done' | 'photo',
 *     text?: string             the note (required for kind note; ≤ 5,000 characters),
 *     occurredAt?: ISO instant  when the action was taken (default: the server's clock),
 *     photo?: image file        kind photo only, exactly one, ≤ 8 MB (JPEG, PNG, WebP, HEIC) }
 *
 * 200 { event, booking, replayed }: the event as stored and its booking as it now is (for the
 * admin's mirror). A done mark stamps `install_done_at` / `removal_done_at` (the first mark's
 * time wins) and `removal_done` (or `install_done` of a booking without removal) sets status
 * 'completed'. The same clientId sent again with the same action, also at the same instant,
 * answers the FIRST event (replayed true) and changes nothing.
 *
 * Errors (plain sentences): 400 a malformed request; 404 no such booking; 409 a done mark on a
 * cancelled, refunded or unpaid booking; 422 the clientId was used for another action; 507 a
 * photo while the data disk is short of space (lib/upload-room.ts, docs/decisions/042): our
 * failure, so the outbox keeps the photo and sends it again later.
 */
import { JOB_EVENT_MESSAGES, jobEventFingerprintSource, parseJobEventRequest, type PhotoInfo } from '@domain/job-events';
import { apiError, badRequest, readJsonObject } from '../http';
import { requireUploadRoom } from '../upload-room';
import { recordJobEvent } from './job-events-repo';
import { requireAdmin, staffIdOf } from './staff-auth';

/** The multipart form's fields as strings (first value of each), and its `photo` files. */
function readMultipart(e: core.RequestEvent): { body: Record<string, unknown>; files: filesystem.File[] } {
  const raw = e.requestInfo().body as Record<string, unknown>;
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(raw)) {
    const v = raw[key];
    body[key] = Array.isArray(v) ? v[0] : v;
  }
  let files: filesystem.File[];
  try {
    files = e.findUploadedFiles('photo').filter((f): f is filesystem.File => !!f);
  } catch {
    // No file part named photo: findUploadedFiles reports it as an error.
    files = [];
  }
  return { body, files };
}

export function jobEventsRoute(e: core.RequestEvent): void {
  requireAdmin(e);
  const contentType = String(e.request!.header.get('Content-Type') ?? '').toLowerCase();
  const { body, files } = contentType.startsWith('multipart/form-data') ? readMultipart(e) : { body: readJsonObject(e), files: [] };
  if (files.length > 1) throw badRequest('Please upload one photo per action.');
  const file = files[0] ?? null;
  if (file) requireUploadRoom(JOB_EVENT_MESSAGES.diskLow, 'job photo');
  const photo: PhotoInfo | null = file ? { name: file.originalName || file.name, size: file.size } : null;

  const parsed = parseJobEventRequest(body, photo);
  if (!parsed.ok) throw badRequest(parsed.message);
  const staffId = staffIdOf(e);
  const result = recordJobEvent($app, {
    request: parsed.value,
    fingerprint: $security.sha256(jobEventFingerprintSource(parsed.value, photo)),
    staffId,
    photo: file,
  });
  if ('refusal' in result) throw apiError(result.refusal.status, result.refusal.message);

  const event = $app.findRecordById('job_events', result.eventId);
  const booking = $app.findRecordById('bookings', event.getString('booking'));
  return e.json(200, { event, booking, replayed: result.replayed });
}
