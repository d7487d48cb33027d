import { describe, expect, it } from 'vitest';
import { STAFF_EMAIL_MESSAGES } from '../admin/staff-email';
import { changeEmailCommand, SIGN_IN_FIRST, type ChangeEmailState } from './change-email-command';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const staff = { id: 's1', email: 'owner@example.com' };
const ok: ChangeEmailState = { staff, passwordMatches: true, emailTaken: false };
const input = (email: string, currentPassword = 'pw') => ({ email, currentPassword });

describe('the change-email command', () => {
  it('stores the new address, trimmed and lower case, on the caller’s account', () => {
    expect(changeEmailCommand.decide(ok, input('  New@Example.com '), NOW)).toEqual({
      changes: [{ op: 'update', collection: 'staff', id: 's1', fields: { email: 'new@example.com' } }],
      mails: [],
      answer: { staffId: 's1', email: 'new@example.com' },
    });
  });

  it.each([
    ['not a staff sign-in', { ...ok, staff: null }, input('new@example.com'), 401, SIGN_IN_FIRST],
    ['no current password', ok, input('new@example.com', ''), 400, STAFF_EMAIL_MESSAGES.passwordMissing],
    ['the same address (any case)', ok, input('Owner@Example.com'), 400, STAFF_EMAIL_MESSAGES.same],
    ['a wrong password', { ...ok, passwordMatches: false }, input('new@example.com'), 400, STAFF_EMAIL_MESSAGES.wrongPassword],
    ['an address another account holds', { ...ok, emailTaken: true }, input('new@example.com'), 409, STAFF_EMAIL_MESSAGES.taken],
  ])('refuses %s', (_name, state, i, status, message) => {
    expect(changeEmailCommand.decide(state, i, NOW)).toEqual({ status, message });
  });

  it('reads missing fields as empty, and needs no key', () => {
    expect(changeEmailCommand.parse({ email: 3 }, [])).toEqual({ ok: true, value: { email: '', currentPassword: '' } });
    expect(changeEmailCommand.idempotency).toMatchObject({ by: 'natural', header: 'none' });
  });
});
