import { z } from 'zod';
import type { JobEventRequest as ServerJobEventRequest } from '@domain/booking/job-events';
import { pb } from '@/lib/pb';
import type { StoredPhoto } from '../model/outbox-entry';

/**
 * An on-site action as the outbox sends it: the request the server parses (domain/booking/job-events.ts,
 * pb_hooks/src/lib/admin/job-events-route.ts), with the photo it uploads alongside.
 */
export interface JobEventRequest extends ServerJobEventRequest {
  photo?: StoredPhoto | null;
}

const row = z.looseObject({ id: z.string(), updated_at: z.string() });
const answerSchema = z.object({ event: row, booking: row, replayed: z.boolean() });
export type JobEventAnswer = z.infer<typeof answerSchema>;

/**
 * POST /api/fn/job-events (admin only; docs/decisions/016): records a note, a photo or a done mark once
 * per clientId. The same request sent again answers the first event (replayed true), so a resend
 * after a lost answer is harmless. A photo goes as multipart. Resolves with the event and its
 * booking as the server now has them; rejects with a ClientResponseError (400 malformed, 404
 * booking gone, 409 a done mark on a cancelled or unpaid booking, 422 the id was used for
 * another action).
 */
export async function createJobEvent(req: JobEventRequest): Promise<JobEventAnswer> {
  const fields = { clientId: req.clientId, bookingId: req.bookingId, kind: req.kind, text: req.text, occurredAt: req.occurredAt };
  let body: FormData | typeof fields = fields;
  if (req.photo) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('photo', new File([req.photo.bytes], req.photo.name, { type: req.photo.type }));
    body = form;
  }
  const res = await pb.send('/api/fn/job-events', { method: 'POST', body, requestKey: null });
  return answerSchema.parse(res);
}
