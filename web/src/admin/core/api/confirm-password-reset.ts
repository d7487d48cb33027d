import { ClientResponseError } from 'pocketbase';
import { PASSWORD_RESET_MESSAGES } from '@domain/admin/staff-password-reset';
import { pb } from '@/lib/pb';
import { STAFF_COLLECTION } from './sign-in';

/**
 * Sets a staff account's new password with the token of a reset link (docs/decisions/034):
 * PocketBase's confirm-password-reset route of `staff`, which checks the collection's 12
 * characters and the confirmation again. Resolves once it is set (204); the account's token key
 * changes, so the link, and every session of the account, end. Rejects with a
 * ClientResponseError: 400 with a `token` field error for a link that expired or was used, with
 * `password`/`passwordConfirm` for a refused password; 429, 5xx, or status 0 with no answer.
 */
export async function confirmPasswordReset(token: string, password: string, passwordConfirm: string): Promise<void> {
  await pb.collection(STAFF_COLLECTION).confirmPasswordReset(token, password, passwordConfirm, { requestKey: null });
}

/** The field errors of a refused confirmation (PocketBase's `data`), or {}. */
function fieldErrors(err: ClientResponseError): Record<string, { message?: string } | undefined> {
  return (err.response as { data?: Record<string, { message?: string }> } | undefined)?.data ?? {};
}

/** Whether `err` says the link itself is no good (expired, used, or not a reset token). */
export function isDeadResetLink(err: unknown): boolean {
  return err instanceof ClientResponseError && err.status === 400 && !!fieldErrors(err).token;
}

/** The sentence for a failed confirmation: a dead link, the server's word on the password, the limit, else "try again". */
export function passwordResetConfirmProblem(err: unknown): string {
  if (isDeadResetLink(err)) return PASSWORD_RESET_MESSAGES.linkInvalid;
  if (!(err instanceof ClientResponseError)) return PASSWORD_RESET_MESSAGES.changeFailed;
  if (err.status === 429) return PASSWORD_RESET_MESSAGES.tooMany;
  const fields = fieldErrors(err);
  const refused = fields.password?.message ?? fields.passwordConfirm?.message;
  if (err.status === 400 && refused) return refused;
  return PASSWORD_RESET_MESSAGES.changeFailed;
}
