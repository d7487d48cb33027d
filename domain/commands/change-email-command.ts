/**
 * A staff member changes the account's own e-mail as a command (docs/product.md §2 Admin
 * dashboard header; docs/decisions/034): the address "Forgot password?" writes to. The rule of
 * the form is domain/admin/staff-email.ts changeEmailProblem; the server checks the current
 * password as it loads the state (a hash is no rule), and whether another account holds the
 * address. The same change again is refused as 'the same address', so it needs no key. Pure.
 */
import { changeEmailProblem, STAFF_EMAIL_MESSAGES, type ChangeEmailInput } from '../admin/staff-email';
import { decided, refuse, type Command } from './command';

/** The refusal without a staff sign-in (401). */
export const SIGN_IN_FIRST = 'Please sign in.';

/** The caller's staff account (null: not a staff sign-in), whether the password matched it, and whether another account holds the address. */
export interface ChangeEmailState {
  staff: { id: string; email: string } | null;
  passwordMatches: boolean;
  emailTaken: boolean;
}

/** The account changed and its new address (trimmed, lower case). */
export interface ChangeEmailAnswer {
  staffId: string;
  email: string;
}

/** The new address as stored: trimmed, lower case. */
export function storedStaffEmail(typed: string): string {
  return typed.trim().toLowerCase();
}

export const changeEmailCommand: Command<ChangeEmailInput, ChangeEmailState, never, ChangeEmailAnswer> = {
  name: 'change-email',
  parse: (body) => ({
    ok: true,
    value: { email: typeof body.email === 'string' ? body.email : '', currentPassword: typeof body.currentPassword === 'string' ? body.currentPassword : '' },
  }),
  idempotency: { by: 'natural', header: 'none', why: 'the same change again is refused as the same address, and changes nothing' },
  decide(state, input) {
    if (!state.staff) return refuse(401, SIGN_IN_FIRST);
    const problem = changeEmailProblem(input, state.staff.email);
    if (problem) return refuse(400, problem);
    if (!state.passwordMatches) return refuse(400, STAFF_EMAIL_MESSAGES.wrongPassword);
    if (state.emailTaken) return refuse(409, STAFF_EMAIL_MESSAGES.taken);
    const email = storedStaffEmail(input.email);
    return decided([{ op: 'update', collection: 'staff', id: state.staff.id, fields: { email } }], { staffId: state.staff.id, email });
  },
};
