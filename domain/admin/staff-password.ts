/**
 * The admin's password forms (docs/product.md §2 Admin dashboard header, §5 Admin; docs/architecture.md
 * decision 9): Change Password (current password, new password and its confirmation) and the
 * new password chosen from a reset link (docs/decisions/034). All fields required; the new one
 * at least 12 characters (docs/product.md's 6 is too weak for an account that charges cards)
 * and equal to its confirmation. PocketBase enforces the same minimum on the `staff` collection.
 */
import { z } from 'zod';

/** Shortest admin password accepted (docs/architecture.md reading 9). */
export const STAFF_PASSWORD_MIN = 12;

export const STAFF_PASSWORD_MESSAGES = {
  required: 'Please fill in all fields',
  tooShort: `Password must be at least ${STAFF_PASSWORD_MIN} characters`,
  mismatch: "Passwords don't match",
  changed: 'Password changed successfully',
} as const;

/** The new password and its confirmation, as both forms ask for them. */
const newPasswordFields = {
  newPassword: z.string().min(1, STAFF_PASSWORD_MESSAGES.required).min(STAFF_PASSWORD_MIN, STAFF_PASSWORD_MESSAGES.tooShort),
  confirmPassword: z.string().min(1, STAFF_PASSWORD_MESSAGES.required),
};

/** The confirmation must repeat the new password (reported on `confirmPassword`). */
const confirmed = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword;
const mismatch = { message: STAFF_PASSWORD_MESSAGES.mismatch, path: ['confirmPassword'] };

/**
 * The Change Password form's schema. Errors, in the order a person fixes them: a missing field,
 * then a short new password, then a confirmation that differs.
 */
export const changePasswordSchema = z.object({ currentPassword: z.string().min(1, STAFF_PASSWORD_MESSAGES.required), ...newPasswordFields }).refine(confirmed, mismatch);

/** The reset page's schema (docs/decisions/034): the same rules without the current password. */
export const newPasswordSchema = z.object(newPasswordFields).refine(confirmed, mismatch);

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

function firstProblem(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? STAFF_PASSWORD_MESSAGES.required);
}

/** The first problem with the Change Password form, or null when it can be sent. */
export function changePasswordProblem(input: ChangePasswordInput): string | null {
  return firstProblem(changePasswordSchema.safeParse(input));
}

/** The first problem with a new password and its confirmation (the reset page), or null. */
export function newPasswordProblem(input: NewPasswordInput): string | null {
  return firstProblem(newPasswordSchema.safeParse(input));
}
