import { describe, expect, it } from 'vitest';
import { milesOf, refusalOf } from './calculate-distance';

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

describe('refusalOf (an address checkout refuses is shown and blocks step 4; a failure stays silent)', () => {
  it.each<[string, Parameters<typeof refusalOf>[0], string | null]>([
    [
      'a refusal',
      { error: 'Sorry, ZIP code 95014 is 3039.7 miles away, outside our service area (up to 60 miles).', refused: true },
      'Sorry, ZIP code 95014 is 3039.7 miles away, outside our service area (up to 60 miles).',
    ],
    ['a failed lookup', { error: 'The distance could not be calculated for this address.' }, null],
    ['a distance', { distance: 12, duration: 20, travelFee: 0 }, null],
    ['refused without a sentence', { refused: true }, null],
  ])('%s', (_name, res, refusal) => {
    expect(refusalOf(res)).toBe(refusal);
  });
});
