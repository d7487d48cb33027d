/**
 * On-site job events (docs/decisions/016; docs/architecture.md "Admin data and sync", decision 11;
 * docs/decisions/016): what the admin's offline outbox may send to `POST /api/fn/job-events`,
 * how the server recognises a replay of the same action, and what a done mark does to its
 * booking. Pure: the hook reads the records and calls in; the web app uses the same parser and
 * messages, so a queued action is checked the same way before it leaves the phone.
 */
import type { BookingFields, BookingRow } from './booking-row';
import { isGoingAhead, isLive, isPaid, isRefunded, lifecycleOf, transition, NO_SUCH_BOOKING } from './lifecycle';
import type { ParseResult } from './schemas';
import { normalizeText } from '../text';
import { isOneOf } from '../one-of';

export const JOB_EVENT_KINDS = ['note', 'install_done', 'removal_done', 'photo'] as const;
export type JobEventKind = (typeof JOB_EVENT_KINDS)[number];

/** The `job_events.text` field's limit (characters, after normalizeText). */
export const MAX_JOB_EVENT_TEXT = 5000;
/** The `job_events.photo` field's limit (bytes): a phone photo resized to 1600 px is far smaller. */
export const MAX_JOB_PHOTO_BYTES = 8 * 1024 * 1024;

export const JOB_EVENT_MESSAGES = {
  clientIdInvalid: 'The action id must be 15 lowercase letters or digits.',
  bookingMissing: 'Please choose the booking.',
  kindInvalid: 'The action must be a note, a photo, install done or removal done.',
  noteEmpty: 'Please write a note before adding it.',
  textTooLong: `Notes must be at most ${MAX_JOB_EVENT_TEXT} characters.`,
  occurredAtInvalid: 'The time of the action is not a valid date.',
  photoMissing: 'Please choose one photo to upload.',
  photoUnexpected: 'Only a photo action can carry a photo.',
  photoTooLarge: 'The photo is larger than 8 MB. Please choose a smaller one.',
  /** 507 (docs/decisions/042): the server's disk is short of space; the outbox sends the photo again later. */
  diskLow: 'The server is short of storage space, so the photo cannot be saved yet. It stays queued and will be sent again.',
  notFound: NO_SUCH_BOOKING,
  cancelled: 'This booking was cancelled, so it cannot be marked done.',
  notConfirmed: "This booking's deposit has not been paid, so it cannot be marked done.",
  reused: 'This action id was already used for a different action. Please discard it and record the action again.',
} as const;

/** A job event as the outbox sends it (after parsing; `occurredAt` '' when not sent). */
export interface JobEventRequest {
  /** The client-made id: the job event's record id and its `client_id`. */
  clientId: string;
  bookingId: string;
  kind: JobEventKind;
  /** The note (kind note), a caption (photo) or '' (done marks may carry a remark). */
  text: string;
  /** When the admin took the action (ISO instant as sent), '' to use the server's clock. */
  occurredAt: string;
}

/** What the server knows of an uploaded photo before storing it. */
export interface PhotoInfo {
  name: string;
  size: number;
}

/** A client-made record id (docs/architecture.md "Conflicts"): PocketBase's own id shape, 15 of [a-z0-9]. */
export function isClientId(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z0-9]{15}$/.test(value);
}

