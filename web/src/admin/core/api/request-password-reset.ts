import { ClientResponseError } from 'pocketbase';
import { PASSWORD_RESET_MESSAGES } from '@domain/admin/staff-password-reset';
import { pb } from '@/lib/pb';
import { STAFF_COLLECTION } from './sign-in';

/**
 * Asks for a reset link for staff address `email` (docs/decisions/034): PocketBase's
 * request-password-reset route of `staff`. Resolves alike whether or not the address has an
 * account and whether or not an e-mail went out (the server answers 204 to all, and sends at
 * most 3 an hour per account). Rejects with a ClientResponseError: 400 for an address the
 * server cannot read, 429 past the per-address limit, 5xx, or status 0 with no answer.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await pb.collection(STAFF_COLLECTION).requestPasswordReset(email.trim(), { requestKey: null });
}

/** The sentence for a failed request: the limit, an unreadable address, else "try again" (nothing was lost). */
export function passwordResetRequestProblem(err: unknown): string {
  const status = err instanceof ClientResponseError ? err.status : 0;
  if (status === 429) return PASSWORD_RESET_MESSAGES.tooMany;
  if (status === 400) return PASSWORD_RESET_MESSAGES.emailInvalid;
  return PASSWORD_RESET_MESSAGES.failed;
}
