/**
 * The outbox engine (docs/architecture.md "Admin data and sync" Outbox; docs/decisions/016;
 * docs/decisions/016). Actions are queued in Dexie (with their optimistic local change, in one
 * transaction) and flushed to the server in the order they were taken:
 * - one flush at a time, in this tab (a coalescing loop) and across tabs (Web Locks);
 * - each entry is sent until the server has applied it; the server applies each idempotency
 *   key once and answers a replay like the first time, so a resend after a lost answer is
 *   simply done;
 * - no connection, a 5xx or "still processing" → the entry stays, and the outbox waits a capped
 *   exponential backoff with jitter before the head entry is tried again (later entries wait
 *   behind it, keeping the order);
 * - 401 → the entry stays and the outbox pauses until the admin signs in again (resume());
 *   entries are sent only while the account that took them is signed in;
 * - any other 4xx → the entry moves to `needs_attention` with the server's message and the
 *   flush goes on with the next; it is never retried by itself and never dropped: the admin
 *   retries it (same key) or discards it.
 * What triggers a flush (start, `online`, visibility, realtime reconnect, sign-in) is wired by
 * the caller; the backoff timer is the engine's own. No DOM here.
 */
import { backoffDelay } from './backoff';
import { pageLock, webLock, type FlushLock } from './flush-lock';
import { newClientId, type NewOutboxEntry, type OutboxDb, type OutboxEntry } from '../model/outbox-entry';
import { classifyFailure, type SendFailure } from './send-failure';
import { logError } from '@/lib/log';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface OutboxOptions {
  /** Sends one entry to the server; resolves with the server's answer, rejects on failure. */
  send(entry: OutboxEntry): Promise<unknown>;
  /** The signed-in staff account's id while its session can be used, else null. */
  account(): string | null;
  /** After the server applied an entry: put its answer into the local mirror. */
  onSent?(entry: OutboxEntry, answer: unknown): Promise<void> | void;
  /** After the admin discarded an entry: undo its optimistic local change. */
  onDiscard?(entry: OutboxEntry): Promise<void> | void;
  /** Told about every failed attempt (for logs). */
  onFailure?(entry: OutboxEntry, failure: SendFailure): void;
  /** The cross-tab lock; default Web Locks where the browser has them. */
  lock?: FlushLock | null;
  now?(): number;
  random?(): number;
  timers?: Timers;
}

/** How an entry ended up, for a caller waiting on it (waitFor). */
export type EntryOutcome =
  | { state: 'sent'; answer: unknown }
  | { state: 'needs_attention'; status: number; message: string }
  /** Still queued when the wait ended (offline, backing off, or waiting for a sign-in). */
  | { state: 'queued' };

export interface OutboxStatus {
  /** A 401 paused the outbox until the admin signs in again. */
  pausedForSignIn: boolean;
  /** A flush is running in this tab. */
  flushing: boolean;
  /** Epoch ms of the last flush that ended with nothing left to send for the account, or null. */
  lastFlushedAt: number | null;
  /** Epoch ms of the next backoff attempt, or null. */
  nextAttemptAt: number | null;
}

type DrainEnd = 'empty' | 'blocked';

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Whether entry `e` may still be taken back at `now` (epoch ms), so it must not be sent yet. */
function inUndoWindow(e: OutboxEntry, now: number): boolean {
  return (e.undoUntil ?? 0) > now;
}

export class Outbox {
  private status: OutboxStatus = { pausedForSignIn: false, flushing: false, lastFlushedAt: null, nextAttemptAt: null };
  private readonly listeners = new Set<() => void>();
  private readonly tabLock = pageLock();
  private readonly crossTabLock: FlushLock | null;
  private running: Promise<void> | null = null;
  private again = false;
  private forceAgain = false;
  private stopped = false;
  private timer: unknown = null;
  private readonly waiters = new Map<string, ((outcome: EntryOutcome) => void)[]>();
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly timers: Timers;

  constructor(
    readonly db: OutboxDb,
    private readonly options: OutboxOptions,
  ) {
    this.crossTabLock = options.lock === undefined ? webLock() : options.lock;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.timers = options.timers ?? defaultTimers;
  }

