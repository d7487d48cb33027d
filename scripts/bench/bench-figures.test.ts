import { describe, expect, it } from 'vitest';
import { benchArgs, benchNumbers, datesBetween, median, quantile } from './bench-figures.mjs';

describe('benchArgs', () => {
  it('reads --name=value and bare --name flags', () => {
    const args = benchArgs(['--runs=7', '--skip-build', '--origin=http://x/?a=b']);
    expect([args.get('--runs'), args.get('--skip-build'), args.get('--origin'), args.get('--other')]).toEqual(['7', 'true', 'http://x/?a=b', undefined]);
  });
});

describe('benchNumbers', () => {
  it('reads each numeric option as a number, or gives its default when it is not on the command line', () => {
    const args = benchArgs(['--runs=7', '--smtp-delay=250', '--skip-build']);
    expect(benchNumbers(args, { runs: 200, bookings: 2000, 'smtp-delay': 0 })).toEqual({ runs: 7, bookings: 2000, 'smtp-delay': 250 });
  });
});

describe('quantile and median', () => {
  it('take the nearest rank of the sorted values, whatever their order', () => {
    const values = [50, 10, 40, 20, 30, 60, 70, 80, 90, 100];
    expect([quantile(values, 0.5), quantile(values, 0.95), quantile(values, 0), quantile(values, 1)]).toEqual([50, 100, 10, 100]);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2);
  });
  it('leave NaN out, and give NaN for nothing', () => {
    expect(median([NaN, 5, 1, NaN, 3])).toBe(3);
    expect([median([]), median([NaN])]).toEqual([NaN, NaN]);
  });
});

describe('datesBetween', () => {
  it('lists every day of a range, both ends included, across a month and a year', () => {
    expect(datesBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(datesBetween('2026-11-24', '2026-11-24')).toEqual(['2026-11-24']);
    expect(datesBetween('2026-11-25', '2026-11-24')).toEqual([]);
  });
});
