/**
 * The admin's session (docs/product.md §2 Admin login, §4 Admin dashboard access and Session events,
 * §6; docs/architecture.md reading 10): the PocketBase SDK's auth store (localStorage, restored on load,
 * shared by the tabs of the browser), the admin-role check, a refresh before the token expires,
 * and the end of the session when a refresh can never succeed.
 */
import { useEffect, useState } from 'react';
import { getTokenPayload, type RecordModel } from 'pocketbase';
import { toast } from 'sonner';
import { pb } from '@/lib/pb';
import { refreshCanNeverSucceed, refreshSession } from '../api/refresh-session';
import { STAFF_COLLECTION } from '../api/sign-in';
import { adminDb } from '../db';
import { sessionEventOf, type SessionEvent, type StoreSnapshot } from './session-events';
import { logError, logWarning } from '@/lib/log';

export const SESSION_MESSAGES = {
  welcome: 'Welcome back! Logged in successfully.',
  loginFailed: 'Login Failed',
  wrongCredentials: 'Incorrect e-mail or password.',
  accessDenied: 'Access Denied',
  noPrivileges: "You don't have admin privileges.",
  loggedOut: 'Logged out',
  expired: 'Your session has ended. Please log in again.',
} as const;

/** How long before the token's expiry it is renewed (ms). */
export const REFRESH_BEFORE_EXPIRY_MS = 10 * 60 * 1000;
/** The longest wait between refreshes (ms): a day, so a revoked session is noticed within one. */
const MAX_REFRESH_WAIT_MS = 24 * 60 * 60 * 1000;
/** How soon a renewal the server never answered is tried again while the token has expired (ms). */
export const EXPIRED_RETRY_MS = 5_000;

/** True for a record of the `staff` collection with the admin role (docs/product.md §6 has_role). */
export function isAdminRecord(record: RecordModel | null | undefined): boolean {
  return !!record && record.collectionName === STAFF_COLLECTION && record.role === 'admin';
}

/**
 * The account record this device's session holds (any staff member, its token valid or not), or
 * null: what the screens read of the session without reaching for the SDK's store.
 */
export function sessionRecord(): RecordModel | null {
  return pb.authStore.record;
}

/** The signed-in admin (a staff record with `role`), or null (no session, an expired token, or not an admin). */
export function currentAdmin(): (RecordModel & { role: string }) | null {
  const record = pb.authStore.record;
  return pb.authStore.isValid && isAdminRecord(record) ? (record as RecordModel & { role: string }) : null;
}

/**
 * The stored admin whose token has expired while the device is offline (docs/decisions/016 "Expired
 * session offline: work goes on offline"), or null. The dashboard keeps working from the
 * device's copy and the outbox queues; nothing is sent until the admin signs in again, which
 * the guard asks for as soon as the connection is back. `online` for tests.
 */
export function offlineExpiredAdmin(online = typeof navigator === 'undefined' || navigator.onLine): (RecordModel & { role: string }) | null {
  const record = pb.authStore.record;
  if (online || !pb.authStore.token || pb.authStore.isValid || !isAdminRecord(record)) return null;
  return record as RecordModel & { role: string };
}

/**
 * Ends the session on this device: the auth store is cleared (every tab of the browser follows)
 * and the mirror is emptied, so no customer data stays behind. The outbox stays (docs/
 * decisions/016): its work is sent once the same admin signs in again, never under another.
 */
export async function endSession(): Promise<void> {
  pb.authStore.clear();
  try {
    await adminDb().clearAll();
  } catch (err) {
    logError('Could not clear the admin data on this device', err);
  }
}

/** Milliseconds until the token should be renewed (0 when due now). */
export function msUntilRefresh(token: string, nowMs: number): number {
  const exp = Number(getTokenPayload(token).exp);
  if (!Number.isFinite(exp)) return 0;
  return Math.min(Math.max(0, exp * 1000 - REFRESH_BEFORE_EXPIRY_MS - nowMs), MAX_REFRESH_WAIT_MS);
}

