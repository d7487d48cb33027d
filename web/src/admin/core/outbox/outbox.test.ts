import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS } from './backoff';
import { newClientId, type NewOutboxEntry, type OutboxEntry } from '../model/outbox-entry';
import { Outbox, type OutboxOptions } from './outbox';
import { FakeOutboxServer, ManualTimers, sharedLock, TestOutboxDb } from './outbox.test-support';
import { SIGN_IN_MESSAGE } from './send-failure';

const ACCOUNT = 'adminaccount001';
let dbName: string;
let db: TestOutboxDb;
let server: FakeOutboxServer;
let timers: ManualTimers;
let account: string | null;
let n = 0;

function outbox(over: Partial<OutboxOptions> = {}, database: TestOutboxDb = db): Outbox {
  return new Outbox(database, { send: server.send, account: () => account, lock: null, now: () => timers.now, random: () => 0.5, timers, ...over });
}

const note = (text: string, over: Partial<NewOutboxEntry> = {}): NewOutboxEntry => ({ kind: 'job_event', payload: { kind: 'note', text }, accountId: ACCOUNT, bookingId: 'booking00000001', ...over });

const entries = () => db.outbox.orderBy('seq').toArray();

beforeEach(() => {
  dbName = `outbox-test-${++n}`;
  db = new TestOutboxDb(dbName);
  server = new FakeOutboxServer();
  timers = new ManualTimers();
  account = ACCOUNT;
});

afterEach(async () => {
  db.close();
  await new TestOutboxDb(dbName).delete();
});

describe('queue', () => {
  it('stores each action with a client-made id, a key, the account and queued state', async () => {
    const box = outbox();
    const e = await box.queue(note('Gate code 1234'));
    expect(e).toMatchObject({
      seq: 1,
      kind: 'job_event',
      idempotencyKey: `job_event-${e.id}`,
      accountId: ACCOUNT,
      bookingId: 'booking00000001',
      createdAt: timers.now,
      attempts: 0,
      state: 'queued',
      lastError: '',
    });
    expect(e.id).toMatch(/^[a-z0-9]{15}$/);
    expect(await entries()).toEqual([e]);
  });

  it('commits the optimistic local change in the same transaction: both or neither', async () => {
    const box = outbox();
    await expect(
      box.queue(note('lost'), {
        tables: [],
        write: async () => {
          throw new Error('local write failed');
        },
      }),
    ).rejects.toThrow('local write failed');
    expect(await entries()).toEqual([]);
  });
});

