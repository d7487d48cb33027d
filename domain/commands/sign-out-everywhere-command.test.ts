import { describe, expect, it } from 'vitest';
import { NO_STAFF_SESSIONS, signOutEverywhereCommand } from './sign-out-everywhere-command';

const NOW = Date.parse('2026-11-20T15:00:00Z');

describe('the sign-out-everywhere command', () => {
  it("gives the caller's staff account the new token key, and nothing else", () => {
    expect(signOutEverywhereCommand.decide({ staffId: 's1', freshTokenKey: 'k'.repeat(50) }, {}, NOW)).toEqual({
      changes: [{ op: 'update', collection: 'staff', id: 's1', fields: { tokenKey: 'k'.repeat(50) } }],
      mails: [],
      answer: { staffId: 's1' },
    });
  });

  it('refuses a caller without a staff account (a superuser) with 400', () => {
    expect(signOutEverywhereCommand.decide({ staffId: '', freshTokenKey: 'k'.repeat(50) }, {}, NOW)).toEqual({ status: 400, message: NO_STAFF_SESSIONS });
  });

  it('takes no input and needs no key', () => {
    expect(signOutEverywhereCommand.parse({}, [])).toEqual({ ok: true, value: {} });
    expect(signOutEverywhereCommand.idempotency).toMatchObject({ by: 'natural', header: 'none' });
  });
});
