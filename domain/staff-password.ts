/**
 * The admin's Change Password form (docs/product.md §2 Admin dashboard header, §5 Admin; docs/architecture.md
 * decision 9): current password, new password and its confirmation, all required; the new one
 * at least 12 characters (docs/product.md's 6 is too weak for an account that charges cards) and equal
 * to its confirmation. PocketBase enforces the same minimum on the `staff` collection.
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

/**
 * The form's schema. Errors, in the order a person fixes them: a missing field, then a short
 * new password, then a confirmation that differs (reported on `confirmPassword`).
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, STAFF_PASSWORD_MESSAGES.required),
    newPassword: z.string().min(1, STAFF_PASSWORD_MESSAGES.required).min(STAFF_PASSWORD_MIN, STAFF_PASSWORD_MESSAGES.tooShort),
    confirmPassword: z.string().min(1, STAFF_PASSWORD_MESSAGES.required),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: STAFF_PASSWORD_MESSAGES.mismatch, path: ['confirmPassword'] });

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The first problem with the form, or null when it can be sent. */
export function changePasswordProblem(input: ChangePasswordInput): string | null {
  const result = changePasswordSchema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? STAFF_PASSWORD_MESSAGES.required);
}
