/**
 * Runs the mirror's sync while the dashboard is open (docs/architecture.md "Admin data and sync"): started
 * after sign-in and on every start of the dashboard, pulled again when the connection comes back
 * (`online`) and when the tab becomes visible. A collection whose pull fails shows docs/product.md §8's
 * message once (not again until it has succeeded), and not at all while offline or while the
 * server gives no answer: the saved data is shown then, and the status chip says why.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { errorMessage, pb } from '@/lib/pb';
import { adminTransport, syncMirror } from './admin-data';
import { COLLECTIONS, TOMBSTONES, type PulledCollection } from './sync/collections';
import { AdminSync, isNoAnswer, type SyncStatus } from './sync/sync';
import { firstLookWindow } from './sync/first-look';
import { businessToday } from '@domain/schedule/calendar';
import { fetchSeason } from '@/lib/api/get-season';
import { logError } from '@/lib/log';

const IDLE: SyncStatus = { state: 'idle', loaded: new Set() };
const noSubscription = () => () => {};
const idle = () => IDLE;

export function useAdminSync(enabled: boolean): SyncStatus {
  const [sync, setSync] = useState<AdminSync | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const failing = new Set<PulledCollection>();
    const s = new AdminSync(syncMirror(), adminTransport(), {
      // From the server's today, which the day plan uses (the phone's date may be off).
      firstLook: () =>
        fetchSeason().then(
          (season) => firstLookWindow(season.today),
          () => firstLookWindow(businessToday(new Date())),
        ),
      onPullError(collection, err) {
        logError(`Pull of ${collection} failed`, err);
        if (failing.has(collection) || !navigator.onLine || isNoAnswer(err)) return;
        failing.add(collection);
        const reason = errorMessage(err, 'the server could not be reached');
        const text = collection === TOMBSTONES ? `Failed to load deletions: ${reason}` : COLLECTIONS[collection].loadError(reason);
        toast.error('Error', { description: text });
      },
      onPulled(collection) {
        failing.delete(collection);
      },
    });
    setSync(s);
    // Sign-out empties the mirror right after clearing the auth store: stop first, so a page
    // already on its way is not written back.
    const stopOnSignOut = pb.authStore.onChange((token) => {
      if (!token) void s.stop();
    });
    void s.start();
    const pull = () => void s.requestPull();
    const onVisible = () => {
      if (document.visibilityState === 'visible') pull();
    };
    window.addEventListener('online', pull);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', pull);
      document.removeEventListener('visibilitychange', onVisible);
      stopOnSignOut();
      void s.stop();
    };
  }, [enabled]);

  return useSyncExternalStore(sync?.subscribeStatus ?? noSubscription, sync?.getStatus ?? idle, idle);
}

/** True while the browser says it is offline (updated on `online` / `offline`). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (cb) => {
      window.addEventListener('online', cb);
      window.addEventListener('offline', cb);
      return () => {
        window.removeEventListener('online', cb);
        window.removeEventListener('offline', cb);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}
