/**
 * What the schedule shows (docs/product.md §2 Schedule), read from the device's copy: every booking and
 * consultation, once both collections have been pulled to their end (now or on an earlier
 * visit), else null; the owner's day may use a first look's window before that
 * (docs/decisions/044). Kept current like useLiveQuery (Dexie's liveQuery), but the read can start
 * before React mounts the schedule (`preload`, when the dashboard's module loads), so on a
 * phone opening the dashboard, offline too, IndexedDB works while React renders its first
 * frame (docs/decisions/015, 016: the schedule within 1 s, 0.5 s offline).
 */
import { liveQuery, type Subscription } from 'dexie';
import { useSyncExternalStore } from 'react';
import { adminDb, type AdminDb } from '@/admin/core/db';
import type { AdminBooking, AdminConsultation } from '@/admin/core/model/records';
import type { DateWindow } from '@domain/schedule/day-plan';
import { logError } from '@/lib/log';

/** The collections the schedule shows (their pull cursors say when they are on the device). */
export const SCHEDULE_COLLECTIONS = ['bookings', 'consultation_requests'] as const;

export interface ScheduleData {
  bookings: AdminBooking[];
  consultations: AdminConsultation[];
  /**
   * Set while the pull has not read both collections to their end: the dates whose records are
   * all here (the first look's, core/sync/first-look.ts); outside it the lists are partial.
   */
  window?: DateWindow;
}

/**
 * The schedule's records: all of them once both collections have been pulled to their end;
 * before that, what the device holds with the window of dates the first look made complete;
 * else null.
 */
export async function readScheduleData(db: AdminDb): Promise<ScheduleData | null> {
  performance.mark('admin:schedule-read');
  const cursors = await db.syncState.bulkGet([...SCHEDULE_COLLECTIONS]);
  const complete = cursors.every((c) => c?.complete === true);
  const window = complete ? undefined : commonWindow(cursors.map((c) => (c?.complete ? ALL_DATES : c?.window)));
  if (!complete && !window) return null;
  const [bookings, consultations] = await Promise.all([db.bookings.toArray(), db.consultations.toArray()]);
  performance.mark('admin:schedule-read-done');
  return window ? { bookings, consultations, window } : { bookings, consultations };
}

/** A collection pulled to its end holds every date. */
const ALL_DATES: DateWindow = { from: '0000-01-01', to: '9999-12-31' };

/** The dates inside every window, or undefined when one is missing or they do not meet. */
function commonWindow(windows: readonly (DateWindow | undefined)[]): DateWindow | undefined {
  if (windows.some((w) => !w)) return undefined;
  const from = windows.reduce((a, w) => (w!.from > a ? w!.from : a), ALL_DATES.from);
  const to = windows.reduce((a, w) => (w!.to < a ? w!.to : a), ALL_DATES.to);
  return from <= to ? { from, to } : undefined;
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

/** Complete data only: a first look's partial lists count as not pulled yet. */
const completeOnly = (): ScheduleData | null | undefined => {
  const data = scheduleData.get();
  return data?.window ? null : data;
};

/** The schedule's data for a component: undefined while reading, null until pulled to the end. */
export function useScheduleData(): ScheduleData | null | undefined {
  return useSyncExternalStore(scheduleData.subscribe, completeOnly);
}

/**
 * The owner's day's data: as useScheduleData, and before the pull has finished the first look's
 * (with its `window`; the day plan checks it covers what it shows, domain dayPlanCovered).
 */
export function useDayData(): ScheduleData | null | undefined {
  return useSyncExternalStore(scheduleData.subscribe, scheduleData.get);
}
