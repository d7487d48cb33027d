/**
 * The admin's own editable note on a booking (`bookings.admin_notes`; docs/decisions/016 "two devices
 * editing the same booking converge … the later edit wins for notes"; docs/decisions/016).
 * `notes` stays the customer's. Each edit carries the time it was made on the device, checked
 * against the server's clock first (domain/admin/device-clock.ts: a time out of bounds becomes the
 * server's); the server keeps the edit with the latest time, whatever order the edits arrive in
 * (an offline phone may send an old edit long after a laptop saved a newer one), and on equal
 * times the one that arrived last (docs/decisions/039). Pure.
 */
import type { ParseResult } from './schemas';
import { normalizeText } from '../text';
import { NO_SUCH_BOOKING } from './lifecycle';

export const MAX_ADMIN_NOTES = 5000;

export const ADMIN_NOTES_MESSAGES = {
  bookingMissing: 'Please choose the booking.',
  tooLong: `Notes must be at most ${MAX_ADMIN_NOTES} characters.`,
  editedAtInvalid: 'The time of the edit is not a valid date.',
  notFound: NO_SUCH_BOOKING,
} as const;

export interface AdminNotesEdit {
  bookingId: string;
  /** The whole note after the edit ('' clears it). */
  adminNotes: string;
  /** When the edit was made on the device (epoch ms). */
  editedAtMs: number;
}

/** Checks { bookingId, adminNotes, editedAt: ISO instant } (text normalised as a text area). */
export function parseAdminNotesEdit(body: Record<string, unknown>): ParseResult<AdminNotesEdit> {
  const bookingId = typeof body.bookingId === 'string' ? body.bookingId.trim() : '';
  if (!bookingId) return { ok: false, message: ADMIN_NOTES_MESSAGES.bookingMissing };
  const adminNotes = normalizeText(typeof body.adminNotes === 'string' ? body.adminNotes : '', 'multiline');
  if (adminNotes.length > MAX_ADMIN_NOTES) return { ok: false, message: ADMIN_NOTES_MESSAGES.tooLong };
  const editedAtMs = typeof body.editedAt === 'string' ? Date.parse(body.editedAt) : NaN;
  if (!Number.isFinite(editedAtMs)) return { ok: false, message: ADMIN_NOTES_MESSAGES.editedAtInvalid };
  return { ok: true, value: { bookingId, adminNotes, editedAtMs } };
}

/** A note and the time (epoch ms) of its edit; `atMs` NaN for a note never edited. */
export interface TimedNote {
  notes: string;
  atMs: number;
}

/**
 * Whether `edit` replaces the `stored` note. A later edit does; an earlier one arriving late
 * does not. On equal times the server's order decides: the edit arriving now is the later one,
 * so it wins when it says something else. Ties are real: every time the server corrects
 * (a phone dated 2999) becomes its own clock's, which a correct phone's next edit can equal
 * (to the millisecond under a frozen clock), and such an edit must not be dropped. A replay of
 * the stored edit (same time, same note) changes nothing.
 */
export function adminNotesEditWins(stored: TimedNote, edit: TimedNote): boolean {
  if (!Number.isFinite(stored.atMs) || edit.atMs > stored.atMs) return true;
  return edit.atMs === stored.atMs && edit.notes !== stored.notes;
}
