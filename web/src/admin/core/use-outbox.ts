/**
 * The outbox while the dashboard is open (docs/decisions/016): its triggers (start, `online`, the tab
 * becoming visible, a realtime reconnect, a sign-in), its status for the chip, and the queued
 * entries for the screens, read live from Dexie.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useSyncExternalStore } from 'react';
import { pb } from '@/lib/pb';
import { adminTransport } from './admin-data';
import { adminDb } from './db';
import { isAdminRecord } from './session/admin-session';
import { adminOutbox } from './admin-outbox';
import type { OutboxStatus } from './outbox/outbox';
import type { OutboxEntry } from './model/outbox-entry';
import { startOutboxTriggers } from './outbox/outbox-triggers';

const IDLE: OutboxStatus = { pausedForSignIn: false, flushing: false, lastFlushedAt: null, nextAttemptAt: null };
const noSubscription = () => () => {};
const idle = () => IDLE;

/** Runs the outbox's triggers while `enabled` (the dashboard is allowed); returns its status. */
export function useOutbox(enabled: boolean): OutboxStatus {
  useEffect(() => {
    if (!enabled) return;
    return startOutboxTriggers(adminOutbox(), {
      window,
      document,
      onReconnect(callback) {
        let off: (() => unknown) | null = null;
        let stopped = false;
        void adminTransport()
          .onReconnect(callback)
          .then((u) => {
            if (stopped) void u();
            else off = u;
          });
        return () => {
          stopped = true;
          void off?.();
        };
      },
      // A login (or a renewed token) of an admin lifts a 401 pause.
      onSignIn: (callback) =>
        pb.authStore.onChange((token, record) => {
          if (token && isAdminRecord(record)) callback();
        }),
    });
  }, [enabled]);
  const box = enabled ? adminOutbox() : null;
  return useSyncExternalStore(box?.subscribeStatus ?? noSubscription, box?.getStatus ?? idle, idle);
}

/** Every entry of the outbox in order (undefined while loading). */
export function useOutboxEntries(): OutboxEntry[] | undefined {
  return useLiveQuery(() => adminDb().outbox.orderBy('seq').toArray(), []);
}
