import { z } from 'zod';
import { pb } from '@/lib/pb';

/** The route's answer (lib/customers/erase-customer-route.ts). */
const ANSWER = z.object({ found: z.boolean(), counts: z.record(z.string(), z.number()), uploadsDeleted: z.number() });
export type EraseAnswer = z.infer<typeof ANSWER>;

/**
 * POST /api/fn/admin-customers/erase (superuser only) with `email`, `confirm` and the request's
 * `key` as Idempotency-Key (the same key for a retry of the same erasure, so it is applied once).
 * Resolves with the answer; rejects with a ClientResponseError (400 the confirmation, 401/403
 * not the owner, 5xx the server's failure).
 */
export async function requestErasure(email: string, confirm: string, key: string, send: typeof pb.send = pb.send.bind(pb)): Promise<EraseAnswer> {
  return ANSWER.parse(await send('/api/fn/admin-customers/erase', { method: 'POST', body: { email, confirm }, headers: { 'Idempotency-Key': key }, requestKey: null }));
}
