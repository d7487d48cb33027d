/**
 * POST /api/fn/change-email, for a signed-in staff member (docs/product.md §2 Admin dashboard
 * header): changes the account's own e-mail, the address "Forgot password?" writes to
 * (docs/decisions/034). Body { email, currentPassword }; the rule is domain/admin/staff-email.ts.
 * PocketBase's own request-email-change is turned off (lib/admin/staff-password-reset.ts): it
 * would mail a confirmation link, and the product asks for the current password instead, as
 * Change Password does. PocketBase rotates the account's token key with its address, so every
 * session is signed out, this one included: the answer carries a new token for this session,
 * which the page stores in its auth store as PocketBase's own sign-in answer would be stored,
 * so the owner stays signed in (web/src/admin/core/api/change-email.ts).
 *
 * 200 { email, token, record } (the new address, lower case; a token signed with the rotated
 * key; the account as a sign-in answers it). Without `token` and `record` (made after the
 * change committed, so their failure is only logged) the page signs in again with the new
 * address and the password it was given.
 * 400 a missing or invalid address, a missing or wrong current password, the same address
 *     (STAFF_EMAIL_MESSAGES, PASSWORD_RESET_MESSAGES); 401 without a staff sign-in;
 * 409 another account holds the address; 503 the save failed (the reason goes to the log).
 */
import { changeEmailProblem, STAFF_EMAIL_MESSAGES } from '@domain/admin/staff-email';
import { apiError, readJsonObject } from '../http';

export function changeEmailRoute(e: core.RequestEvent): void {
  const auth = e.auth;
  if (!auth || auth.collection().name !== 'staff') throw apiError(401, 'Please sign in.');
  const body = readJsonObject(e);
  const input = { email: typeof body.email === 'string' ? body.email : '', currentPassword: typeof body.currentPassword === 'string' ? body.currentPassword : '' };
  const problem = changeEmailProblem(input, auth.email());
  if (problem) throw apiError(400, problem);
  if (!auth.validatePassword(input.currentPassword)) throw apiError(400, STAFF_EMAIL_MESSAGES.wrongPassword);
  const email = input.email.trim().toLowerCase();
  let taken = false;
  try {
    $app.runInTransaction((tx) => {
      if (tx.countRecords('staff', $dbx.exp('lower(email) = {:email} AND id != {:id}', { email, id: auth.id })) > 0) {
        taken = true;
        return;
      }
      const record = tx.findRecordById('staff', auth.id);
      record.setEmail(email);
      tx.save(record);
    });
  } catch (err) {
    $app.logger().error('change-email: the address could not be saved', 'staff', auth.id, 'error', String(err));
    throw apiError(503, STAFF_EMAIL_MESSAGES.failed);
  }
  if (taken) throw apiError(409, STAFF_EMAIL_MESSAGES.taken);
  return e.json(200, { email, ...signedInAgain(auth.id) });
}

/**
 * A new sign-in of staff account `id` after its change: { token, record } as PocketBase's
 * auth-with-password answers them (the record with its e-mail shown, as to its owner), or {}
 * when they could not be made (logged; the page then signs in itself).
 */
function signedInAgain(id: string): { token?: string; record?: core.Record } {
  try {
    const record = $app.findRecordById('staff', id);
    const token = record.newAuthToken();
    record.ignoreEmailVisibility(true);
    return { token, record };
  } catch (err) {
    $app.logger().error('change-email: no new token after the change', 'staff', id, 'error', String(err));
    return {};
  }
}
