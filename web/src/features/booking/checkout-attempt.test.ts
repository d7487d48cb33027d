import { describe, expect, it } from 'vitest';
import { attemptFor } from './checkout-attempt';

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
});
