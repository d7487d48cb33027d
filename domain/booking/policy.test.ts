import { describe, expect, it } from 'vitest';
import { BUSINESS } from '../business';
import { newYorkTimeMs } from '../schedule/calendar';
import { bookingPolicyLines, cancelDeadlineMs, cancelNotice, coolingOffEndsAtMs, keptOnCancel, POLICY, POLICY_SENTENCES, POLICY_TABLE, visitChangeDeadlineMs } from './policy';

const H = 3_600_000;
const paid = newYorkTimeMs('2026-11-20', 10); // Friday 10 AM

describe('the policy table', () => {
  it('has one row per action', () => {
    expect(new Set(POLICY_TABLE.map((r) => r.action)).size).toBe(POLICY_TABLE.length);
  });
  it('never says the deposit is both refunded and nonrefundable without the window', () => {
    expect(POLICY_SENTENCES.deposit).toMatch(/refunded in full if you cancel within 72 hours of booking/);
    expect(POLICY_SENTENCES.deposit).toMatch(/after that it is nonrefundable/);
  });
});

describe('deadlines', () => {
  const far = newYorkTimeMs('2026-12-20', 9);
  const soon = paid + 60 * H;
  it.each([
    ['install far away: the window ends first', 'install', far, coolingOffEndsAtMs(paid)],
    ['install within the window: 48 hours before it', 'install', soon, soon - 48 * H],
    ['removal far away: 7 days before it', 'removal', far, far - 7 * 24 * H],
    ['removal soon: 48 hours before it within the window', 'removal', soon, soon - 48 * H],
  ] as const)('%s', (_n, visit, start, expected) => expect(visitChangeDeadlineMs(visit, start, coolingOffEndsAtMs(paid))).toBe(expected));
  it('cancel closes at the window or the lock, whichever is first', () => {
    expect(cancelDeadlineMs(far, coolingOffEndsAtMs(paid))).toBe(paid + 72 * H);
    expect(cancelDeadlineMs(soon, coolingOffEndsAtMs(paid))).toBe(soon - 48 * H);
  });
});

describe('keptOnCancel', () => {
  it.each([
    ['customer', false, 'nothing'],
    ['customer', true, 'nothing'],
    ['owner', true, 'nothing'],
    ['owner', false, 'deposit'],
  ] as const)('%s refund=%s keeps %s', (by, refund, kept) => expect(keptOnCancel(by, refund)).toBe(kept));
});

describe('cancelNotice', () => {
  const far = newYorkTimeMs('2026-12-20', 9);
  it('offers the cancel with its deadline in the window', () => {
    const n = cancelNotice({ depositPaidAtMs: paid, installStartMs: far, installDone: false }, paid + H);
    expect(n.canCancelOnline).toBe(true);
    expect(n.sentence).toMatch(/until Monday, November 23, 2026 at 10 AM/);
  });
  it('says whom to call after the window', () => {
    const n = cancelNotice({ depositPaidAtMs: paid, installStartMs: far, installDone: false }, paid + 73 * H);
    expect(n.canCancelOnline).toBe(false);
    expect(n.sentence).toContain(BUSINESS.phone);
    expect(n.sentence).toMatch(/72 hours after booking have passed/);
  });
  it('a booking for the next morning is never promised a cancel', () => {
    const next = newYorkTimeMs('2026-11-21', 9);
    const lines = bookingPolicyLines({ depositPaidAtMs: paid, installStartMs: next, installDone: false }, paid);
    expect(lines.join(' ')).toMatch(/less than 48 hours away/);
    expect(lines.join(' ')).not.toMatch(/You may cancel online until/);
  });
  it('the numbers are the product’s', () => expect(POLICY).toMatchObject({ coolingOffHours: 72, visitLockHours: 48, removalMoveDays: 7 }));
});
