/**
 * Idempotency-Keys of admin actions whose effect has no row of its own to carry the key
 * (`request_keys`; docs/architecture.md reading 12's convention; docs/decisions/016). The key row is
 * written inside the action's own transaction, with the answer as far as the transaction knows
 * it, so the action's writes and its key commit together (writes are serialized: a request at
 * the same instant sees the key, or waits for it). Once the side effects outside the
 * transaction (e-mail) are done, the answer is completed. A replay gets the stored answer and
 * repeats nothing.
 */
import { OWNERSHIP_MESSAGES } from '@domain/booking/ownership';
import { parseTimestamp } from '@domain/schedule/calendar';
import { REQUEST_KEY_MESSAGES } from '@domain/admin/request-keys';
import { nowMs, toPbDate } from '../clock';
import { apiError } from '../http';
import { findRecordBy } from '../records';

/** How long a replay waits for the first request of its key to finish (wall-clock ms). */
const REPLAY_WAIT_MS = 10_000;
const REPLAY_POLL_MS = 200;
/**
 * A key whose answer is still incomplete this long after it was written (wall-clock ms) belongs
 * to a request that died between its transaction and its side effects: a replay then
 * completes the answer itself (see answerOfReplay's `complete`).
 */
export const ABANDONED_KEY_MS = 60_000;

/**
 * How long a key is kept (days). An outbox entry is replayed within minutes or, after a long
 * time offline, days; a month covers that, and the table stays a season's few hundred rows.
 */
export const REQUEST_KEY_RETENTION_DAYS = 30;

export interface RequestKeyClaim {
  key: string;
  route: string;
  /** SHA-256 of the request the key is used for. */
  fingerprint: string;
  /**
   * The 422 sentence when the key comes with another request: the command's own wording
   * (domain/commands/command.ts `reused`), OWNERSHIP_MESSAGES.idempotencyKeyReused when omitted.
   */
  reused?: string;
}

function findKey(app: CoreApp, key: string): core.Record | null {
  return findRecordBy(app, 'request_keys', 'key', key);
}

/** Inside the action's transaction `tx`: true when a request already used `key`. */
export function requestKeyTaken(tx: CoreApp, key: string): boolean {
  return findKey(tx, key) !== null;
}

/**
 * Inside the action's transaction `tx`, once the action is sure to take effect: the key's row
 * with the answer as known so far (not done; `done` when it is already the whole answer, as the
 * checkout's). An action refused in its transaction stores no key, so a replay is checked
 * afresh and refused the same way.
 */
export function insertRequestKey(tx: CoreApp, claim: RequestKeyClaim, partialAnswer: Record<string, unknown>, done = false): void {
  const rec = new Record(tx.findCollectionByNameOrId('request_keys'));
  rec.load({
    key: claim.key,
    route: claim.route,
    request_fingerprint: claim.fingerprint,
    answer: partialAnswer,
    done,
    // The wall clock, not APP_NOW: it measures how long the request has been gone.
    written_at: toPbDate(Date.now()),
  });
  tx.save(rec);
}

/** Stores the complete answer of the request that owns `key` (after its side effects). */
export function completeRequestKey(app: CoreApp, key: string, answer: Record<string, unknown>): void {
  app.runInTransaction((tx) => {
    const rec = findKey(tx, key);
    if (!rec || rec.getBool('done')) return;
    rec.set('answer', answer);
    rec.set('done', true);
    tx.save(rec);
  });
}

function storedAnswer(rec: core.Record): Record<string, unknown> {
  const raw = rec.getString('answer');
  const value: unknown = raw ? JSON.parse(raw) : null;
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/**
 * The answer for a replay of `claim.key`, or null when the key was never used. Throws 422 (with
 * `claim.reused`) when it was used for another request (or route): the one place a reused key
 * is refused, for every keyed command (docs/architecture.md "The path of a command"). While the first request is still at its side
 * effects, waits up to REPLAY_WAIT_MS, then answers 409 "still being processed" (the outbox
 * retries that). A key left incomplete for ABANDONED_KEY_MS is completed by `complete`, which
 * turns the partial answer into the final one (e.g. from the mail log).
 */
export function answerOfReplay(app: CoreApp, claim: RequestKeyClaim, complete: (partial: Record<string, unknown>, keyWrittenAtMs: number) => Record<string, unknown>): Record<string, unknown> | null {
  const deadline = Date.now() + REPLAY_WAIT_MS;
  for (;;) {
    const rec = findKey(app, claim.key);
    if (!rec) return null;
    if (rec.getString('route') !== claim.route || rec.getString('request_fingerprint') !== claim.fingerprint) {
      throw apiError(422, claim.reused ?? OWNERSHIP_MESSAGES.idempotencyKeyReused);
    }
    if (rec.getBool('done')) return storedAnswer(rec);
    const writtenAt = parseTimestamp(rec.getString('written_at'));
    if (Number.isFinite(writtenAt) && Date.now() - writtenAt >= ABANDONED_KEY_MS) {
      const answer = complete(storedAnswer(rec), writtenAt);
      completeRequestKey(app, claim.key, answer);
      return answer;
    }
    if (Date.now() >= deadline) throw apiError(409, REQUEST_KEY_MESSAGES.stillProcessing);
    sleep(REPLAY_POLL_MS);
  }
}

/**
 * Deletes the keys written more than REQUEST_KEY_RETENTION_DAYS ago on the server clock (the
 * daily purge job, lib/admin/daily-purge.ts). Returns how many went. A replay after that is
 * treated as a new request.
 */
export function purgeRequestKeys(app: CoreApp): number {
  const cutoff = toPbDate(nowMs() - REQUEST_KEY_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const old = app.findRecordsByFilter('request_keys', 'written_at < {:cutoff}', '', 0, 0, { cutoff } as unknown as dbx.Params);
  for (const k of old) app.delete(k!);
  return old.length;
}
