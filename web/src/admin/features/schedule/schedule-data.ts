/**
 * What the schedule shows (docs/product.md §2 Schedule), read from the device's copy: every booking and
 * consultation, once both collections have been pulled to their end (now or on an earlier
 * visit), else null; the owner's day reads its own dates first, a first look's window before
 * the pull has finished (docs/decisions/044, 060). Kept current like useLiveQuery (Dexie's liveQuery), but the read can start
 * before React mounts the schedule (`preload`, when the dashboard's module loads), so on a
 * phone opening the dashboard, offline too, IndexedDB works while React renders its first
 * frame (docs/decisions/015, 016: the schedule within 1 s, 0.5 s offline).
 */
import { liveQuery, type Subscription } from 'dexie';
import { useSyncExternalStore } from 'react';
import { adminDb, type AdminDb } from '@/admin/core/db';
import type { AdminBooking, AdminConsultation } from '@/admin/core/model/records';
import { FIRST_LOOK_DAYS_AFTER } from '@/admin/core/sync/first-look';
import { addDays, businessToday, type Ymd } from '@domain/schedule/calendar';
import type { DateWindow } from '@domain/schedule/day-plan';
import { logError } from '@/lib/log';

/** The collections the schedule shows (their pull cursors say when they are on the device). */
export const SCHEDULE_COLLECTIONS = ['bookings', 'consultation_requests'] as const;

export interface ScheduleData {
  bookings: AdminBooking[];
  consultations: AdminConsultation[];
  /**
   * The owner's day's read only (readDayData): the dates whose records are all here (the day's
   * dates, and the first look's while the pull has not read both collections to their end,
   * core/sync/first-look.ts); outside it the lists are partial.
   */
  window?: DateWindow;
}

/**
 * The schedule's records: all of them once both collections have been pulled to their end, else
 * null. While the pull goes on only the cursors are read (each page it writes wakes this query),
 * so a first visit's pull does not read the growing season again and again; the owner's day has
 * its own read meanwhile (readDayData, docs/decisions/060).
 */
export async function readScheduleData(db: AdminDb): Promise<ScheduleData | null> {
  performance.mark('admin:schedule-read');
  const cursors = await db.syncState.bulkGet([...SCHEDULE_COLLECTIONS]);
  if (!cursors.every((c) => c?.complete === true)) return null;
  const [bookings, consultations] = await Promise.all([db.bookings.toArray(), db.consultations.toArray()]);
  performance.mark('admin:schedule-read-done');
  return { bookings, consultations };
}

/**
 * The dates the owner's day reads first: the first look's ten days from `today`
 * (docs/decisions/044), with a day more on each side, as the phone's date may be a day off the
 * server's today the day plan uses.
 */
export function dayWindow(today: Ymd): DateWindow {
  return { from: addDays(today, -1), to: addDays(today, FIRST_LOOK_DAYS_AFTER + 1) };
}

/**
 * The owner's day's records, read before anything else (docs/decisions/060): only the bookings
 * with an install or a removal and the consultations on a date of `dayWindow(today)` (`today`
 * `YYYY-MM-DD` in New York), through the mirror's date indexes, so a phone holding the season
 * reads a few dozen rows, not every booking. `window` is the dates they cover: the day window
 * of the phone's `today` once both collections are on the device, the first look's (from the
 * server's today) while the pull has not read them to their end; the day plan checks it covers
 * what it shows (domain dayPlanCovered), else the day waits for the season's read. Null when
 * the device holds neither the collections in full nor a first look.
 */
export async function readDayData(db: AdminDb, today: Ymd): Promise<ScheduleData | null> {
  performance.mark('admin:day-read');
  const cursors = await db.syncState.bulkGet([...SCHEDULE_COLLECTIONS]);
  const held = commonWindow(cursors.map((c) => (c?.complete ? ALL_DATES : c?.window)));
  if (!held) return null;
  // A first look's window is the server's dates; the phone's own only once everything is here.
  const window = held.from === ALL_DATES.from && held.to === ALL_DATES.to ? dayWindow(today) : held;
  const on = (table: typeof db.bookings | typeof db.consultations, field: string) => table.where(field).between(window.from, window.to, true, true).toArray();
  const [installs, removals, consultations] = await Promise.all([on(db.bookings, 'install_date'), on(db.bookings, 'removal_date'), on(db.consultations, 'consultation_date')]);
  const bookings = [...new Map([...installs, ...removals].map((b) => [b.id, b as AdminBooking])).values()];
  performance.mark('admin:day-read-done');
  return { bookings, consultations: consultations as AdminConsultation[], window };
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

/** How long a LiveValue waits for the one it comes after (ms; see the class). */
const AFTER_WAIT_MS = 1_000;

/**
 * A live query whose latest answer outlives its subscribers: `undefined` until the first
 * answer. It runs while anything subscribes, and from `preload()` until the first subscriber
 * arrives (which then needs no second read) or PRELOAD_HOLD_MS pass without one. Given `after`
 * (another LiveValue), its first read starts once that one has its first answer (or failed,
 * or AFTER_WAIT_MS passed): the season's read waits for the day's (docs/decisions/060).
 */
export class LiveValue<T> {
  private value: T | undefined;
  private subscription: Subscription | null = null;
  private readonly listeners = new Set<() => void>();
  private preloading = false;
  private answered = false;
  private readonly firstAnswers = new Set<() => void>();
  private waiting: Promise<void> | null;

  constructor(
    private readonly query: () => Promise<T>,
    after?: LiveValue<unknown>,
  ) {
    this.waiting = after
      ? Promise.race([after.firstAnswer(), new Promise<void>((resolve) => setTimeout(resolve, AFTER_WAIT_MS))]).then(() => {
          this.waiting = null;
          if (this.listeners.size > 0 || this.preloading) this.run();
        })
      : null;
  }

  get = (): T | undefined => this.value;

  /** Resolves once the query has answered (or failed) for the first time. */
  firstAnswer(): Promise<void> {
    if (this.answered) return Promise.resolve();
    return new Promise((resolve) => this.firstAnswers.add(resolve));
  }

  private settle(): void {
    this.answered = true;
    for (const resolve of this.firstAnswers) resolve();
    this.firstAnswers.clear();
  }

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
    if (this.waiting) return;
    this.subscription ??= liveQuery(this.query).subscribe({
      next: (value) => {
        this.value = value;
        this.settle();
        for (const l of [...this.listeners]) l();
      },
      error: (err: unknown) => {
        logError('Could not read the schedule saved on this device', err);
        this.settle();
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

/** The owner's day's data (one per page): read first, from the phone's today. */
export const dayData = new LiveValue(() => readDayData(adminDb(), businessToday(new Date())));

/** The app's schedule data (one per page), read once the day's has its first answer. */
export const scheduleData = new LiveValue(() => readScheduleData(adminDb()), dayData);

/** The schedule's data for a component: undefined while reading, null until pulled to the end. */
export function useScheduleData(): ScheduleData | null | undefined {
  return useSyncExternalStore(scheduleData.subscribe, scheduleData.get);
}

/**
 * The owner's day's data: the season's once read, and until then the day's own read
 * (readDayData, with its `window`: the day plan checks it covers what it shows, domain
 * dayPlanCovered).
 */
export function useDayData(): ScheduleData | null | undefined {
  const day = useSyncExternalStore(dayData.subscribe, dayData.get);
  const season = useSyncExternalStore(scheduleData.subscribe, scheduleData.get);
  return season ?? day;
}
