/**
 * POST /api/fn/booking-admin-notes (docs/decisions/016): the admin's own note on a
 * booking, the later edit winning. Admin only (401 signed out, 403 staff without the role).
 *
 * Body { bookingId, adminNotes (the whole note, ≤ 5,000 characters; '' clears it),
 *        editedAt (ISO instant the edit was made on the device) }.
 * editedAt is first checked against the server's clock (domain/device-clock.ts): more than 10
 * minutes ahead, or before the booking was created, it is replaced by the server's time
 * (`clockCorrected` true), so a phone dated 2999 cannot block every later edit
 * (docs/decisions/039).
 * 200 { booking, applied, clockCorrected }: the edit is stored, with `admin_notes_updated_at` =
 * its time, only when it is later than the stored note's time, or as late and different (the
 * server's order breaks the tie; domain/admin-notes.ts); otherwise (an older edit arriving late
 * from an offline phone, or a replay) nothing changes and `applied` is false. The comparison
 * and the write are one transaction. Sending the same edit again is harmless, so the outbox
 * needs no key for it.
 *
 * Errors: 400 malformed; 404 no such booking.
 */
import { ADMIN_NOTES_MESSAGES, adminNotesEditWins, parseAdminNotesEdit } from '@domain/admin-notes';
import { parseTimestamp } from '@domain/calendar';
import { checkDeviceTime } from '@domain/device-clock';
import { nowMs, toPbDate } from '../clock';
import { apiError, badRequest, readJsonObject } from '../http';
import { requireAdmin } from './staff-auth';

export function bookingAdminNotesRoute(e: core.RequestEvent): void {
  requireAdmin(e);
  const parsed = parseAdminNotesEdit(readJsonObject(e));
  if (!parsed.ok) throw badRequest(parsed.message);
  const edit = parsed.value;
  let applied = false;
  let clockCorrected = false;
  let found = true;
  $app.runInTransaction((tx) => {
    let booking: core.Record;
    try {
      booking = tx.findRecordById('bookings', edit.bookingId);
    } catch {
      found = false;
      return;
    }
    const when = checkDeviceTime(edit.editedAtMs, nowMs(), parseTimestamp(booking.getString('created_at')));
    clockCorrected = when.corrected;
    const stored = { notes: booking.getString('admin_notes'), atMs: parseTimestamp(booking.getString('admin_notes_updated_at')) };
    if (!adminNotesEditWins(stored, { notes: edit.adminNotes, atMs: when.atMs })) return;
    booking.set('admin_notes', edit.adminNotes);
    booking.set('admin_notes_updated_at', toPbDate(when.atMs));
    tx.save(booking);
    applied = true;
  });
  if (!found) throw apiError(404, ADMIN_NOTES_MESSAGES.notFound);
  return e.json(200, { booking: $app.findRecordById('bookings', edit.bookingId), applied, clockCorrected });
}