function snapshot(): StoreSnapshot {
  const r = pb.authStore.record;
  return { token: pb.authStore.token, recordId: r?.id ?? '', recordKey: r ? `${String(r.email ?? '')}|${String(r.role ?? '')}` : '' };
}

/** Calls `listener` with docs/product.md's session event names for every auth store change. */
export function onSessionEvent(listener: (event: SessionEvent) => void): () => void {
  let before: StoreSnapshot | null = null;
  return pb.authStore.onChange(() => {
    const after = snapshot();
    const event = sessionEventOf(before, after);
    before = after;
    if (event) listener(event);
  }, true);
}

/**
 * Renews the session; when the refresh can never succeed (the token was revoked, e.g. by a
 * password change elsewhere, or the account is gone) or the account lost the admin role, ends
 * it with a toast. A network failure keeps the session (the admin works offline) for a retry:
 * resolves 'unanswered' then, else 'done'.
 */
export async function renewSession(): Promise<'done' | 'unanswered'> {
  if (!pb.authStore.token) return 'done';
  try {
    await refreshSession();
    if (!isAdminRecord(pb.authStore.record)) {
      await endSession();
      toast.error(SESSION_MESSAGES.accessDenied, { description: SESSION_MESSAGES.noPrivileges });
    }
  } catch (err) {
    if (!refreshCanNeverSucceed(err)) {
      logWarning('Session refresh failed; will retry', err);
      return 'unanswered';
    }
    await endSession();
    toast.error(SESSION_MESSAGES.expired);
  }
  return 'done';
}

export type GuardState = 'checking' | 'allowed' | 'denied';

/**
 * The dashboard guard (docs/product.md §4 Admin dashboard access): 'checking' for the first render,
 * then 'allowed' for a stored admin session whose token has not expired (the dashboard shows
 * the data saved on the device at once, offline too), or whose token expired while the device
 * is offline (offlineExpiredAdmin: the renewal on `online` then ends it and asks for a login),
 * or 'denied'. A signed-in account without
 * the admin role is signed out with 'Access Denied'. While allowed, the token is renewed at
 * once (which re-checks the role on the server), before it expires, when the tab becomes
 * visible again and when the connection returns; signing out in any tab denies.
 */
export function useAdminGuard(): GuardState {
  // A stored admin session is usable at once (no 'checking' pass): the dashboard paints from
  // the device's copy one render sooner, which counts on a phone opening it offline (docs/decisions/016).
  const [state, setState] = useState<GuardState>(() => (currentAdmin() || offlineExpiredAdmin() ? 'allowed' : 'checking'));

  useEffect(() => {
    const record = pb.authStore.record;
    if (!currentAdmin() && !offlineExpiredAdmin()) {
      if (record && pb.authStore.isValid && !isAdminRecord(record)) {
        toast.error(SESSION_MESSAGES.accessDenied, { description: SESSION_MESSAGES.noPrivileges });
      }
      void endSession();
      setState('denied');
      return;
    }
    setState('allowed');

    let timer: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // A renewal nobody answered is tried again soon while the token has expired: the 'online'
    // event can come a moment before requests get through, and until an answer the admin would
    // sit on an expired session with no login asked for (the queue waiting for nothing).
    const renew = async () => {
      clearTimeout(retry);
      if ((await renewSession()) === 'unanswered' && pb.authStore.token && !pb.authStore.isValid) {
        retry = setTimeout(() => void renew(), EXPIRED_RETRY_MS);
      }
    };
    const schedule = () => {
      clearTimeout(timer);
      if (pb.authStore.token) timer = setTimeout(() => void renew(), msUntilRefresh(pb.authStore.token, Date.now()));
    };
    const stopEvents = onSessionEvent((event) => {
      if (event === 'SIGNED_OUT' || (!currentAdmin() && !offlineExpiredAdmin())) setState('denied');
      else if (event === 'TOKEN_REFRESHED' || event === 'INITIAL_SESSION') schedule();
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') void renew();
    };
    const onOnline = () => void renew();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    void renew();
    return () => {
      clearTimeout(timer);
      clearTimeout(retry);
      stopEvents();
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
    };
  }, []);

  return state;
}
