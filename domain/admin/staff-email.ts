/**
 * Change e-mail for staff accounts (docs/product.md §2 Admin dashboard header, §5 Admin): the
 * account's address is where "Forgot password?" sends its link (docs/decisions/034), so the owner
 * sets it at setup and may change it later from the account menu, with the current password as
 * Change Password asks. The address is checked as the reset request checks it
 * (domain/admin/staff-password-reset.ts resetEmailProblem).
 */
import { resetEmailProblem } from './staff-password-reset';

export const STAFF_EMAIL_MESSAGES = {
  passwordMissing: 'Please enter your current password.',
  wrongPassword: 'The current password is not correct.',
  same: 'That is already the e-mail of this account.',
  taken: 'Another account already uses that e-mail address.',
  failed: 'The e-mail could not be changed just now. Please try again in a moment.',
  changed: 'E-mail changed. Use the new address to sign in.',
} as const;

export interface ChangeEmailInput {
  /** The new address as typed (trimmed here). */
  email: string;
  currentPassword: string;
}

/**
 * The first problem with a Change e-mail form, or null when it can be sent: the new address
 * (missing or invalid, resetEmailProblem's sentences), then a missing current password, then an
 * address equal (ignoring case) to `currentEmail`.
 */
export function changeEmailProblem(input: ChangeEmailInput, currentEmail: string): string | null {
  const emailProblem = resetEmailProblem(input.email);
  if (emailProblem) return emailProblem;
  if (!input.currentPassword) return STAFF_EMAIL_MESSAGES.passwordMissing;
  if (input.email.trim().toLowerCase() === currentEmail.trim().toLowerCase()) return STAFF_EMAIL_MESSAGES.same;
  return null;
}
