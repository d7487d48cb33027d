import { pb } from '@/lib/pb';
import { STAFF_COLLECTION } from './sign-in';

export interface PasswordChange {
  recordId: string;
  email: string;
  currentPassword: string;
  newPassword: string;
}

/**
 * Changes the signed-in admin's password (PocketBase's own record update with oldPassword,
 * docs/product.md §7 "update user password"). PocketBase then rotates the account's token key, which
 * signs out every session, this one included, so this signs in again with the new password.
 * Rejects with a ClientResponseError (400 with a field error for a wrong current password).
 */
export async function changePassword(c: PasswordChange): Promise<void> {
  await pb.collection(STAFF_COLLECTION).update(c.recordId, { oldPassword: c.currentPassword, password: c.newPassword, passwordConfirm: c.newPassword }, { requestKey: null });
  await pb.collection(STAFF_COLLECTION).authWithPassword(c.email, c.newPassword, { requestKey: null });
}
