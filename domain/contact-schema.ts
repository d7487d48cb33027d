/**
 * The contact form's zod schema with docs/product.md §5's messages, shared by the booking and
 * consultation forms and the server, and the small parse helpers every schema module uses. A
 * module of its own: building zod schemas costs time at start-up, and the consultation page
 * needs only these, not the booking request's (domain/booking/schemas.ts). Free text is normalised
 * (domain/text.ts) before it is checked; see docs/decisions/011.
 */
import { z } from 'zod';
import { MESSAGES as M } from './messages';
import { normalizeText, type TextKind } from './text';

/**
 * A free-text string, normalised by domain/text.ts (controls and invisible characters dropped,
 * NFC, trimmed) before the checks chained after it, so lengths count what a reader sees and a
 * required field needs one visible character. `.overwrite` keeps it a string in and out.
 */
export const text = (kind: TextKind, typeMessage?: string) => z.string(typeMessage).overwrite((v) => normalizeText(v, kind));

export const optionalText = (max: number, message: string, kind: TextKind = 'line') => text(kind).max(max, message).optional().default('');

/** Contact fields of the booking and consultation forms (docs/product.md §5 Customer form). */
export const contactSchema = z.object({
  customerName: text('line', M.nameRequired).min(1, M.nameRequired).max(100, M.nameTooLong),
  customerEmail: text('line', M.emailInvalid).max(255, M.emailTooLong).pipe(z.email(M.emailInvalid)),
  customerPhone: text('line', M.phoneInvalid)
    .max(20, M.phoneTooLong)
    .regex(/^[0-9\s()+-]+$/, M.phoneInvalid),
  customerAddress: text('line', M.addressTooShort).min(5, M.addressTooShort).max(500, M.addressTooLong),
  notes: optionalText(2000, M.notesTooLong, 'multiline'),
  parkingInstructions: optionalText(1000, M.parkingTooLong, 'multiline'),
});
export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** The first issue's message, in the schema's field order. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}
