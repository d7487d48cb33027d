import { describe, expect, it } from 'vitest';
import { isOneOf, oneOfOr } from './one-of';

const SLOTS = ['9-15', '15-21'] as const;

describe('isOneOf', () => {
  it('accepts exactly the listed strings', () => {
    expect(isOneOf(SLOTS, '9-15')).toBe(true);
    expect(isOneOf(SLOTS, '15-21')).toBe(true);
  });

  it('refuses other strings, a different case, and values that are not strings', () => {
    for (const value of ['', '9-16', ' 9-15', 'toString', undefined, null, 9, ['9-15'], { '9-15': true }]) expect(isOneOf(SLOTS, value)).toBe(false);
  });
});

describe('oneOfOr', () => {
  it('answers a listed value as it is and anything else as the fallback', () => {
    expect(oneOfOr(SLOTS, '15-21', 'none')).toBe('15-21');
    expect(oneOfOr(SLOTS, 'legacy', 'none')).toBe('none');
    expect(oneOfOr(SLOTS, 42, undefined)).toBeUndefined();
  });
});
