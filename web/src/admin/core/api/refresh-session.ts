import { ClientResponseError, type RecordModel } from 'pocketbase';
import { pb } from '@/lib/pb';
import { STAFF_COLLECTION } from './sign-in';

/**
 * Renews the stored token (POST /api/collections/staff/auth-refresh), which also re-reads the
 * record, so a removed admin role is noticed. The answer is stored only when it holds a token
 * and a record: the SDK's authRefresh stores whatever came back, and an empty answer would sign
 * the admin out in every tab. Rejects with a ClientResponseError (status 0 for an incomplete
 * answer, which counts as a network failure).
 */
export async function refreshSession(): Promise<void> {
  const answer = await pb.send<{ token?: unknown; record?: RecordModel }>(`/api/collections/${STAFF_COLLECTION}/auth-refresh`, {
    method: 'POST',
    requestKey: null,
  });
  if (typeof answer.token !== 'string' || !answer.token || typeof answer.record?.id !== 'string') {
    throw new ClientResponseError({ status: 0, response: { message: 'The server’s answer to the session renewal was incomplete.' } });
  }
  pb.authStore.save(answer.token, answer.record);
}

/**
 * True when a failed refresh can never succeed: the token was refused (401: expired, or its key
 * rotated by a password change), the record is gone (404) or not allowed (403). A network
 * failure (status 0) or a server error may pass, so the session is kept and retried.
 */
export function refreshCanNeverSucceed(err: unknown): boolean {
  return err instanceof ClientResponseError && [401, 403, 404].includes(err.status);
}
