/**
 * Consultation requests (docs/product.md §2 Consultation request, §3 consultation_request, §5 Customer
 * form and Dates): the request schema shared by the consultation page and the
 * `consultation-request` route, and the slot arithmetic the confirmation e-mail needs.
 */
import { z } from 'zod';
import { isYmd } from '../schedule/calendar';
import { MESSAGES as M } from '../messages';
import { contactSchema, firstMessage, type ParseResult } from '../contact-schema';
import { CONSULTATION_SLOTS } from '../schedule/slots';

/** Length of one consultation in minutes (docs/product.md §9: 30-minute slots). */
export const CONSULTATION_MINUTES = 30;

/** The message for a well-formed time that is not one of the 24 offered slots. */
export const UNKNOWN_CONSULTATION_SLOT = 'That consultation time is not offered. Please choose one of the listed times.';

/** A consultation slot held by another request (a new request, or a customer's move onto it). */
export const CONSULTATION_SLOT_TAKEN = 'That consultation time was just taken by someone else. Please choose another time.';

/** True for one of the 24 slot ids ('08:00' … '19:30'). */
export function isConsultationSlot(id: unknown): id is string {
  return typeof id === 'string' && CONSULTATION_SLOTS.some((s) => s.id === id);
}

/** "10:30" → "10:30 AM"; an unknown id is returned as it is. */
export function consultationSlotLabel(id: string): string {
  return CONSULTATION_SLOTS.find((s) => s.id === id)?.label ?? id;
}

/** Start and end of a slot as minutes after midnight, local time; null for an unknown id. */
export function consultationSlotMinutes(id: string): { start: number; end: number } | null {
  if (!isConsultationSlot(id)) return null;
  const [h, m] = id.split(':').map(Number) as [number, number];
  const start = h * 60 + m;
  return { start, end: start + CONSULTATION_MINUTES };
}

const requiredChoice = z.string(M.selectConsultation).trim().min(1, M.selectConsultation);

/**
 * The body of `POST /api/fn/consultation-request` (the insert of docs/product.md §7 with the
 * send-confirmation-email field names): the date and time first, as the page checks them first,
 * then the contact fields with docs/product.md §5's messages.
 */
export const consultationRequestSchema = z.object({
  date: requiredChoice.refine(isYmd, M.selectConsultation),
  timeSlot: requiredChoice.refine(isConsultationSlot, UNKNOWN_CONSULTATION_SLOT),
  customerName: contactSchema.shape.customerName,
  customerEmail: contactSchema.shape.customerEmail,
  customerPhone: contactSchema.shape.customerPhone,
  customerAddress: contactSchema.shape.customerAddress,
  notes: contactSchema.shape.notes,
});
export type ConsultationRequestInput = z.input<typeof consultationRequestSchema>;
export type ConsultationRequest = z.output<typeof consultationRequestSchema>;

/** Parses a consultation request; never throws. The message is the first problem found. */
export function parseConsultationRequest(input: unknown): ParseResult<ConsultationRequest> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, message: M.selectConsultation };
  }
  const parsed = consultationRequestSchema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: firstMessage(parsed.error) };
}
