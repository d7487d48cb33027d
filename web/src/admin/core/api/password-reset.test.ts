import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES as M } from '@domain/admin/staff-password-reset';
import { isDeadResetLink, passwordResetConfirmProblem } from './confirm-password-reset';
import { passwordResetRequestProblem } from './request-password-reset';

/** A refusal as the SDK reports it: `status` 0 is a request that got no answer. */
const refusal = (status: number, data: Record<string, { code: string; message: string }> = {}) =>
  new ClientResponseError({ url: '/api/collections/staff/x', status, response: { status, message: 'Refused.', data } });

describe('passwordResetRequestProblem (docs/decisions/034)', () => {
  it.each([
    ['the per-address limit', refusal(429), M.tooMany],
    ['an address the server cannot read', refusal(400, { email: { code: 'validation_is_email', message: 'Must be a valid email address.' } }), M.emailInvalid],
    ['a server failure', refusal(503), M.failed],
    ['no answer', refusal(0), M.failed],
    ['not an API error', new TypeError('Failed to fetch'), M.failed],
  ])('%s', (_name, err, sentence) => {
    expect(passwordResetRequestProblem(err)).toBe(sentence);
  });
});

describe('passwordResetConfirmProblem and isDeadResetLink', () => {
  const deadLink = refusal(400, { token: { code: 'validation_invalid_token', message: 'Invalid or expired token.' } });

  it.each([
    ['a link expired or used', deadLink, M.linkInvalid, true],
    [
      'a password the collection refuses',
      refusal(400, { password: { code: 'validation_length_out_of_range', message: 'The length must be between 12 and 255.' } }),
      'The length must be between 12 and 255.',
      false,
    ],
    ['a confirmation that differs', refusal(400, { passwordConfirm: { code: 'validation_values_mismatch', message: 'Values don’t match.' } }), 'Values don’t match.', false],
    ['the per-address limit', refusal(429), M.tooMany, false],
    ['a server failure', refusal(500), M.changeFailed, false],
    ['no answer', refusal(0), M.changeFailed, false],
    ['not an API error', new Error('boom'), M.changeFailed, false],
  ])('%s', (_name, err, sentence, dead) => {
    expect(passwordResetConfirmProblem(err)).toBe(sentence);
    expect(isDeadResetLink(err)).toBe(dead);
  });
});
