import { z } from 'zod';
import { pb } from '@/lib/pb';

export interface AdminNotesEdit {
  bookingId: string;
  /** The whole note after the edit ('' clears it). */
  adminNotes: string;
  /** ISO instant the edit was made on this device. */
  editedAt: string;
}

const answerSchema = z.object({ booking: z.looseObject({ id: z.string(), updated_at: z.string() }), applied: z.boolean() });
export type AdminNotesAnswer = z.infer<typeof answerSchema>;

/**
 * POST /api/fn/booking-admin-notes (admin only; docs/decisions/016): the admin's own note on a booking,
 * the later edit (by `editedAt`) winning on the server. An older edit or a resend changes
 * nothing (applied false). Resolves with the booking as the server now has it; rejects with a
 * ClientResponseError (400 malformed, 404 booking gone).
 */
export async function saveAdminNotes(edit: AdminNotesEdit): Promise<AdminNotesAnswer> {
  const res = await pb.send('/api/fn/booking-admin-notes', { method: 'POST', body: edit, requestKey: null });
  return answerSchema.parse(res);
}
