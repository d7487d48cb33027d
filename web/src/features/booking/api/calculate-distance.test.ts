import { describe, expect, it } from 'vitest';
import { milesOf } from './calculate-distance';

describe('milesOf (docs/product.md §7: an error or no distance clears the result)', () => {
  it.each<[string, Parameters<typeof milesOf>[0], number | null]>([
    ['a distance', { distance: 23.5, duration: 40, travelFee: 700 }, 23.5],
    ['zero miles', { distance: 0, duration: 0, travelFee: 0 }, 0],
    ['an error', { error: 'Please include a 5-digit ZIP code in the address.' }, null],
    ['an error beside a distance', { distance: 3, error: 'x' }, null],
    ['no distance', {}, null],
    ['a non-number', { distance: '12' as unknown as number }, null],
    ['a negative', { distance: -1 }, null],
  ])('%s', (_name, res, miles) => {
    expect(milesOf(res)).toBe(miles);
  });
});
