import { describe, expect, it } from 'vitest';
import { changePasswordProblem, newPasswordProblem } from './staff-password';

describe('changePasswordProblem (docs/product.md §5 Admin; 12 characters, docs/architecture.md reading 9)', () => {
  it.each([
    ['all fields filled, matching', 'old-password', 'a-new-password-1', 'a-new-password-1', null],
    ['exactly 12 characters', 'old', '123456789012', '123456789012', null],
    ['no current password', '', 'a-new-password-1', 'a-new-password-1', 'Please fill in all fields'],
    ['no new password', 'old', '', '', 'Please fill in all fields'],
    ['no confirmation', 'old', 'a-new-password-1', '', 'Please fill in all fields'],
    ['11 characters', 'old', '12345678901', '12345678901', 'Password must be at least 12 characters'],
    ['6 characters (docs/product.md minimum)', 'old', 'abcdef', 'abcdef', 'Password must be at least 12 characters'],
    ['a different confirmation', 'old', 'a-new-password-1', 'a-new-password-2', "Passwords don't match"],
  ])('%s', (_name, currentPassword, newPassword, confirmPassword, problem) => {
    expect(changePasswordProblem({ currentPassword, newPassword, confirmPassword })).toBe(problem);
  });
});

describe('newPasswordProblem (the reset page, docs/decisions/034): the same rules without the current password', () => {
  it.each([
    ['matching, 12 characters', '123456789012', '123456789012', null],
    ['no new password', '', '', 'Please fill in all fields'],
    ['no confirmation', 'a-new-password-1', '', 'Please fill in all fields'],
    ['11 characters', '12345678901', '12345678901', 'Password must be at least 12 characters'],
    ['a different confirmation', 'a-new-password-1', 'a-new-password-2', "Passwords don't match"],
  ])('%s', (_name, newPassword, confirmPassword, problem) => {
    expect(newPasswordProblem({ newPassword, confirmPassword })).toBe(problem);
  });
});
