import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MAIL_LIMIT } from '../admin/staff-password-reset';
import { staffPasswordResetCommand } from './staff-password-reset-command';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const MIN = 60_000;
const input = { collection: 'staff', staffId: 's1', origin: 'https://trees.example', atMs: NOW };
const times = (n: number, agoMs: number) => Array.from({ length: n }, (_, i) => NOW - agoMs - i * MIN);

describe('the staff-password-reset command', () => {
  it.each([
    ['the first request', [], true],
    ['one under the hourly limit', times(PASSWORD_RESET_MAIL_LIMIT - 1, MIN), true],
    ['at the hourly limit', times(PASSWORD_RESET_MAIL_LIMIT, MIN), false],
    ['at the limit, but the last hour is past', times(PASSWORD_RESET_MAIL_LIMIT, 61 * MIN), true],
  ])('%s: mailed %s', (_name, recentMailsMs, mailed) => {
    // The runner's clock (a fixed APP_NOW a day later) does not count: the request's own instant does.
    expect(staffPasswordResetCommand.decide({ recentMailsMs }, input, NOW + 24 * 60 * MIN)).toEqual({ changes: [], mails: mailed ? [input] : [], answer: { mailed } });
  });

  it('needs no key', () => {
    expect(staffPasswordResetCommand.idempotency).toMatchObject({ by: 'natural', header: 'none' });
  });
});
