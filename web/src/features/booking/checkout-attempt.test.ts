import { describe, expect, it } from 'vitest';
import { attemptFor, attemptSettled, randomId } from './checkout-attempt';

describe('checkout attempts', () => {
  it('keeps the key while the request is unchanged', () => {
    const first = attemptFor(null, { installDate: '2026-11-24', treeSize: '7.5-9ft' });
    expect(first.key).toMatch(/^checkout_[0-9a-f]{32}$/);
    expect(attemptFor(first, { installDate: '2026-11-24', treeSize: '7.5-9ft' })).toBe(first);
  });

  it('makes a new key when the choices change', () => {
    const first = attemptFor(null, { installDate: '2026-11-24' });
    const next = attemptFor(first, { installDate: '2026-11-27' });
    expect(next.key).not.toBe(first.key);
    expect(next.fingerprint).toBe(JSON.stringify({ installDate: '2026-11-27' }));
  });

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
