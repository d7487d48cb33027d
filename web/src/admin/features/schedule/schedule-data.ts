/**
 * What the schedule shows (docs/product.md §2 Schedule), read from the device's copy: every booking and
 * consultation, once both collections have been pulled to their end (now or on an earlier
 * visit), else null. Kept current like useLiveQuery (Dexie's liveQuery), but the read can start
 * before React mounts the schedule (`preload`, when the dashboard's module loads), so on a
 * phone opening the dashboard, offline too, IndexedDB works while React renders its first
 * frame (docs/decisions/015, 016: the schedule within 1 s, 0.5 s offline).
 */
import { liveQuery, type Subscription } from 'dexie';
import { useSyncExternalStore } from 'react';
import { adminDb, type AdminDb } from '@/admin/core/db';
import type { AdminBooking, AdminConsultation } from '@/admin/core/model/records';
import { logError } from '@/lib/log';

/** The collections the schedule shows (their pull cursors say when they are on the device). */
export const SCHEDULE_COLLECTIONS = ['bookings', 'consultation_requests'] as const;

export interface ScheduleData {
  bookings: AdminBooking[];
  consultations: AdminConsultation[];
}

/** The schedule's records, or null while either collection has not been pulled to its end. */
export async function readScheduleData(db: AdminDb): Promise<ScheduleData | null> {
  performance.mark('admin:schedule-read');
  const cursors = await db.syncState.bulkGet([...SCHEDULE_COLLECTIONS]);
  if (!cursors.every((c) => c?.complete === true)) return null;
  const [bookings, consultations] = await Promise.all([db.bookings.toArray(), db.consultations.toArray()]);
  performance.mark('admin:schedule-read-done');
  return { bookings, consultations };
}

/** How long a preloaded query waits for its first subscriber before it stops (ms). */
const PRELOAD_HOLD_MS = 5_000;

/**
 * A live query whose latest answer outlives its subscribers: `undefined` until the first
 * answer. It runs while anything subscribes, and from `preload()` until the first subscriber
 * arrives (which then needs no second read) or PRELOAD_HOLD_MS pass without one.
 */
export class LiveValue<T> {
  private value: T | undefined;
  private subscription: Subscription | null = null;
  private readonly listeners = new Set<() => void>();
  private preloading = false;

  constructor(private readonly query: () => Promise<T>) {}

  get = (): T | undefined => this.value;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    this.preloading = false;
    this.run();
    return () => {
      this.listeners.delete(listener);
      this.stopIfUnused();
    };
  };

  /** Starts the query now, for a subscriber expected soon (see the class). */
  preload(): void {
    if (this.subscription) return;
    this.preloading = true;
    this.run();
    setTimeout(() => {
      this.preloading = false;
      this.stopIfUnused();
    }, PRELOAD_HOLD_MS);
  }

  private run(): void {
    this.subscription ??= liveQuery(this.query).subscribe({
      next: (value) => {
        this.value = value;
        for (const l of [...this.listeners]) l();
      },
      error: (err: unknown) => {
        logError('Could not read the schedule saved on this device', err);
        this.preloading = false;
        this.stopIfUnused();
      },
    });
  }

  private stopIfUnused(): void {
    if (this.listeners.size > 0 || this.preloading || !this.subscription) return;
    const s = this.subscription;
    this.subscription = null;
    // Not from inside the observer's own callback, which Dexie is still running.
    queueMicrotask(() => s.unsubscribe());
  }
}

/** The app's schedule data (one per page). */
export const scheduleData = new LiveValue(() => readScheduleData(adminDb()));

/** The schedule's data for a component: undefined while reading, null until pulled. */
export function useScheduleData(): ScheduleData | null | undefined {
  return useSyncExternalStore(scheduleData.subscribe, scheduleData.get);
}
