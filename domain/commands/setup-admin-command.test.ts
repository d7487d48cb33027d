import { describe, expect, it } from 'vitest';
import { setupAdminCommand, SETUP_ADMIN_MESSAGES, type SetupAdminState } from './setup-admin-command';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const open: SetupAdminState = { adminExists: false, codeMatches: true, defaultEmail: 'admin@example.local', password: 'p'.repeat(24) };
const staffRecord = (email: string) => [{ op: 'create', collection: 'staff', fields: { email, password: 'p'.repeat(24), verified: true, role: 'admin', name: 'Admin' } }];

describe('the setup-admin command', () => {
  it.each([
    ['the typed address, trimmed and lower case', '  Owner@Example.com ', 'owner@example.com'],
    ['the default address when none is typed', '', 'admin@example.local'],
  ])('makes the admin with %s and answers its password once', (_name, email, stored) => {
    expect(setupAdminCommand.decide(open, { code: 'ABCD', email }, NOW)).toEqual({ changes: staffRecord(stored), mails: [], answer: { email: stored, password: 'p'.repeat(24) } });
  });

  it.each([
    ['once an admin exists (before the code)', { ...open, adminExists: true, codeMatches: false }, 'not an address', 409, SETUP_ADMIN_MESSAGES.exists],
    ['a wrong code (before the address)', { ...open, codeMatches: false }, 'not an address', 403, SETUP_ADMIN_MESSAGES.wrongCode],
  ])('refuses %s', (_name, state, email, status, message) => {
    expect(setupAdminCommand.decide(state, { code: 'X', email }, NOW)).toEqual({ status, message });
  });

  it('refuses a typed address that is not one with 400', () => {
    const out = setupAdminCommand.decide(open, { code: 'ABCD', email: 'not an address' }, NOW);
    expect(out).toMatchObject({ status: 400 });
  });

  it('reads missing fields as empty, and needs no key', () => {
    expect(setupAdminCommand.parse({ code: 5 }, [])).toEqual({ ok: true, value: { code: '', email: '' } });
    expect(setupAdminCommand.idempotency).toMatchObject({ by: 'natural', header: 'none' });
  });
});
