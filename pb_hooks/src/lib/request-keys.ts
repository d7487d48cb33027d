/**
 * Idempotency-Keys of admin actions whose effect has no row of its own to carry the key
 * (`request_keys`; DESIGN.md decision 12's convention; docs/decisions/016). The key row is
 * written inside the action's own transaction, so the action's writes and its key commit
 * together (writes are serialized: a request at the same instant sees the key or waits for
 * it); the answer is stored once the side effects outside the transaction (e-mail) are done.
 * A replay gets the stored answer and repeats nothing.
 */
import { OWNERSHIP_MESSAGES } from '@domain/booking-ownership';
import { REQUEST_KEY_MESSAGES } from '@domain/request-keys';
import { apiError } from './http';

/** How long a replay waits for the first request of its key to finish (wall-clock ms). */
const REPLAY_WAIT_MS = 10_000;
const REPLAY_POLL_MS = 200;

export interface RequestKeyClaim {
  key: string;
  route: string;
  /** SHA-256 of the request the key is used for. */
  fingerprint: string;
}

function findKey(app: CoreApp, key: string): core.Record | null {
  try {
    return app.findFirstRecordByData('request_keys', 'key', key);
  } catch {
    return null;
  }
}

/** Inside the action's transaction `tx`: true when a request already used `key`. */
export function requestKeyTaken(tx: CoreApp, key: string): boolean {
  return findKey(tx, key) !== null;
}

/**
 * Inside the action's transaction `tx`, once the action is sure to take effect: the key's row,
 * without an answer yet. An action refused in its transaction stores no key, so a replay is
 * checked afresh and refused the same way.
 */
export function insertRequestKey(tx: CoreApp, claim: RequestKeyClaim): void {
  const rec = new Record(tx.findCollectionByNameOrId('request_keys'));
  rec.load({ key: claim.key, route: claim.route, request_fingerprint: claim.fingerprint, answer: null });
  tx.save(rec);
}

/** Stores the answer of the request that owns `key` (after its side effects). */
export function saveRequestAnswer(app: CoreApp, key: string, answer: unknown): void {
  app.runInTransaction((tx) => {
    const rec = findKey(tx, key);
    if (!rec) return;
    rec.set('answer', answer);
    tx.save(rec);
  });
}

/**
 * The stored answer for a replay of `claim.key`, or null when the key was never used. Throws
 * 422 when it was used for another request (or route), and 409 when the first request has not
 * finished after REPLAY_WAIT_MS.
 */
export function answerOfReplay(app: CoreApp, claim: RequestKeyClaim): unknown {
  const deadline = Date.now() + REPLAY_WAIT_MS;
  for (;;) {
    const rec = findKey(app, claim.key);
    if (!rec) return null;
    if (rec.getString('route') !== claim.route || rec.getString('request_fingerprint') !== claim.fingerprint) {
      throw apiError(422, OWNERSHIP_MESSAGES.idempotencyKeyReused);
    }
    const raw = rec.getString('answer');
    if (raw && raw !== 'null') return JSON.parse(raw);
    if (Date.now() >= deadline) throw apiError(409, REQUEST_KEY_MESSAGES.stillProcessing);
    sleep(REPLAY_POLL_MS);
  }
}
