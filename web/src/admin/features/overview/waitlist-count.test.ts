import { describe, expect, it } from 'vitest';
import { waitingInNextDays } from './waitlist-count';

describe('waitingInNextDays', () => {
  it('counts each person once, live entries within the 14 days from today', () => {
    const entries = [
      { email_key: 'a', date: '2026-12-01', status: 'waiting' as const },
      { email_key: 'a', date: '2026-12-05', status: 'offered' as const },
      { email_key: 'b', date: '2026-12-14', status: 'waiting' as const },
      { email_key: 'c', date: '2026-12-15', status: 'waiting' as const },
      { email_key: 'd', date: '2026-11-30', status: 'waiting' as const },
      { email_key: 'e', date: '2026-12-02', status: 'booked' as const },
    ];
    expect(waitingInNextDays(entries, '2026-12-01')).toBe(2);
    expect(waitingInNextDays([], '2026-12-01')).toBe(0);
  });
});
