/**
 * POST /api/fn/booking-admin-notes (docs/decisions/016): the admin's own note on a
 * booking, the later edit winning. Admin only (401 signed out, 403 staff without the role).
 *
 * Body { bookingId, adminNotes (the whole note, ≤ 5,000 characters; '' clears it),
 *        editedAt (ISO instant the edit was made on the device) }.
 * 200 { booking, applied }: the edit is stored, with `admin_notes_updated_at` = editedAt, only
 * when it is later than the stored note's time (domain/admin-notes.ts); otherwise (an older edit
 * arriving late from an offline phone, or a replay) nothing changes and `applied` is false. The
 * comparison and the write are one transaction. Sending the same edit again is harmless, so
 * the outbox needs no key for it.
 *
 * Errors: 400 malformed; 404 no such booking.
 */
import { ADMIN_NOTES_MESSAGES, adminNotesEditWins, parseAdminNotesEdit } from '@domain/admin-notes';
import { parseTimestamp } from '@domain/calendar';
import { toPbDate } from '../clock';
import { apiError, badRequest, readJsonObject } from '../http';
import { requireAdmin } from './staff-auth';

export function bookingAdminNotesRoute(e: core.RequestEvent): void {
  requireAdmin(e);
  const parsed = parseAdminNotesEdit(readJsonObject(e));
  if (!parsed.ok) throw badRequest(parsed.message);
  const edit = parsed.value;
  let applied = false;
  let found = true;
  $app.runInTransaction((tx) => {
    let booking: core.Record;
    try {
      booking = tx.findRecordById('bookings', edit.bookingId);
    } catch {
      found = false;
      return;
    }
    if (!adminNotesEditWins(parseTimestamp(booking.getString('admin_notes_updated_at')), edit.editedAtMs)) return;
    booking.set('admin_notes', edit.adminNotes);
    booking.set('admin_notes_updated_at', toPbDate(edit.editedAtMs));
    tx.save(booking);
    applied = true;
  });
  if (!found) throw apiError(404, ADMIN_NOTES_MESSAGES.notFound);
  return e.json(200, { booking: $app.findRecordById('bookings', edit.bookingId), applied });
}
