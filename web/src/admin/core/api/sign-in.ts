import type { RecordModel } from 'pocketbase';
import { pb } from '@/lib/pb';

/** The auth collection of the people who run the business (docs/architecture.md "Server interface"). */
export const STAFF_COLLECTION = 'staff';

/**
 * Signs in with e-mail and password against `staff` (docs/product.md §2 Admin login, §7
 * Authentication). The SDK stores the token and record in localStorage. Resolves with the
 * record; rejects with a ClientResponseError (400 'Failed to authenticate.' for a wrong password).
 */
export async function signIn(email: string, password: string): Promise<RecordModel> {
  const auth = await pb.collection(STAFF_COLLECTION).authWithPassword(email.trim(), password, { requestKey: null });
  return auth.record;
}