describe('flush', () => {
  it('keeps order: entries go out in the order the actions were taken, each once', async () => {
    const box = outbox();
    const a = await box.queue(note('first'));
    const b = await box.queue(note('second'));
    const c = await box.queue({ kind: 'charge', payload: {}, accountId: ACCOUNT });
    await box.flush();
    expect(server.requests).toEqual([a.idempotencyKey, b.idempotencyKey, c.idempotencyKey]);
    expect(await entries()).toEqual([]);
    expect(box.getStatus().lastFlushedAt).toBe(timers.now);
  });

  it('hands each answer to onSent before the entry leaves the outbox', async () => {
    const seen: [string, unknown, number][] = [];
    const box = outbox({ onSent: async (e, answer) => void seen.push([e.id, answer, await db.outbox.count()]) });
    const a = await box.queue(note('x'));
    await box.flush();
    expect(seen).toEqual([[a.id, { n: 1, id: a.id, replayed: false }, 1]]);
  });

  it('survives a reload: a new page with a new database handle sends what the old one queued', async () => {
    const a = await outbox().queue(note('before reload'));
    // The page died mid-request: the entry is still marked sending.
    await db.outbox.update(a.id, { state: 'sending', attempts: 1 });
    const b = await outbox().queue(note('also before reload'));
    db.close();

    const reopened = new TestOutboxDb(dbName);
    await outbox({}, reopened).flush();
    expect(server.requests).toEqual([a.idempotencyKey, b.idempotencyKey]);
    expect(await reopened.outbox.count()).toBe(0);
    reopened.close();
    db = new TestOutboxDb(dbName);
  });

  it('treats a replayed key as done: an answer lost on the way, then the resend answered as a replay', async () => {
    const box = outbox();
    const a = await box.queue(note('applied once'));
    server.plans.push({ fail: 'network_after_apply' });
    await box.flush();
    expect(await entries()).toMatchObject([{ id: a.id, state: 'queued', attempts: 1 }]);
    const answers: unknown[] = [];
    const again = outbox({ onSent: (_e, answer) => void answers.push(answer) });
    await again.flush();
    expect(answers).toEqual([{ n: 1, id: a.id, replayed: true }]);
    expect(server.applied.size).toBe(1);
    expect(await entries()).toEqual([]);
  });

  it.each([
    ['a network error', { fail: 'network' as const }],
    ['a 500', { fail: 500 }],
    ['a 502 from a proxy', { fail: 502 }],
    ['a 503', { fail: 503, message: 'The payment service could not be reached.' }],
    ['a 429', { fail: 429 }],
    ['a 409 still processing', { fail: 409, message: 'This charge is still being processed. Please retry in a moment.' }],
  ])('never drops an entry on %s: it stays queued, later entries wait behind it', async (_name, plan) => {
    const box = outbox();
    const a = await box.queue(note('first'));
    const b = await box.queue(note('second'));
    for (let i = 0; i < 12; i++) {
      server.plans.push(plan);
      await box.flush();
    }
    expect(server.requests).toEqual(Array(12).fill(a.idempotencyKey));
    expect(await entries()).toMatchObject([
      { id: a.id, state: 'queued', attempts: 12 },
      { id: b.id, state: 'queued', attempts: 0 },
    ]);
    await box.flush();
    expect(server.requests.slice(12)).toEqual([a.idempotencyKey, b.idempotencyKey]);
    expect(await entries()).toEqual([]);
  });

  it('retries with capped exponential backoff and jitter, on its own timer', async () => {
    const delays: number[] = [];
    let r = 0;
    const randoms = [0, 0.999, 0.5];
    const box = outbox({ random: () => randoms[r++ % randoms.length]! });
    await box.queue(note('flaky'));
    for (let i = 0; i < 10; i++) server.plans.push({ fail: 503 });

    await box.flush();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const at = timers.nextAt();
      expect(at, `timer after attempt ${attempt}`).not.toBeNull();
      delays.push(at! - timers.now);
      expect((await entries())[0]).toMatchObject({ attempts: attempt, nextAttemptAt: at });
      // The timer does not fire early: a timer-flush before the time sends nothing.
      const before = server.requests.length;
      timers.advanceTo(at!);
      await box.flush(false);
      expect(server.requests.length).toBe(before + 1);
    }
    // Equal jitter: each delay in the upper half of BASE·2^(n−1), capped at CAP.
    delays.forEach((d, i) => {
      const exp = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** i);
      expect(d, `delay ${i + 1}`).toBeGreaterThanOrEqual(exp / 2);
      expect(d, `delay ${i + 1}`).toBeLessThanOrEqual(exp);
    });
    expect(Math.max(...delays)).toBeLessThanOrEqual(BACKOFF_CAP_MS);
    expect(delays[9]).toBeGreaterThanOrEqual(BACKOFF_CAP_MS / 2);
    // The 11th attempt (from the last timer) succeeded.
    expect(await entries()).toEqual([]);
    expect(timers.nextAt()).toBeNull();
  });

  it('a server that cannot save (503, 500, no answer) keeps every entry queued, in order, and each is applied once when it recovers', async () => {
    const box = outbox();
    const queued = [await box.queue(note('gate code')), await box.queue(note('dog')), await box.queue(note('ladder'))];
    // The full disk: the first entry is refused with a 503 on each of three flushes, then a 500, then no answer.
    server.plans.push({ fail: 503, message: 'The server cannot save right now. Please try again in a moment.' }, { fail: 503 }, { fail: 500 }, { fail: 'network' });
    for (let i = 0; i < 4; i++) {
      await box.flush(true);
      const kept = await entries();
      expect(kept.map((e) => e.id)).toEqual(queued.map((e) => e.id));
      expect(kept.every((e) => e.state === 'queued')).toBe(true);
      expect(kept[0]!.attempts).toBe(i + 1);
    }
    // Room again: the next flush sends all three, in order, each applied once.
    await box.flush(true);
    expect(await entries()).toEqual([]);
    expect([...server.applied.keys()]).toEqual(queued.map((e) => e.idempotencyKey));
  });

  it('a timer flush leaves an entry waiting out its backoff alone; a trigger (online…) sends it at once', async () => {
    const box = outbox();
    await box.queue(note('x'));
    server.plans.push({ fail: 'network' });
    await box.flush();
    await box.flush(false);
    expect(server.requests).toHaveLength(1);
    await box.flush(true);
    expect(server.requests).toHaveLength(2);
    expect(await entries()).toEqual([]);
  });

  it('moves a 4xx to needs attention with the server message, goes on with the next, never retries it alone', async () => {
    const box = outbox();
    const a = await box.queue(note('refused'));
    const b = await box.queue(note('fine'));
    server.plans.push({ fail: 409, message: 'This booking was cancelled, so it cannot be marked done.' });
    await box.flush();
    expect(server.requests).toEqual([a.idempotencyKey, b.idempotencyKey]);
    expect(await entries()).toMatchObject([{ id: a.id, state: 'needs_attention', attempts: 1, lastError: 'This booking was cancelled, so it cannot be marked done.' }]);
    await box.flush();
    timers.advanceTo(timers.now + BACKOFF_CAP_MS * 10);
    await box.flush(false);
    expect(server.requests).toHaveLength(2);

    // Retry sends it again with the same key.
    await box.retry(a.id);
    expect(server.requests).toEqual([a.idempotencyKey, b.idempotencyKey, a.idempotencyKey]);
    expect(await entries()).toEqual([]);
  });

  it.each([400, 403, 404, 422])('a %s needs attention too; a message-less one gets a plain sentence', async (status) => {
    const box = outbox();
    await box.queue(note('x'));
    server.plans.push({ fail: status });
    await box.flush();
    const [e] = await entries();
    expect(e).toMatchObject({ state: 'needs_attention' });
    expect(e!.lastError).toMatch(/^The server refused it/);
  });

  it('discard removes a needs-attention entry and undoes its local change; an entry being sent is kept', async () => {
    const undone: string[] = [];
    const box = outbox({ onDiscard: (e) => void undone.push(e.id) });
    const a = await box.queue(note('refused'));
    server.plans.push({ fail: 422, message: 'This action id was already used for a different action.' });
    await box.flush();
    expect(await box.discard(a.id)).toBe(true);
    expect(undone).toEqual([a.id]);
    expect(await entries()).toEqual([]);

    const b = await box.queue(note('in flight'));
    await db.outbox.update(b.id, { state: 'sending' });
    expect(await box.discard(b.id)).toBe(false);
    expect(await db.outbox.get(b.id)).toBeDefined();
  });

  it('on a 401 keeps the entry and pauses until the admin signs in again', async () => {
    const box = outbox();
    const a = await box.queue(note('after login'));
    server.plans.push({ fail: 401, message: 'The request requires valid record authorization token.' });
    await box.flush();
    expect(box.getStatus().pausedForSignIn).toBe(true);
    expect(await entries()).toMatchObject([{ id: a.id, state: 'queued', lastError: SIGN_IN_MESSAGE }]);
    await box.flush();
    timers.advanceTo(timers.now + BACKOFF_CAP_MS);
    expect(server.requests).toHaveLength(1);

    await box.resume();
    expect(box.getStatus().pausedForSignIn).toBe(false);
    expect(server.requests).toEqual([a.idempotencyKey, a.idempotencyKey]);
    expect(await entries()).toEqual([]);
  });

  it("sends nothing while signed out, and never sends one account's work under another", async () => {
    const box = outbox();
    const mine = await box.queue(note('mine'));
    const theirs = await box.queue(note('theirs', { accountId: 'otheraccount002' }));
    account = null;
    await box.flush();
    expect(server.requests).toEqual([]);
    account = 'otheraccount002';
    await box.flush();
    expect(server.requests).toEqual([theirs.idempotencyKey]);
    expect(await entries()).toMatchObject([{ id: mine.id, state: 'queued' }]);
    account = ACCOUNT;
    await box.flush();
    expect(server.requests).toEqual([theirs.idempotencyKey, mine.idempotencyKey]);
  });

  it('never runs two flushes at once: concurrent calls in a tab and a second tab send each entry once, one at a time', async () => {
    server.latencyMs = 5;
    const lock = sharedLock();
    const tab1 = outbox({ lock });
    const otherDb = new TestOutboxDb(dbName);
    const tab2 = outbox({ lock }, otherDb);
    const queued: OutboxEntry[] = [];
    for (let i = 0; i < 6; i++) queued.push(await (i % 2 ? tab2 : tab1).queue(note(`n${i}`)));
    await Promise.all([tab1.flush(), tab1.flush(), tab2.flush(), tab1.flush(), tab2.flush()]);
    expect(server.maxInFlight).toBe(1);
    expect(server.requests).toEqual(queued.map((e) => e.idempotencyKey));
    expect(await entries()).toEqual([]);
    otherDb.close();
  });

  it('a flush asked for while one runs runs once more after it, so a just-queued entry is not left behind', async () => {
    server.latencyMs = 5;
    const box = outbox();
    await box.queue(note('a'));
    const running = box.flush();
    const late = await box.queue(note('queued during the flush'));
    await box.flush();
    await running;
    expect(server.requests).toContain(late.idempotencyKey);
    expect(await entries()).toEqual([]);
  });

  it('stop() ends sending and the timer', async () => {
    const box = outbox();
    await box.queue(note('x'));
    server.plans.push({ fail: 'network' });
    await box.flush();
    expect(timers.nextAt()).not.toBeNull();
    box.stop();
    expect(timers.nextAt()).toBeNull();
    await box.flush();
    expect(server.requests).toHaveLength(1);
  });
});

