import type { RecordModel } from 'pocketbase';
import { z } from 'zod';
import { pb } from '@/lib/pb';
import { STAFF_COLLECTION } from './sign-in';

/** The route's answer: the new address, and (normally) this session's new token with the account. */
const ANSWER = z.object({
  email: z.string().min(1),
  token: z.string().min(1).optional(),
  record: z
    .object({ id: z.string().min(1) })
    .passthrough()
    .optional(),
});

/**
 * POST /api/fn/change-email (lib/admin/change-email-route.ts): changes the signed-in staff
 * member's e-mail to `email`, confirmed with `currentPassword`. PocketBase rotates the account's
 * token key with it, signing out every session; the answer's new token and account are stored
 * in the SDK's auth store at once (pb.authStore.save, as a sign-in stores its answer), so this
 * page stays signed in and no request goes out with the dead token meanwhile. Without them
 * (the server could not make one) it signs in with the new address. Resolves with the new
 * address. Rejects with a ClientResponseError (400 with the sentence for a bad address or a
 * wrong password, 409 an address another account holds, 503 a failed save).
 */
export async function changeEmail(email: string, currentPassword: string): Promise<string> {
  const answer = ANSWER.parse(await pb.send('/api/fn/change-email', { method: 'POST', body: { email: email.trim(), currentPassword }, requestKey: null }));
  if (answer.token && answer.record) pb.authStore.save(answer.token, answer.record as RecordModel);
  else await pb.collection(STAFF_COLLECTION).authWithPassword(answer.email, currentPassword, { requestKey: null });
  return answer.email;
}
