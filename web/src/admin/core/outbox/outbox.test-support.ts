/**
 * Stand-ins for the outbox's unit tests: a Dexie database with just the outbox table (on
 * fake-indexeddb), a server that applies each idempotency key once and can be told to fail,
 * a shared lock like Web Locks (one per "browser", shared by its "tabs"), and timers driven by
 * the test.
 */
import Dexie, { type Table } from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { pageLock, type FlushLock } from './flush-lock';
import { OUTBOX_STORE, type OutboxEntry } from '../model/outbox-entry';
import type { Timers } from './outbox';

export class TestOutboxDb extends Dexie {
  outbox!: Table<OutboxEntry, string>;
  constructor(name: string) {
    super(name, { indexedDB, IDBKeyRange });
    this.version(1).stores({ outbox: OUTBOX_STORE });
  }
}

/** An error shaped like the PocketBase SDK's ClientResponseError. */
export function httpError(status: number, message = ''): Error & { status: number; response: { message: string } } {
  return Object.assign(new Error(message || `HTTP ${status}`), { status, response: { message } });
}

/** What one request does: fail in some way, or ('ok') succeed; with no plan left, succeed. */
type Plan = { fail: 'ok' | 'network' | 'network_after_apply' | number; message?: string };

/** A server that applies each key once and answers a replay with the first answer. */
export class FakeOutboxServer {
  /** key → first answer. */
  readonly applied = new Map<string, { n: number; id: string }>();
  /** Every request in arrival order: `${key}`. */
  readonly requests: string[] = [];
  /** What the next requests do, in order (then: success). */
  readonly plans: Plan[] = [];
  /** Requests in flight now, and the most at once. */
  inFlight = 0;
  maxInFlight = 0;
  /** Each request takes this long (ms of real time). */
  latencyMs = 0;

  send = async (entry: OutboxEntry): Promise<{ n: number; id: string; replayed: boolean }> => {
    this.requests.push(entry.idempotencyKey);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.latencyMs) await new Promise((r) => setTimeout(r, this.latencyMs));
      const plan = this.plans.shift();
      if (plan?.fail === 'network') throw new TypeError('Failed to fetch');
      if (typeof plan?.fail === 'number') throw httpError(plan.fail, plan.message);
      const first = this.applied.get(entry.idempotencyKey);
      if (first) return { ...first, replayed: true };
      const answer = { n: this.applied.size + 1, id: entry.id };
      this.applied.set(entry.idempotencyKey, answer);
      // Applied, but the answer never reaches the phone.
      if (plan?.fail === 'network_after_apply') throw Object.assign(new TypeError('Failed to fetch'), { status: 0 });
      return { ...answer, replayed: false };
    } finally {
      this.inFlight--;
    }
  };
}

/** One exclusive lock shared by every "tab" given it, like navigator.locks in one browser. */
export function sharedLock(): FlushLock {
  return pageLock();
}

/** Timers the test fires by hand, on a clock it moves. */
export class ManualTimers implements Timers {
  now = Date.parse('2026-11-24T15:00:00Z');
  private seq = 0;
  readonly pending = new Map<number, { at: number; fn: () => void }>();

  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = ++this.seq;
    this.pending.set(id, { at: this.now + ms, fn });
    return id;
  };

  clearTimeout = (handle: unknown): void => {
    this.pending.delete(handle as number);
  };

  /** The earliest pending timer's time, or null. */
  nextAt(): number | null {
    const times = [...this.pending.values()].map((t) => t.at);
    return times.length ? Math.min(...times) : null;
  }

  /** Moves the clock to `at` and fires every timer due by then. */
  advanceTo(at: number): void {
    this.now = at;
    for (const [id, t] of [...this.pending]) {
      if (t.at <= at) {
        this.pending.delete(id);
        t.fn();
      }
    }
  }
}
