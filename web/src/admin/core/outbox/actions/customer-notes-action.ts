/**
 * The home's notes of a customer (docs/architecture.md "Data model", `customers`): the whole set
 * with the time of the edit, sent under the entry's key (a replay answers again and writes
 * nothing; the later edit wins on the server). It concerns no booking; the customer page shows
 * the latest queued edit itself, so there is no optimistic row.
 */
import { saveCustomerNotes, type CustomerNotesSave } from '@/admin/core/api/save-customer-notes';
import { defineAction, nothingToUndo, serverRows, str, type ActionEntry } from '../action-spec';

export type CustomerNotesPayload = CustomerNotesSave & { [key: string]: unknown };

export const customerNotesAction = defineAction({
  kind: 'customer_notes',
  bookingId: () => '',
  send: (entry: ActionEntry<CustomerNotesPayload>) => saveCustomerNotes(entry.payload, entry.idempotencyKey),
  async apply(mirror, _entry, answer) {
    await mirror.apply('customers', serverRows(answer.customer));
  },
  undo: nothingToUndo,
  label: (p) => `Customer notes: ${str(p.name) || str(p.email)}`,
});

// Listed among the offline actions by its kind (action-registry.ts OutboxActions; docs/decisions/066).
declare module '../action-registry' {
  interface OutboxActions {
    customer_notes: typeof customerNotesAction;
  }
}