export function isJobEventKind(value: unknown): value is JobEventKind {
  return isOneOf(JOB_EVENT_KINDS, value);
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * Checks a job-event request: `body` is the JSON object or the multipart form's fields
 * ({ clientId, bookingId, kind, text?, occurredAt? }), `photo` the uploaded file, if any.
 * Text is normalised as multi-line free text (domain/text.ts). A note needs text; a photo
 * needs exactly the file (≤ MAX_JOB_PHOTO_BYTES); other kinds take no file.
 */
export function parseJobEventRequest(body: Record<string, unknown>, photo: PhotoInfo | null): ParseResult<JobEventRequest> {
  const clientId = str(body.clientId).trim();
  if (!isClientId(clientId)) return { ok: false, message: JOB_EVENT_MESSAGES.clientIdInvalid };
  const bookingId = str(body.bookingId).trim();
  if (!bookingId) return { ok: false, message: JOB_EVENT_MESSAGES.bookingMissing };
  const kind = str(body.kind).trim();
  if (!isJobEventKind(kind)) return { ok: false, message: JOB_EVENT_MESSAGES.kindInvalid };
  const text = normalizeText(str(body.text), 'multiline');
  if (text.length > MAX_JOB_EVENT_TEXT) return { ok: false, message: JOB_EVENT_MESSAGES.textTooLong };
  if (kind === 'note' && !text) return { ok: false, message: JOB_EVENT_MESSAGES.noteEmpty };
  const occurredAt = str(body.occurredAt).trim();
  if (occurredAt && !Number.isFinite(Date.parse(occurredAt))) return { ok: false, message: JOB_EVENT_MESSAGES.occurredAtInvalid };
  if (kind === 'photo') {
    if (!photo) return { ok: false, message: JOB_EVENT_MESSAGES.photoMissing };
    if (photo.size > MAX_JOB_PHOTO_BYTES) return { ok: false, message: JOB_EVENT_MESSAGES.photoTooLarge };
  } else if (photo) {
    return { ok: false, message: JOB_EVENT_MESSAGES.photoUnexpected };
  }
  return { ok: true, value: { clientId, bookingId, kind, text, occurredAt } };
}

/**
 * The text whose hash tells a replay (same action) from a reuse of the id for another one: the
 * request as sent (not the server's resolved time, which would differ on a replay) and the
 * photo's size. The outbox sends the same stored bytes every time, so the size is stable.
 */
export function jobEventFingerprintSource(req: JobEventRequest, photo: PhotoInfo | null): string {
  return JSON.stringify(['job-event/1', req.clientId, req.bookingId, req.kind, req.text, req.occurredAt, photo ? photo.size : null]);
}

/** The booking fields a done mark reads and writes (the typed `bookings` row, domain/booking/booking-row.ts). */
export type DoneMarkBooking = Pick<BookingRow, 'status' | 'payment_status' | 'removal_date' | 'removal_time_slot'> &
  BookingFields<'install_done_at' | 'removal_done_at' | 'removal_hold' | 'cancel_reason'>;

/**
 * Why booking `b` cannot be marked done, or null: a cancelled or refunded booking never went
 * ahead, and one whose deposit is unpaid was never confirmed. Notes and photos are always taken.
 */
export function doneMarkBlocker(b: Pick<DoneMarkBooking, 'status' | 'payment_status'>): string | null {
  if (!isLive(b) || isRefunded(b)) return JOB_EVENT_MESSAGES.cancelled;
  if (!isPaid(b) && !isGoingAhead(b)) return JOB_EVENT_MESSAGES.notConfirmed;
  return null;
}

/** The fields a done mark may change on its booking. */
export type DoneMarkChanges = Partial<Pick<DoneMarkBooking, 'status' | 'install_done_at' | 'removal_done_at'>>;

/**
 * What a done mark changes on its booking (the server owns statuses, docs/architecture.md
 * "Conflicts"), asked of the lifecycle's `transition` (domain/booking/lifecycle.ts,
 * docs/decisions/045) like every other status change:
 * - install_done sets `install_done_at` and completes a booking that has no removal;
 * - removal_done sets `removal_done_at` and completes the booking; it is refused (a plain
 *   sentence, LIFECYCLE_MESSAGES.installFirst) before the installation is done, and refused for
 *   a booking without a removal or whose removal is only held for its payment;
 * - a visit already done changes nothing: the first mark wins, a second device's mark is taken.
 * `at` is the action's time (PocketBase datetime). Notes and photos change nothing. The caller
 * checks `doneMarkBlocker` first.
 */
export function doneMarkChanges(kind: JobEventKind, b: DoneMarkBooking, at: string): { ok: true; changes: DoneMarkChanges } | { ok: false; message: string } {
  if (kind !== 'install_done' && kind !== 'removal_done') return { ok: true, changes: {} };
  const visit = kind === 'install_done' ? 'install' : 'removal';
  const stamp = visit === 'install' ? 'install_done_at' : 'removal_done_at';
  if (b[stamp]) return { ok: true, changes: {} };
  const next = transition(lifecycleOf(b), { type: 'visit_done', visit });
  if (!next.ok) return { ok: false, message: next.reason };
  return { ok: true, changes: next.state.status === b.status ? { [stamp]: at } : { [stamp]: at, status: next.state.status } };
}
