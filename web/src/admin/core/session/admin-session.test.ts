import { describe, expect, it } from 'vitest';
import { msUntilRefresh, REFRESH_BEFORE_EXPIRY_MS } from './admin-session';

/** An unsigned JWT with the given payload (only the payload is read client-side). */
const jwt = (payload: object) => `x.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.y`;

describe('msUntilRefresh', () => {
  const now = Date.parse('2026-11-20T17:00:00Z');
  it('renews ten minutes before the expiry', () => {
    const exp = (now + 60 * 60 * 1000) / 1000;
    expect(msUntilRefresh(jwt({ exp }), now)).toBe(60 * 60 * 1000 - REFRESH_BEFORE_EXPIRY_MS);
  });
  it('renews at once when that moment has passed or the token has no expiry', () => {
    expect(msUntilRefresh(jwt({ exp: (now + 60_000) / 1000 }), now)).toBe(0);
    expect(msUntilRefresh(jwt({}), now)).toBe(0);
  });
  it('waits at most a day', () => {
    expect(msUntilRefresh(jwt({ exp: (now + 7 * 86_400_000) / 1000 }), now)).toBe(86_400_000);
  });
});
