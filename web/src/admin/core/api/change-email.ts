import { z } from 'zod';
import { pb } from '@/lib/pb';
import { STAFF_COLLECTION } from './sign-in';

/**
 * POST /api/fn/change-email (lib/admin/change-email-route.ts): changes the signed-in staff
 * member's e-mail to `email`, confirmed with `currentPassword`. PocketBase then rotates the
 * account's token key, signing out every session, so this signs in again with the new address. Resolves with the new address. Rejects with a
 * ClientResponseError (400 with the sentence for a bad address or a wrong password, 409 an
 * address another account holds, 503 a failed save).
 */
export async function changeEmail(email: string, currentPassword: string): Promise<string> {
  const res = await pb.send('/api/fn/change-email', { method: 'POST', body: { email: email.trim(), currentPassword }, requestKey: null });
  const changed = z.object({ email: z.string().min(1) }).parse(res).email;
  await pb.collection(STAFF_COLLECTION).authWithPassword(changed, currentPassword, { requestKey: null });
  return changed;
}
