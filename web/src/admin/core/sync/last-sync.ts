/**
 * When this device last finished a sync with the server (a complete pull), kept across reloads
 * so the status chip can say how old the offline copy is (docs/decisions/016 "the time of the last
 * sync"). Per device, in localStorage; every tab follows through the `storage` event.
 */
import { useSyncExternalStore } from 'react';

const KEY = 'thoughtfully-adorned-admin:last-sync';
const listeners = new Set<() => void>();

function read(): number | null {
  try {
    const v = Number(localStorage.getItem(KEY));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

/** Records a completed sync at `ms` (epoch). */
export function recordSync(ms: number): void {
  try {
    localStorage.setItem(KEY, String(ms));
  } catch {
    // Storage full or blocked: the chip shows the time of this page's syncs only.
  }
  listeners.forEach((l) => l());
}

/** Epoch ms of the last completed sync on this device, or null. */
export function useLastSync(): number | null {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      const onStorage = (e: StorageEvent) => {
        if (e.key === KEY) cb();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(cb);
        window.removeEventListener('storage', onStorage);
      };
    },
    read,
    () => null,
  );
}
