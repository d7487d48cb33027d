import { describe, expect, it } from 'vitest';
import { SUMMARY_SHOWN_FOR_MS, summaryIsShown } from './summary';

describe('summaryIsShown', () => {
  const closed = Date.parse('2026-11-20T17:30:00Z');
  const hour = 60 * 60 * 1000;

  it.each<[string, number, number, boolean]>([
    ['while the checkout is open', closed, closed - 20 * 60 * 1000, true],
    ['when the checkout closes', closed, closed, true],
    ['23 hours later', closed, closed + 23 * hour, true],
    ['a millisecond before the day is over', closed, closed + SUMMARY_SHOWN_FOR_MS - 1, true],
    ['a day later', closed, closed + SUMMARY_SHOWN_FOR_MS, false],
    ['a week later', closed, closed + 7 * 24 * hour, false],
    ['when the closing instant is unknown', NaN, closed, false],
  ])('%s', (_name, closedAt, now, shown) => {
    expect(summaryIsShown(closedAt, now)).toBe(shown);
  });

  it('lasts one day', () => {
    expect(SUMMARY_SHOWN_FOR_MS).toBe(24 * hour);
  });
});