describe('waitFor', () => {
  it('offline, says queued as soon as the flush ends, not at its time limit', async () => {
    const box = outbox();
    const a = await box.queue(note('offline'));
    const wait = box.waitFor(a.id, 60_000);
    server.plans.push({ fail: 'network' });
    await box.flush();
    expect(await wait).toEqual({ state: 'queued' });
    box.stop();
  });

  it('resolves with the answer once sent (a replay too), with the message once set aside, else queued', async () => {
    const box = outbox();
    const a = await box.queue(note('sent'));
    const b = await box.queue(note('refused'));
    const c = await box.queue(note('offline'));
    server.plans.push({ fail: 'network_after_apply' }); // a: applied, answer lost
    await box.flush();
    const waits = [box.waitFor(a.id, 10_000), box.waitFor(b.id, 10_000), box.waitFor(c.id, 10_000)];
    server.plans.push({ fail: 'ok' }, { fail: 422, message: 'Refused.' }, { fail: 'network' });
    await box.flush(); // a's replay answers; b is refused; c finds no connection.
    box.stop();
    expect(await Promise.all(waits)).toEqual([{ state: 'sent', answer: { n: 1, id: a.id, replayed: true } }, { state: 'needs_attention', status: 422, message: 'Refused.' }, { state: 'queued' }]);
  });

  it('resolves queued at its time limit when no flush ends meanwhile', async () => {
    const box = outbox();
    const a = await box.queue(note('x'));
    const wait = box.waitFor(a.id, 5_000);
    timers.advanceTo(timers.now + 5_000);
    expect(await wait).toEqual({ state: 'queued' });
  });
});

describe('newClientId', () => {
  it('is 15 of [a-z0-9] and skips the bytes that would bias the alphabet', () => {
    let calls = 0;
    const id = newClientId((b) => {
      calls++;
      // First call: only biased bytes; second: 0..23.
      return b.map((_, i) => (calls === 1 ? 252 + (i % 4) : i));
    });
    expect(id).toBe('abcdefghijklmno');
    const many = new Set(Array.from({ length: 200 }, () => newClientId()));
    expect(many.size).toBe(200);
    for (const x of many) expect(x).toMatch(/^[a-z0-9]{15}$/);
  });
});
