/**
 * POST /api/fn/customer-notes (docs/architecture.md "Data model", `customers`), admin only: the
 * owner saves the home's notes of a customer (parking, gate code, where the ornaments are
 * stored, other), carried from season to season. On the command runner
 * (lib/commands/run-command.ts); the rule is domain/commands/customer-notes-command.ts.
 *
 * Header Idempotency-Key (required; the outbox sends its entry's key). Body { email (any case and
 * spacing: the key is it trimmed and lower-cased), name?, phone?, address? (the latest known
 * contact; '' leaves the stored one), notes: { notes_parking, notes_gate, notes_ornaments,
 * notes_other } (each ≤ 1,000 characters; the whole set), editedAt (ISO instant of the edit on
 * the device, checked against the server's clock as docs/decisions/039 says) }
 * → 200 { customer, applied, created, clockCorrected }. The first save for a key creates its
 * record; a later one updates it when it is the later edit, else changes nothing (`applied`
 * false). A replay of the key answers again and writes nothing.
 *
 * Errors: 400 malformed or no key header; 422 the key reused for another request; 503 when
 * another save created the same customer at the same instant (the unique index on email_key;
 * the outbox sends it again, which then updates).
 */
import { customerNotesCommand, type CustomerNotesAnswer, type CustomerNotesState } from '@domain/commands/customer-notes-command';
import { CUSTOMER_NOTE_FIELDS, CUSTOMER_NOTES_MESSAGES, type CustomerNotes, type CustomerNotesEdit } from '@domain/customers/customer-notes';
import { parseTimestamp } from '@domain/schedule/calendar';
import type { ServerCommand } from '../commands/run-command';
import { findRecordBy } from '../records';

/** The `customers` record of `emailKey` (already normalised), or null. */
export function findCustomer(app: CoreApp, emailKey: string): core.Record | null {
  return findRecordBy(app, 'customers', 'email_key', emailKey);
}

/** A `customers` record as the notes command reads it: its notes, and its creation and the notes' time in epoch ms (NaN when unset). */
function customerNotesOf(r: core.Record): NonNullable<CustomerNotesState['customer']> {
  const notes = {} as CustomerNotes;
  for (const f of CUSTOMER_NOTE_FIELDS) notes[f] = r.getString(f);
  return { id: r.id, createdAtMs: parseTimestamp(r.getString('created_at')), notes, notesAtMs: parseTimestamp(r.getString('notes_updated_at')) };
}

export const customerNotes: ServerCommand<CustomerNotesEdit, CustomerNotesState, never, CustomerNotesAnswer> = {
  command: customerNotesCommand,
  path: '/api/fn/customer-notes',
  caller: 'admin',
  load(tx, edit) {
    const r = findCustomer(tx, edit.emailKey);
    return { customer: r ? customerNotesOf(r) : null };
  },
  respond: (app, a) => ({ customer: findCustomer(app, a.emailKey), applied: a.applied, created: a.created, clockCorrected: a.clockCorrected }),
  // Two first saves of one customer at the same instant: the unique index refuses the second,
  // our side's race, so a 5xx the outbox retries (the retry updates the record now there).
  writeRefusal: (err) => (String(err).includes('UNIQUE') ? { status: 503, message: CUSTOMER_NOTES_MESSAGES.savedMeanwhile } : null),
};
