/**
 * The owner saves the home's notes of a customer (domain/customers/customer-notes.ts) as a
 * command (docs/architecture.md "The path of a command"). The first save for a customer with
 * no `customers` record yet creates it under its key; later saves update it when the edit is
 * the later one (domain/booking/admin-notes.ts adminNotesEditWins, the device time checked
 * first, docs/decisions/039). The outbox sends its entry's key: a replay answers the stored
 * answer and writes nothing more. Pure.
 */
import { adminNotesEditWins } from '../booking/admin-notes';
import { checkDeviceTime } from '../admin/device-clock';
import { CUSTOMER_NOTE_FIELDS, parseCustomerNotesEdit, type CustomerNotes, type CustomerNotesEdit } from '../customers/customer-notes';
import { decided, pbDate, type Command, type FieldValue } from './command';

/** The customer's record as the command reads it (null: none yet). Times in epoch ms, NaN when unset. */
export interface CustomerNotesState {
  customer: { id: string; createdAtMs: number; notes: CustomerNotes; notesAtMs: number } | null;
}

/** The answer before the server adds the record as stored. */
export interface CustomerNotesAnswer {
  emailKey: string;
  applied: boolean;
  created: boolean;
  clockCorrected: boolean;
}

/** The notes as one text, for telling an edit from a replay of the stored one. */
function notesText(n: CustomerNotes): string {
  return JSON.stringify(CUSTOMER_NOTE_FIELDS.map((f) => n[f]));
}

/** The contact fields of `edit` that say something ('' leaves the stored value). */
function contactOf(edit: CustomerNotesEdit): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  if (edit.name) out.name = edit.name;
  if (edit.phone) out.phone = edit.phone;
  if (edit.address) out.address = edit.address;
  return out;
}

export const customerNotesCommand: Command<CustomerNotesEdit, CustomerNotesState, never, CustomerNotesAnswer> = {
  name: 'customer-notes',
  parse: (body) => parseCustomerNotesEdit(body),
  idempotency: {
    by: 'key',
    header: 'required',
    fingerprint: (e) => `customer-notes:${e.emailKey}:${notesText(e.notes)}:${e.name}:${e.phone}:${e.address}:${e.editedAtMs}`,
  },
  decide(state, edit, nowMs) {
    const c = state.customer;
    const when = checkDeviceTime(edit.editedAtMs, nowMs, c ? c.createdAtMs : NaN);
    const notes: Record<string, FieldValue> = { ...edit.notes, notes_updated_at: pbDate(when.atMs) };
    if (!c) {
      const fields = { email_key: edit.emailKey, name: edit.name, phone: edit.phone, address: edit.address, ...notes };
      return decided([{ op: 'create', collection: 'customers', fields }], { emailKey: edit.emailKey, applied: true, created: true, clockCorrected: when.corrected });
    }
    const answer = { emailKey: edit.emailKey, applied: false, created: false, clockCorrected: when.corrected };
    if (!adminNotesEditWins({ notes: notesText(c.notes), atMs: c.notesAtMs }, { notes: notesText(edit.notes), atMs: when.atMs })) return decided([], answer);
    return decided([{ op: 'update', collection: 'customers', id: c.id, fields: { ...contactOf(edit), ...notes } }], { ...answer, applied: true });
  },
};
