/**
 * docs/product.md §4 Session events named from the PocketBase SDK's auth store changes (docs/architecture.md
 * decision 10). The SDK reports only "the token or record changed"; comparing what the store
 * held before and after tells which event that was.
 */

export type SessionEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED';

/** What the auth store holds: its token ('' when signed out) and the signed-in record's id and fields. */
export interface StoreSnapshot {
  token: string;
  recordId: string;
  /** The record's fields that matter to the admin (e-mail, role), joined, to notice an update. */
  recordKey: string;
}

/**
 * The event for a change from `before` to `after` (null when nothing changed that matters).
 * The first snapshot of a page load (`before` null) is INITIAL_SESSION when signed in.
 */
export function sessionEventOf(before: StoreSnapshot | null, after: StoreSnapshot): SessionEvent | null {
  if (!before) return after.token ? 'INITIAL_SESSION' : null;
  if (!before.token && after.token) return 'SIGNED_IN';
  if (before.token && !after.token) return 'SIGNED_OUT';
  if (!after.token) return null;
  if (before.recordId !== after.recordId) return 'SIGNED_IN';
  if (before.token !== after.token) return 'TOKEN_REFRESHED';
  if (before.recordKey !== after.recordKey) return 'USER_UPDATED';
  return null;
}
