import { describe, expect, it } from 'vitest';
import { sessionEventOf, type StoreSnapshot } from './session-events';

const out: StoreSnapshot = { token: '', recordId: '', recordKey: '' };
const admin: StoreSnapshot = { token: 't1', recordId: 'r1', recordKey: 'a@x|admin' };

describe('sessionEventOf (docs/product.md §4 Session events)', () => {
  it.each<[string, StoreSnapshot | null, StoreSnapshot, string | null]>([
    ['a page load with a stored session', null, admin, 'INITIAL_SESSION'],
    ['a page load signed out', null, out, null],
    ['a sign-in', out, admin, 'SIGNED_IN'],
    ['a sign-out', admin, out, 'SIGNED_OUT'],
    ['another account signing in', admin, { token: 't2', recordId: 'r2', recordKey: 'b@x|admin' }, 'SIGNED_IN'],
    ['a token refresh', admin, { ...admin, token: 't2' }, 'TOKEN_REFRESHED'],
    ['a record update', admin, { ...admin, recordKey: 'new@x|admin' }, 'USER_UPDATED'],
    ['nothing new', admin, { ...admin }, null],
    ['still signed out', out, { ...out }, null],
  ])('%s', (_name, before, after, event) => {
    expect(sessionEventOf(before, after)).toBe(event);
  });
});
