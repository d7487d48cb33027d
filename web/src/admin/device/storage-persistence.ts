/**
 * Asks the browser to keep the admin's offline copy and outbox (docs/decisions/016:
 * `navigator.storage.persist()` after login, its result shown). Without it a browser may clear
 * IndexedDB under storage pressure, and queued on-site work with it. Chromium grants it
 * silently to an installed app or a site the user engages with; Firefox asks; Safari decides
 * by its own heuristics.
 */
import { useEffect, useState } from 'react';

/** 'persisted': the browser will not clear it by itself; 'best_effort': it may under pressure. */
export type StoragePersistence = 'checking' | 'persisted' | 'best_effort' | 'unsupported';

/** What the admin is shown for each outcome. */
export const STORAGE_PERSISTENCE_TEXT: Record<StoragePersistence, string> = {
  checking: 'Checking offline storage…',
  persisted: 'Offline copy kept: this browser will not clear it.',
  best_effort: 'Offline copy may be cleared by the browser when the phone runs low on space. Installing the app helps.',
  unsupported: 'This browser cannot promise to keep the offline copy.',
};

/**
 * Asks for persistent storage unless it is granted already; resolves with the outcome.
 * `storage` for tests.
 */
export async function requestPersistentStorage(storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<Exclude<StoragePersistence, 'checking'>> {
  if (!storage?.persist || !storage.persisted) return 'unsupported';
  try {
    if (await storage.persisted()) return 'persisted';
    return (await storage.persist()) ? 'persisted' : 'best_effort';
  } catch {
    return 'best_effort';
  }
}

/** Asks once `signedIn` is true (after login) and returns the outcome to show. */
export function usePersistentStorage(signedIn: boolean): StoragePersistence {
  const [state, setState] = useState<StoragePersistence>('checking');
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void requestPersistentStorage().then((s) => {
      if (live) setState(s);
    });
    return () => {
      live = false;
    };
  }, [signedIn]);
  return state;
}
