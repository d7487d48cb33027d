/**
 * POST /api/fn/booking-admin-notes (docs/decisions/016): the admin's own note on a
 * booking, the later edit winning. Admin only (401 signed out, 403 staff without the role).
 * On the command runner (lib/commands/run-command.ts); the rule is
 * domain/commands/admin-notes-command.ts.
 *
 * Body { bookingId, adminNotes (the whole note, ≤ 5,000 characters; '' clears it),
 *        editedAt (ISO instant the edit was made on the device) }.
 * editedAt is first checked against the server's clock (domain/admin/device-clock.ts): more than 10
 * minutes ahead, or before the booking was created, it is replaced by the server's time
 * (`clockCorrected` true), so a phone dated 2999 cannot block every later edit
 * (docs/decisions/039).
 * 200 { booking, applied, clockCorrected }: the edit is stored, with `admin_notes_updated_at` =
 * its time, only when it is later than the stored note's time, or as late and different (the
 * server's order breaks the tie; domain/booking/admin-notes.ts); otherwise (an older edit arriving late
 * from an offline phone, or a replay) nothing changes and `applied` is false. The comparison
 * and the write are one transaction. Sending the same edit again is harmless, so the outbox
 * needs no key for it.
 *
 * Errors: 400 malformed; 404 no such booking.
 */
import { parseTimestamp } from '@domain/schedule/calendar';
import type { AdminNotesEdit } from '@domain/booking/admin-notes';
import { adminNotesCommand, type AdminNotesAnswer, type AdminNotesState } from '@domain/commands/admin-notes-command';
import type { ServerCommand } from '../commands/run-command';
import { bookingField, bookingFieldsOf } from '../booking-row';
import { findRecord } from '../records';

export const bookingAdminNotes: ServerCommand<AdminNotesEdit, AdminNotesState, never, AdminNotesAnswer> = {
  command: adminNotesCommand,
  path: '/api/fn/booking-admin-notes',
  caller: 'admin',
  load(tx, edit) {
    const b = findRecord(tx, 'bookings', edit.bookingId);
    if (!b) return { booking: null };
    return {
      booking: {
        ...bookingFieldsOf(b, ['id', 'admin_notes']),
        createdAtMs: parseTimestamp(bookingField(b, 'created_at')),
        notesAtMs: parseTimestamp(bookingField(b, 'admin_notes_updated_at')),
      },
    };
  },
  respond: (app, a) => ({ booking: app.findRecordById('bookings', a.bookingId), applied: a.applied, clockCorrected: a.clockCorrected }),
};
