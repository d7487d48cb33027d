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
 *
 * On the command runner (lib/commands/run-command.ts); the rule is
 * domain/commands/change-email-command.ts.
 */
import { STAFF_EMAIL_MESSAGES, type ChangeEmailInput } from '@domain/admin/staff-email';
import { changeEmailCommand, storedStaffEmail, type ChangeEmailAnswer, type ChangeEmailState } from '@domain/commands/change-email-command';
import { refuse } from '@domain/commands/command';
import { readJsonObject } from '../http';
import { staffIdOf } from '../staff-auth';
import { runCommand, type ServerCommand } from '../commands/run-command';

export const changeEmail: ServerCommand<ChangeEmailInput, ChangeEmailState, never, ChangeEmailAnswer> = {
  command: changeEmailCommand,
  path: '/api/fn/change-email',
  // Who may call comes before the body: without a staff sign-in the command answers 401 whatever was sent.
  fields: (e) => (staffIdOf(e) ? readJsonObject(e) : {}),
  load(tx, input, ctx) {
    if (!ctx.staffId) return { staff: null, passwordMatches: false, emailTaken: false };
    const record = tx.findRecordById('staff', ctx.staffId);
    const email = storedStaffEmail(input.email);
    return {
      staff: { id: record.id, email: record.email() },
      passwordMatches: input.currentPassword !== '' && record.validatePassword(input.currentPassword),
      emailTaken: tx.countRecords('staff', $dbx.exp('lower(email) = {:email} AND id != {:id}', { email, id: record.id })) > 0,
    };
  },
  writeRefusal(err) {
    $app.logger().error('change-email: the address could not be saved', 'error', String(err));
    return refuse(503, STAFF_EMAIL_MESSAGES.failed);
  },
  respond: (_app, a) => ({ email: a.email, ...signedInAgain(a.staffId) }),
};

export function changeEmailRoute(e: core.RequestEvent): void {
  runCommand(e, changeEmail);
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
