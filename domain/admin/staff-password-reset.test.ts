import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES as M, passwordResetMailAllowed, resetEmailProblem, resetLinkAlive } from './staff-password-reset';

const NOW = Date.parse('2026-11-20T17:00:00Z');
const MIN = 60_000;

describe('passwordResetMailAllowed: 3 reset e-mails per account in a rolling hour (docs/decisions/034)', () => {
  it.each([
    ['none before', [], true],
    ['two in the hour', [NOW - 5 * MIN, NOW - 1 * MIN], true],
    ['three in the hour', [NOW - 50 * MIN, NOW - 5 * MIN, NOW - 1 * MIN], false],
    ['three, the oldest exactly an hour ago (out of the window)', [NOW - 60 * MIN, NOW - 5 * MIN, NOW - 1 * MIN], true],
    ['three, the oldest a minute inside the hour', [NOW - 59 * MIN, NOW - 5 * MIN, NOW - 1 * MIN], false],
    ['three at this very instant', [NOW, NOW, NOW], false],
    ['three long ago', [NOW - 3 * 60 * MIN, NOW - 2 * 60 * MIN, NOW - 61 * MIN], true],
    ['a time after now (the clock stepped back) counts', [NOW + 5 * MIN, NOW - 1 * MIN, NOW - 2 * MIN], false],
    ['in any order', [NOW - 1 * MIN, NOW - 90 * MIN, NOW - 2 * MIN, NOW - 3 * MIN], false],
  ])('%s', (_name, times, allowed) => {
    expect(passwordResetMailAllowed(times, NOW)).toBe(allowed);
  });
});

describe('resetEmailProblem', () => {
  it.each([
    ['admin@example.com', null],
    ['  admin@example.com  ', null],
    ['', M.emailMissing],
    ['   ', M.emailMissing],
    ['admin', M.emailInvalid],
    ['admin@', M.emailInvalid],
  ])('%j', (email, problem) => {
    expect(resetEmailProblem(email)).toBe(problem);
  });
});

describe('resetLinkAlive: a reset e-mail held back past its link is not sent', () => {
  it.each([
    ['just queued', NOW, true],
    ['29 minutes ago', NOW - 29 * MIN, true],
    ['30 minutes ago (the link has died)', NOW - 30 * MIN, false],
    ['a day ago', NOW - 24 * 60 * MIN, false],
    ['no queue time', Number.NaN, false],
  ])('%s', (_name, queuedAt, alive) => {
    expect(resetLinkAlive(queuedAt, 1800, NOW)).toBe(alive);
  });
});
