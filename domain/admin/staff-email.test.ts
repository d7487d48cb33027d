import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES } from './staff-password-reset';
import { changeEmailProblem, STAFF_EMAIL_MESSAGES } from './staff-email';

describe('changeEmailProblem', () => {
  it.each([
    ['a new address and the password', { email: 'owner@example.com', currentPassword: 'secret' }, null],
    ['spaces around the address', { email: '  owner@example.com ', currentPassword: 'secret' }, null],
    ['no address', { email: ' ', currentPassword: 'secret' }, PASSWORD_RESET_MESSAGES.emailMissing],
    ['not an address', { email: 'owner@', currentPassword: 'secret' }, PASSWORD_RESET_MESSAGES.emailInvalid],
    ['no password', { email: 'owner@example.com', currentPassword: '' }, STAFF_EMAIL_MESSAGES.passwordMissing],
    ['the same address, another case', { email: 'Admin@ThoughtfullyAdorned.local', currentPassword: 'secret' }, STAFF_EMAIL_MESSAGES.same],
  ])('%s', (_name, input, expected) => {
    expect(changeEmailProblem(input, 'admin@thoughtfullyadorned.local')).toBe(expected);
  });
});
