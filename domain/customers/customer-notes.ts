/**
 * The home's notes the owner keeps on a customer, carried from season to season
 * (docs/architecture.md "Data model", `customers`): parking, the gate code, where the ornaments
 * are stored, anything else. Each edit carries the device time it was made, checked against the
 * server's clock (domain/admin/device-clock.ts), and the later edit wins, as the booking's own
 * note does (domain/booking/admin-notes.ts). Pure.
 */
import type { ParseResult } from '../contact-schema';
import { normalizeText } from '../text';
import { customerKey } from './customer-key';

/** Caps (characters) of the `customers` fields, the same in the migration. */
export const CUSTOMER_LIMITS = { emailKey: 255, name: 100, phone: 20, address: 500, note: 1000 } as const;

export const CUSTOMER_NOTE_FIELDS = ['notes_parking', 'notes_gate', 'notes_ornaments', 'notes_other'] as const;
export type CustomerNoteField = (typeof CUSTOMER_NOTE_FIELDS)[number];
export type CustomerNotes = Record<CustomerNoteField, string>;

/** The labels the customer page shows for each note. */
export const CUSTOMER_NOTE_LABELS: Record<CustomerNoteField, string> = {
  notes_parking: 'Parking',
  notes_gate: 'Gate code',
  notes_ornaments: 'Where the ornaments are stored',
  notes_other: 'Other notes',
};

export const CUSTOMER_NOTES_MESSAGES = {
  emailInvalid: 'Please choose the customer.',
  tooLong: `Each note must be at most ${CUSTOMER_LIMITS.note} characters.`,
  contactTooLong: 'The name, phone or address is too long.',
  editedAtInvalid: 'The time of the edit is not a valid date.',
  savedMeanwhile: 'These notes were being saved at the same moment. Trying again shortly.',
} as const;

/** A save of a customer's notes: the whole set after the edit and the latest known contact. */
export interface CustomerNotesEdit {
  /** The customer's key (customer-key.ts). */
  emailKey: string;
  /** The latest known name, phone and address ('' unknown: the stored value stays). */
  name: string;
  phone: string;
  address: string;
  notes: CustomerNotes;
  /** When the edit was made on the device (epoch ms). */
  editedAtMs: number;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Checks `{ email, name?, phone?, address?, notes: { notes_parking, notes_gate, notes_ornaments,
 * notes_other }, editedAt: ISO instant }`: the e-mail normalised to the key, text normalised
 * (domain/text.ts), each note at most CUSTOMER_LIMITS.note characters.
 */
export function parseCustomerNotesEdit(body: Record<string, unknown>): ParseResult<CustomerNotesEdit> {
  const emailKey = customerKey(str(body.email));
  if (!emailKey || emailKey.length > CUSTOMER_LIMITS.emailKey || !/^[^\s@]+@[^\s@]+$/.test(emailKey)) return { ok: false, message: CUSTOMER_NOTES_MESSAGES.emailInvalid };
  const name = normalizeText(str(body.name), 'line');
  const phone = normalizeText(str(body.phone), 'line');
  const address = normalizeText(str(body.address), 'line');
  if (name.length > CUSTOMER_LIMITS.name || phone.length > CUSTOMER_LIMITS.phone || address.length > CUSTOMER_LIMITS.address) return { ok: false, message: CUSTOMER_NOTES_MESSAGES.contactTooLong };
  const raw = body.notes && typeof body.notes === 'object' ? (body.notes as Record<string, unknown>) : {};
  const notes = {} as CustomerNotes;
  for (const f of CUSTOMER_NOTE_FIELDS) {
    notes[f] = normalizeText(str(raw[f]), 'multiline');
    if (notes[f].length > CUSTOMER_LIMITS.note) return { ok: false, message: CUSTOMER_NOTES_MESSAGES.tooLong };
  }
  const editedAtMs = typeof body.editedAt === 'string' ? Date.parse(body.editedAt) : NaN;
  if (!Number.isFinite(editedAtMs)) return { ok: false, message: CUSTOMER_NOTES_MESSAGES.editedAtInvalid };
  return { ok: true, value: { emailKey, name, phone, address, notes, editedAtMs } };
}
