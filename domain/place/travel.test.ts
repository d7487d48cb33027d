import { describe, expect, it } from 'vitest';
import { roundMiles, travelFeeCents } from './travel';

describe('travel fee (docs/product.md §9 Travel)', () => {
  it.each<[number | null, number]>([
    [null, 0],
    [Number.NaN, 0],
    [-3, 0],
    [0, 0],
    [12.4, 0],
    [20, 0],
    [20.04, 0],
    [20.05, 20],
    [21, 200],
    [25.3, 1060],
    [100, 16000],
  ])('%s miles → %i cents', (miles, cents) => {
    expect(travelFeeCents(miles)).toBe(cents);
  });
  it('rounds miles to one decimal for display', () => {
    expect(roundMiles(23.456)).toBe(23.5);
  });
});
