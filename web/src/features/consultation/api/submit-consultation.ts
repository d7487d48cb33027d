/**
 * What the consultation form loads when it is first used rather than with the page: its zod
 * schemas (about 25 kB gzipped with zod) and the request. The page's first script renders and
 * hydrates the form and its calendar without them (docs/architecture.md "What a page loads").
 */
import { ClientResponseError } from 'pocketbase';
import { consultationRequestSchema, consultationSlotLabel } from '@domain/consultations/consultation';
import { contactSchema, firstMessage } from '@domain/contact-schema';
import { errorMessage } from '@/lib/pb';
import { createConsultationRequest, type ConsultationCreated } from './create-consultation-request';

/** The contact field keys the form validates one by one. */
export type ContactKey = keyof typeof contactSchema.shape;

/** The first docs/product.md §5 message for one contact field, or null when it is valid. */
export function contactFieldError(key: ContactKey, value: string): string | null {
  const r = contactSchema.shape[key].safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Invalid value');
}

/** What the form sends: the picked date (`YYYY-MM-DD`, New York) and slot id, and the contact fields as typed. */
export interface ConsultationDraft {
  date: string;
  timeSlot: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
  notes: string;
}

/**
 * The outcome of a submit: `invalid` with the first §5 message (nothing sent); `sent` with the
 * stored request, its time as shown ('10:30 AM'), the address and e-mail as normalised; `refused` with the server's sentence
 * (400 bad input, 409 `slotTaken` when the slot was just taken); `failed` for anything else
 * (network, 5xx): the caller shows docs/product.md §8's message.
 */
export type SubmitOutcome =
  | { kind: 'invalid'; message: string }
  | { kind: 'sent'; created: ConsultationCreated; date: string; time: string; address: string; email: string }
  | { kind: 'refused'; message: string; slotTaken: boolean }
  | { kind: 'failed'; error: unknown };

/**
 * Validates `draft` with the consultation request's schema and, if it passes, POSTs it
 * (/api/fn/consultation-request, docs/product.md §7). Never rejects. `fallback` is the sentence
 * for a refusal the server does not explain.
 */
export async function submitConsultation(draft: ConsultationDraft, fallback: string): Promise<SubmitOutcome> {
  const parsed = consultationRequestSchema.safeParse(draft);
  if (!parsed.success) return { kind: 'invalid', message: firstMessage(parsed.error) };
  try {
    const created = await createConsultationRequest(parsed.data);
    return { kind: 'sent', created, date: parsed.data.date, time: consultationSlotLabel(parsed.data.timeSlot), address: parsed.data.customerAddress, email: parsed.data.customerEmail };
  } catch (error) {
    if (error instanceof ClientResponseError && (error.status === 400 || error.status === 409)) return { kind: 'refused', message: errorMessage(error, fallback), slotTaken: error.status === 409 };
    return { kind: 'failed', error };
  }
}