  /**
   * Queues an action. With `local`, its optimistic change (`write`, touching `tables`) commits
   * in the SAME Dexie transaction as the entry: both or neither. Resolves with the stored entry;
   * the caller then calls flush().
   */
  async queue(entry: NewOutboxEntry, local?: { tables: unknown[]; write: () => Promise<unknown> }): Promise<OutboxEntry> {
    const id = entry.id ?? newClientId();
    const now = this.now();
    const tables = [this.db.outbox, ...((local?.tables ?? []) as (typeof this.db.outbox)[])];
    return this.db.transaction('rw', tables, async () => {
      const last = await this.db.outbox.orderBy('seq').last();
      const stored: OutboxEntry = {
        id,
        seq: (last?.seq ?? 0) + 1,
        kind: entry.kind,
        payload: entry.payload,
        idempotencyKey: entry.idempotencyKey ?? `${entry.kind}-${id}`,
        accountId: entry.accountId,
        bookingId: entry.bookingId ?? '',
        createdAt: now,
        attempts: 0,
        nextAttemptAt: now,
        state: 'queued',
        lastError: '',
        ...(entry.undoMs ? { undoUntil: now + entry.undoMs } : {}),
      };
      await this.db.outbox.add(stored);
      if (local) await local.write();
      return stored;
    });
  }

