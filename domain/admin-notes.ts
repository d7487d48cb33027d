/**
 * The admin's own editable note on a booking (`bookings.admin_notes`; docs/decisions/016 "two devices
 * editing the same booking converge … the later edit wins for notes"; docs/decisions/016).
 * `notes` stays the customer's. Each edit carries the time it was made on the device; the
 * server keeps the edit with the latest time, whatever order the edits arrive in (an offline
 * phone may send an old edit long after a laptop saved a newer one). Pure.
 */
import type { ParseResult } from './schemas';
import { normalizeText } from './text';

export const MAX_ADMIN_NOTES = 5000;

export const ADMIN_NOTES_MESSAGES = {
  bookingMissing: 'Please choose the booking.',
  tooLong: `Notes must be at most ${MAX_ADMIN_NOTES} characters.`,
  editedAtInvalid: 'The time of the edit is not a valid date.',
  notFound: 'Booking not found.',
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

/**
 * Whether an edit made at `editedAtMs` replaces the note last edited at `storedAtMs` (NaN when
 * never edited): only a strictly later edit does, so a replay of the same edit, or an older one
 * arriving late, changes nothing.
 */
export function adminNotesEditWins(storedAtMs: number, editedAtMs: number): boolean {
  return !Number.isFinite(storedAtMs) || editedAtMs > storedAtMs;
}
