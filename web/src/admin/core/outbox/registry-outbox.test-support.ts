/**
 * The admin's outbox as the app wires it (docs/architecture.md "Admin data and sync"), for the
 * unit tests of queued changes: each entry sent, applied to the mirror and undone through the
 * action registry, with no cross-tab lock and timers the test drives by hand (flush).
 */
import type { AdminDb } from '../db';
import type { Mirror } from '../sync/mirror';
import { applyAnswer, sendEntry, undoLocalChange } from './action-registry';
import { Outbox } from './outbox';

/** An Outbox over `db` and `mirror`, signed in as `account`, on the clock `now` (ms since the epoch). */
export function registryOutbox(db: AdminDb, mirror: Mirror, account: string, now: () => number = () => Date.now()): Outbox {
  return new Outbox(db, {
    send: sendEntry,
    account: () => account,
    onSent: (entry, answer) => applyAnswer(mirror, entry, answer),
    onDiscard: (entry) => undoLocalChange(db, entry),
    lock: null,
    now,
    timers: { setTimeout: () => 0, clearTimeout: () => undefined },
  });
}
