import { ClientResponseError } from 'pocketbase';
import { pb } from '@/lib/pb';
import { STAFF_COLLECTION } from './sign-in';

/**
 * Renews the stored token (POST /api/collections/staff/auth-refresh), which also re-reads the
 * record, so a removed admin role is noticed. Rejects with a ClientResponseError.
 */
export async function refreshSession(): Promise<void> {
  await pb.collection(STAFF_COLLECTION).authRefresh({ requestKey: null });
}

/**
 * True when a failed refresh can never succeed: the token was refused (401: expired, or its key
 * rotated by a password change), the record is gone (404) or not allowed (403). A network
 * failure (status 0) or a server error may pass, so the session is kept and retried.
 */
export function refreshCanNeverSucceed(err: unknown): boolean {
  return err instanceof ClientResponseError && [401, 403, 404].includes(err.status);
}
