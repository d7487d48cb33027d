import { describe, expect, it } from 'vitest';
import { attemptSettled, randomId } from './request-attempt';

describe('request attempts', () => {
  it.each([
    [200, true],
    [409, true],
    [422, true],
    [429, true],
    [0, false],
    [500, false],
    [502, false],
    [503, false],
  ])('an answer with status %i settles the attempt: %s', (status, settled) => {
    expect(attemptSettled(status)).toBe(settled);
  });

  it('makes distinct random ids', () => {
    expect(randomId('w_')).not.toBe(randomId('w_'));
    expect(randomId('w_', 8)).toMatch(/^w_[0-9a-f]{16}$/);
  });
});
