/**
 * One outbox flush at a time across the admin's tabs (docs/architecture.md "Admin data and sync": one tab
 * flushes at a time, `navigator.locks`). Two tabs flushing together would send the same entry
 * twice; the server would answer the replay harmlessly, but a charge's replay waits on the
 * first request, and the order of actions would no longer be the order they were taken in.
 */

/** Runs `fn` while holding the lock, waiting for any other holder first. */
export interface FlushLock {
  run<T>(fn: () => Promise<T>): Promise<T>;
}

/** The lock's name: one per origin, shared by every tab of the admin. */
export const OUTBOX_LOCK_NAME = 'thoughtfully-adorned-admin-outbox';

/**
 * The Web Locks API's exclusive lock `name` when the browser has it (every current browser,
 * Safari since 15.4), else null. A tab that closes mid-flush releases it.
 */
export function webLock(name = OUTBOX_LOCK_NAME, locks: LockManager | undefined = globalThis.navigator?.locks): FlushLock | null {
  if (!locks) return null;
  // The callback's promise is awaited by request(); its value is what request() resolves with.
  return { run: <T>(fn: () => Promise<T>) => locks.request(name, { mode: 'exclusive' }, fn) as unknown as Promise<T> };
}

/**
 * An in-page lock: runs holders one after another. Used inside each tab in any case, and alone
 * where the browser has no Web Locks (then two tabs could flush together; the server's
 * idempotency keys keep that harmless).
 */
export function pageLock(): FlushLock {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(fn: () => Promise<T>): Promise<T> {
      const result = tail.then(fn, fn);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}