  /**
   * Sends every due entry of the signed-in account, in order. `force` (the default; the
   * triggers: start, online, visibility, reconnect, sign-in) also sends an entry still waiting
   * out its backoff; the backoff timer flushes without force. While a flush runs, a call makes
   * it run once more after, and resolves when that has finished. Never rejects.
   */
  flush(force = true): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      this.forceAgain ||= force;
      return this.running;
    }
    this.running = (async () => {
      let nextForce = force;
      let ended: DrainEnd;
      do {
        this.again = false;
        this.forceAgain = false;
        this.setStatus({ flushing: true });
        try {
          ended = await this.tabLock.run(() => (this.crossTabLock ? this.crossTabLock.run(() => this.drain(nextForce)) : this.drain(nextForce)));
        } catch (err) {
          // Dexie itself failed (storage gone): the entries are where they were; try later.
          logError('Outbox flush failed', err);
          ended = 'blocked';
        }
        nextForce = this.forceAgain;
      } while (this.again && !this.stopped);
      this.running = null;
      // Whatever is still waiting will not be sent before the next trigger: tell its waiters now
      // rather than at their time limit (offline, a screen says 'queued' at once).
      if (ended === 'blocked') for (const id of [...this.waiters.keys()]) this.settle(id, { state: 'queued' });
      this.setStatus({ flushing: false });
    })();
    return this.running;
  }

  /** After a sign-in: lifts a 401 pause and flushes. */
  resume(): Promise<void> {
    if (this.status.pausedForSignIn) this.setStatus({ pausedForSignIn: false });
    return this.flush(true);
  }

  /** Puts a `needs_attention` entry back in the queue (same id, same key) and flushes. */
  async retry(id: string): Promise<void> {
    await this.db.outbox
      .where('id')
      .equals(id)
      .modify((e) => {
        if (e.state !== 'needs_attention') return;
        e.state = 'queued';
        e.attempts = 0;
        e.nextAttemptAt = this.now();
        e.lastError = '';
      });
    await this.flush(true);
  }

  /**
   * Removes an entry that is not being sent, and undoes its optimistic change (onDiscard).
   * Resolves false when it was on its way (then it is not removed).
   */
  async discard(id: string): Promise<boolean> {
    const entry = await this.db.transaction('rw', this.db.outbox, async () => {
      const found = await this.db.outbox.get(id);
      if (!found || found.state === 'sending') return null;
      await this.db.outbox.delete(id);
      return found;
    });
    if (!entry) return false;
    await this.options.onDiscard?.(entry);
    return true;
  }

  /**
   * Resolves when entry `id` has been sent (with the server's answer) or set aside for the admin
   * (with the server's message), or with `queued` when a flush ends with it still waiting
   * (offline, backing off, paused) or after `ms` at the latest: online, a screen can show the
   * outcome at once; offline it shows the entry as queued at once. Never rejects. Call it right
   * after queue(), before the flush that sends the entry.
   */
  waitFor(id: string, ms: number): Promise<EntryOutcome> {
    return new Promise((resolve) => {
      let done = false;
      const finish = (outcome: EntryOutcome) => {
        if (done) return;
        done = true;
        this.timers.clearTimeout(handle);
        const left = (this.waiters.get(id) ?? []).filter((w) => w !== finish);
        if (left.length) this.waiters.set(id, left);
        else this.waiters.delete(id);
        resolve(outcome);
      };
      const handle = this.timers.setTimeout(() => finish({ state: 'queued' }), ms);
      this.waiters.set(id, [...(this.waiters.get(id) ?? []), finish]);
    });
  }

  private settle(id: string, outcome: EntryOutcome): void {
    for (const finish of this.waiters.get(id) ?? []) finish(outcome);
  }

  /** Stops for good (sign-out, page teardown): no more sends, no timer. */
  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  getStatus = (): OutboxStatus => this.status;

  subscribeStatus = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private setStatus(patch: Partial<OutboxStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const l of this.listeners) l();
  }

  private clearTimer(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private scheduleAt(at: number): void {
    this.clearTimer();
    if (this.stopped) return;
    this.setStatus({ nextAttemptAt: at });
    this.timer = this.timers.setTimeout(
      () => {
        this.timer = null;
        this.setStatus({ nextAttemptAt: null });
        void this.flush(false);
      },
      Math.max(0, at - this.now()),
    );
  }

  /** The signed-in account's first queued entry in order, or undefined. */
  private async head(account: string): Promise<OutboxEntry | undefined> {
    const queued = await this.db.outbox.where('state').equals('queued').sortBy('seq');
    return queued.find((e) => e.accountId === account);
  }

  /**
   * Sends entries one by one until none is due. Runs only while holding both locks. Ends
   * 'empty' when nothing of the account is left queued, else 'blocked' (backing off, paused,
   * signed out, stopped).
   */
  private async drain(force: boolean): Promise<DrainEnd> {
    // Holding the lock, nobody else is sending: an entry still marked sending was left by a
    // tab that closed mid-request. Whether or not that request arrived, sending it again is safe.
    await this.db.outbox.where('state').equals('sending').modify({ state: 'queued' });
    for (;;) {
      if (this.stopped || this.status.pausedForSignIn) return 'blocked';
      const account = this.options.account();
      if (!account) return 'blocked';
      // Picked and marked in one transaction, so a discard cannot slip in between.
      const now = this.now();
      const entry = await this.db.transaction('rw', this.db.outbox, async () => {
        const head = await this.head(account);
        if (head && !inUndoWindow(head, now) && (force || head.nextAttemptAt <= now)) await this.db.outbox.update(head.id, { state: 'sending' });
        return head;
      });
      if (!entry) {
        this.clearTimer();
        this.setStatus({ lastFlushedAt: now, nextAttemptAt: null });
        return 'empty';
      }
      // Still undoable: it waits, and the ones after it, so the order holds.
      if (inUndoWindow(entry, now)) {
        this.scheduleAt(entry.undoUntil!);
        return 'blocked';
      }
      if (!force && entry.nextAttemptAt > now) {
        this.scheduleAt(entry.nextAttemptAt);
        return 'blocked';
      }
      const sending = { ...entry, state: 'sending' as const };
      let answer: unknown;
      try {
        answer = await this.options.send(sending);
      } catch (err) {
        const failure = classifyFailure(err);
        this.options.onFailure?.(sending, failure);
        const attempts = entry.attempts + 1;
        if (failure.action === 'attention') {
          await this.db.outbox.update(entry.id, { state: 'needs_attention', attempts, lastError: failure.message });
          this.settle(entry.id, { state: 'needs_attention', status: failure.status, message: failure.message });
          continue;
        }
        if (failure.action === 'sign_in') {
          await this.db.outbox.update(entry.id, { state: 'queued', attempts, lastError: failure.message });
          this.setStatus({ pausedForSignIn: true });
          return 'blocked';
        }
        const nextAttemptAt = this.now() + backoffDelay(attempts, this.random);
        await this.db.outbox.update(entry.id, { state: 'queued', attempts, nextAttemptAt, lastError: failure.message });
        this.scheduleAt(nextAttemptAt);
        return 'blocked';
      }
      // Applied on the server (first time or replay). Mirror first: if the page dies before the
      // delete, the entry is sent again and the server answers the replay.
      try {
        await this.options.onSent?.(sending, answer);
      } catch (err) {
        logError('Could not apply the server answer to the local copy', err);
      }
      await this.db.outbox.delete(entry.id);
      this.settle(entry.id, { state: 'sent', answer });
    }
  }
}
