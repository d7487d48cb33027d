/**
 * The admin's own note on a booking (docs/decisions/016, 039): the whole note with the time of
 * the edit, the later edit winning on the server, so a resend is harmless (it carries no key).
 * The booking screen shows the latest queued edit itself.
 */
import { saveAdminNotes, type AdminNotesEdit } from '@/admin/core/api/save-admin-notes';
import { defineAction, nothingToUndo, serverRows, type ActionEntry } from '../action-spec';

export type AdminNotesPayload = AdminNotesEdit & { [key: string]: unknown };

export const adminNotesAction = defineAction({
  kind: 'admin_notes',
  send: (entry: ActionEntry<AdminNotesPayload>) => saveAdminNotes(entry.payload),
  async apply(mirror, _entry, answer) {
    await mirror.apply('bookings', serverRows(answer.booking));
  },
  undo: nothingToUndo,
  label: () => 'Booking notes edit',
});

// Listed among the offline actions by its kind (action-registry.ts OutboxActions; docs/decisions/066).
declare module '../action-registry' {
  interface OutboxActions {
    admin_notes: typeof adminNotesAction;
  }
}
