import { describe, expect, it } from 'vitest';
import { dollars, formatCents } from './cents';

describe('formatCents', () => {
  it.each([
    [0, '$0'],
    [165000, '$1,650'],
    [1250, '$12.50'],
    [5, '$0.05'],
    [-15000, '-$150'],
    [123456789, '$1,234,567.89'],
  ])('%i cents is %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
  it('converts dollars to cents', () => {
    expect(dollars(1650)).toBe(165000);
    expect(dollars(0.1 + 0.2)).toBe(30);
  });
});
