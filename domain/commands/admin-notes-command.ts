/**
 * The admin's own note on a booking as a command (docs/decisions/016, 039; domain/booking/admin-notes.ts):
 * the edit's device time is checked against the server's clock, and the edit is stored only
 * when it wins over the stored one (the later edit wins). Sending the same edit again changes
 * nothing, so it needs no key. Pure.
 */
import { ADMIN_NOTES_MESSAGES, adminNotesEditWins, parseAdminNotesEdit, type AdminNotesEdit } from '../booking/admin-notes';
import { checkDeviceTime } from '../admin/device-clock';
import { decided, pbDate, type Command, whenFound } from './command';
import type { BookingFields } from '../booking/booking-row';

/** The booking as the command reads it (null: no such booking): its note, and its creation and the note's time in epoch ms (NaN when unset). */
export interface AdminNotesState {
  booking: (BookingFields<'id' | 'admin_notes'> & { createdAtMs: number; notesAtMs: number }) | null;
}

/** The answer before the server adds the booking as stored. */
export interface AdminNotesAnswer {
  bookingId: string;
  applied: boolean;
  clockCorrected: boolean;
}

export const adminNotesCommand: Command<AdminNotesEdit, AdminNotesState, never, AdminNotesAnswer> = {
  name: 'booking-admin-notes',
  parse: (body) => parseAdminNotesEdit(body),
  idempotency: { by: 'natural', header: 'none', why: 'the same edit again loses to itself (domain/booking/admin-notes.ts adminNotesEditWins)' },
  decide: whenFound('booking', ADMIN_NOTES_MESSAGES.notFound, (b, _state, edit, nowMs) => {
    const when = checkDeviceTime(edit.editedAtMs, nowMs, b.createdAtMs);
    const answer = { bookingId: b.id, applied: false, clockCorrected: when.corrected };
    if (!adminNotesEditWins({ notes: b.admin_notes, atMs: b.notesAtMs }, { notes: edit.adminNotes, atMs: when.atMs })) return decided([], answer);
    return decided([{ op: 'update', collection: 'bookings', id: b.id, fields: { admin_notes: edit.adminNotes, admin_notes_updated_at: pbDate(when.atMs) } }], { ...answer, applied: true });
  }),
};
