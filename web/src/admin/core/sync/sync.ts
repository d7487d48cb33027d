/**
 * Keeps the mirror current (docs/architecture.md "Admin data and sync"): realtime subscriptions and a pull
 * of every collection at once, and one more pull once the subscriptions are live; every realtime event is applied as it comes; a reconnect,
 * and whatever the caller wires to requestPull (sign-in, start, `online`, the tab becoming
 * visible), pulls again. Pulls never overlap: a request during a pull runs one more pull after it.
 * No DOM here: use-admin-sync.ts wires it to the page.
 */
import { MIRRORED_COLLECTIONS, TOMBSTONES, type PulledCollection } from './collections';
import type { Mirror } from './mirror';
import { pullCollection } from './pull';
import { FIRST_LOOK_FIELDS, takeFirstLook } from './first-look';
import type { ServerRow, SyncTransport, Unsubscribe } from './transport';
import type { DateWindow } from '@domain/schedule/day-plan';
import type { SyncState } from '../model/records';
import { logError, logWarning } from '@/lib/log';

export interface SyncStatus {
  /** 'syncing' while a pull runs; 'error' when the last pull failed for some collection. */
  state: 'idle' | 'syncing' | 'ready' | 'error';
  /** Collections that hold data to show: pulled in this session, or pulled before (cached). */
  loaded: ReadonlySet<PulledCollection>;
  /**
   * The last pull got no answer from the server at all (no connection, or the server is down),
   * although the browser may think it is online (docs/decisions/016: the status chip then says offline).
   */
  unreachable?: boolean;
}

/** True for a failure without any answer from the server (the SDK's status 0, or fetch's TypeError). */
export function isNoAnswer(err: unknown): boolean {
  return err instanceof TypeError || (typeof err === 'object' && err !== null && (err as { status?: unknown }).status === 0);
}

export interface SyncOptions {
  /** Told about each collection whose pull failed (the rest of the pull goes on). */
  onPullError?: (collection: PulledCollection, error: unknown) => void;
  /** Told about each collection whose pull succeeded. */
  onPulled?: (collection: PulledCollection) => void;
  pageSize?: number;
  /**
   * The dates of the first look (first-look.ts), asked when the device does not yet hold the
   * bookings and consultations in full; none when not given.
   */
  firstLook?: () => Promise<DateWindow>;
}

const ALL: readonly PulledCollection[] = [...MIRRORED_COLLECTIONS, TOMBSTONES];

export class AdminSync {
  private status: SyncStatus = { state: 'idle', loaded: new Set() };
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribes: Unsubscribe[] = [];
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly mirror: Mirror,
    private readonly transport: SyncTransport,
    private readonly options: SyncOptions = {},
  ) {}

  /**
   * Subscribes to realtime and pulls everything at once, without waiting for the subscriptions
   * (the connection takes several round trips, and the schedule of a first visit waits for the
   * pull); once they are live, pulls again, which picks up whatever changed before realtime
   * could tell. On a device without the day plan's records, the first look comes first.
   * Resolves when the first pull has finished; never rejects (failures go to onPullError).
   */
  async start(): Promise<void> {
    const cached = this.mirror.db.syncState.toArray();
    // Every pull waits for the first look, which would otherwise compete with it for the
    // connection and the database; the subscriptions are made meanwhile.
    const looked = cached.then((states) => this.firstLook(states)).catch((err: unknown) => logWarning('The first look failed; the pull goes on', err));
    void this.subscribeAll().then(
      () => looked.then(() => this.requestPull()),
      (err: unknown) => logError('Realtime subscription failed', err),
    );
    const complete = new Set((await cached).filter((s) => s.complete).map((s) => s.collection as PulledCollection));
    this.setStatus({ ...this.status, loaded: complete });
    await looked;
    await this.requestPull();
  }

  /** The first look (first-look.ts), when asked for and the device lacks one of its collections. */
  private async firstLook(states: readonly SyncState[]): Promise<void> {
    const window = this.options.firstLook;
    const complete = new Set(states.filter((s) => s.complete).map((s) => s.collection));
    if (!window || Object.keys(FIRST_LOOK_FIELDS).every((c) => complete.has(c))) return;
    performance.mark('admin:first-look');
    await takeFirstLook(this.mirror, this.transport, await window(), () => this.stopped);
    performance.mark('admin:first-look-done');
  }

  /** Pulls every collection; during a pull, schedules exactly one more after it. */
  requestPull(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.pullAll();
      } while (this.again && !this.stopped);
      this.running = null;
    })();
    return this.running;
  }

  /**
   * Stops at once: no page or event is applied from now on (even one already on its way), later
   * requests do nothing, and the subscriptions end.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.unsubscribes.splice(0).map(async (u) => u()));
  }

  getStatus = (): SyncStatus => this.status;

  subscribeStatus = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private setStatus(next: SyncStatus): void {
    this.status = next;
    for (const l of this.listeners) l();
  }

  private async subscribeAll(): Promise<void> {
    const subs = ALL.map((collection) => this.transport.subscribe(collection, (action, row) => void this.applyEvent(collection, action, row)));
    subs.push(this.transport.onReconnect(() => void this.requestPull()));
    for (const u of await Promise.all(subs)) {
      if (this.stopped) await u();
      else this.unsubscribes.push(u);
    }
  }

  private async applyEvent(collection: PulledCollection, action: string, row: ServerRow): Promise<void> {
    if (this.stopped) return;
    try {
      if (collection === TOMBSTONES) {
        if (action !== 'delete') await this.mirror.applyTombstones([row]);
      } else if (action === 'delete') {
        await this.mirror.remove(collection, [row.id]);
      } else {
        await this.mirror.apply(collection, [row]);
      }
    } catch (err) {
      logError(`Could not apply a realtime ${action} of ${collection}`, err);
    }
  }

  private async pullAll(): Promise<void> {
    this.setStatus({ ...this.status, state: 'syncing' });
    let failed = false;
    let noAnswer = false;
    const pullOne = async (collection: PulledCollection) => {
      try {
        await pullCollection(this.mirror, this.transport, collection, this.options.pageSize, () => this.stopped);
        if (!this.status.loaded.has(collection)) this.setStatus({ ...this.status, loaded: new Set([...this.status.loaded, collection]) });
        this.options.onPulled?.(collection);
      } catch (err) {
        failed = true;
        noAnswer ||= isNoAnswer(err);
        this.options.onPullError?.(collection, err);
      }
    };
    // Records first, then the deletions, so a record re-read by a page fetched before its
    // deletion is removed by the same round.
    await Promise.all(MIRRORED_COLLECTIONS.map(pullOne));
    await pullOne(TOMBSTONES);
    this.setStatus({ ...this.status, state: failed ? 'error' : 'ready', unreachable: noAnswer });
  }
}
