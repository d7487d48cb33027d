import { z } from 'zod';
import type { CustomerNotes } from '@domain/customers/customer-notes';
import { pb } from '@/lib/pb';

/** A save of a customer's notes (domain/customers/customer-notes.ts). */
export interface CustomerNotesSave {
  /** The customer's e-mail (the server normalises it into the key). */
  email: string;
  /** The latest known contact ('' keeps the stored one). */
  name: string;
  phone: string;
  address: string;
  /** The whole set of notes after the edit. */
  notes: CustomerNotes;
  /** ISO instant the edit was made on this device. */
  editedAt: string;
}

const answerSchema = z.object({ customer: z.looseObject({ id: z.string(), updated_at: z.string(), email_key: z.string() }).nullable(), applied: z.boolean(), created: z.boolean() });
export type CustomerNotesAnswer = z.infer<typeof answerSchema>;

/**
 * POST /api/fn/customer-notes (admin only; docs/architecture.md "Data model", `customers`): the
 * home's notes of a customer, their record made on the first save, the later edit (by
 * `editedAt`) winning; the same key again answers again and writes nothing. Resolves with the
 * record as the server now has it; rejects with a ClientResponseError (400 malformed, 503 a
 * save of the same new customer at the same instant: sent again, it updates).
 */
export async function saveCustomerNotes(save: CustomerNotesSave, idempotencyKey: string): Promise<CustomerNotesAnswer> {
  const res = await pb.send('/api/fn/customer-notes', { method: 'POST', body: save, headers: { 'Idempotency-Key': idempotencyKey }, requestKey: null });
  return answerSchema.parse(res);
}
