import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLACEHOLDER_REVIEW_TEXT } from '@domain/reviews/reviews';
import { type AdminDb } from '../db';
import { type FakeServer, mirrorBed, row } from './fake-server.test-support';
import { type Mirror } from './mirror';
import { pullCollection } from './pull';
import { AdminSync } from './sync';

let db: AdminDb, server: FakeServer, mirror: Mirror;
beforeEach(() => {
  ({ db, server, mirror } = mirrorBed('admin-test'));
});
afterEach(() => db.delete());

const ids = async () => (await db.bookings.orderBy('id').toArray()).map((b) => b.id);

describe('pull (docs/architecture.md "Admin data and sync")', () => {
  it("reads every row in pages of PocketBase's largest page (1,000) by (updated_at, id) and stores the cursor (docs/decisions/060)", async () => {
    for (let i = 0; i < 2203; i++) server.put('bookings', row(`b${String(i).padStart(5, '0')}`, i));
    const read = await pullCollection(mirror, server, 'bookings');
    expect(read).toBe(2203);
    expect(await db.bookings.count()).toBe(2203);
    expect(server.listCalls('bookings')).toHaveLength(3);
    expect(server.listCalls('bookings')[1]).toBe(`list bookings ${row('x', 999).updated_at}|b00999`);
    expect(await db.syncState.get('bookings')).toEqual({ collection: 'bookings', cursorUpdatedAt: row('x', 2202).updated_at, cursorId: 'b02202', complete: true });
  });

  it('marks the cursor complete only once the pull has read to the end, also when the last page is empty', async () => {
    for (let i = 0; i < 1000; i++) server.put('bookings', row(`b${String(i).padStart(5, '0')}`, i));
    // Stopped after its first page: not complete.
    let pages = 0;
    await pullCollection(mirror, server, 'bookings', 500, () => pages++ >= 1);
    expect(await db.syncState.get('bookings')).toMatchObject({ cursorId: 'b00499', complete: false });
    // Resumed: the second page is full, the third empty; the end is recorded all the same.
    await pullCollection(mirror, server, 'bookings');
    expect(await db.syncState.get('bookings')).toMatchObject({ cursorId: 'b00999', complete: true });
    // A later pull that reads several pages keeps it complete from its first page on.
    for (let i = 1000; i < 1600; i++) server.put('bookings', row(`b${String(i).padStart(5, '0')}`, i));
    await pullCollection(mirror, server, 'bookings');
    expect(await db.syncState.get('bookings')).toMatchObject({ cursorId: 'b01599', complete: true });
  });

  it('loses no row and duplicates none when a page boundary falls inside one millisecond', async () => {
    for (let i = 0; i < 1000; i++) server.put('bookings', row(`t${String(i).padStart(4, '0')}`, 0));
    await pullCollection(mirror, server, 'bookings', 500);
    expect(await db.bookings.count()).toBe(1000);
    // The second page starts after the 500th id of the same millisecond.
    expect(server.listCalls('bookings')[1]).toBe(`list bookings ${row('x', 0).updated_at}|t0499`);

    // Another row of that same millisecond, with a later id, arrives afterwards.
    server.put('bookings', row('t9999', 0));
    await pullCollection(mirror, server, 'bookings');
    expect(await db.bookings.count()).toBe(1001);
  });

  it('starts a few seconds behind the cursor, so a row committed late is not missed', async () => {
    server.put('bookings', row('a', 10_000));
    await pullCollection(mirror, server, 'bookings');
    // Stamped 2 s before the row already pulled, but visible only now.
    server.put('bookings', row('late', 8_000));
    await pullCollection(mirror, server, 'bookings');
    expect(await ids()).toEqual(['a', 'late']);
    expect(server.listCalls('bookings')[1]).toBe(`list bookings ${row('x', 5_000).updated_at}|`);
    // The cursor never moves backwards.
    expect((await db.syncState.get('bookings'))?.cursorId).toBe('a');
  });

  it('upserts changed rows by id instead of adding them', async () => {
    server.put('bookings', row('a', 0, { payment_status: 'pending' }), row('b', 1));
    await pullCollection(mirror, server, 'bookings');
    server.put('bookings', row('a', 2, { payment_status: 'deposit_paid' }));
    await pullCollection(mirror, server, 'bookings');
    expect(await db.bookings.count()).toBe(2);
    expect((await db.bookings.get('a'))?.payment_status).toBe('deposit_paid');
  });

  it('deletes the records named by tombstones', async () => {
    server.put('bookings', row('a', 0), row('b', 1));
    server.put('consultation_requests', row('c', 0));
    await pullCollection(mirror, server, 'bookings');
    await pullCollection(mirror, server, 'consultation_requests');
    server.delete('bookings', 'a');
    server.put(
      'tombstones',
      row('t1', 5, { collection_name: 'bookings', record_id: 'a' }),
      row('t2', 6, { collection_name: 'consultation_requests', record_id: 'c' }),
      row('t3', 7, { collection_name: 'mail_log', record_id: 'zzz' }),
    );
    expect(await pullCollection(mirror, server, 'tombstones')).toBe(3);
    expect(await ids()).toEqual(['b']);
    expect(await db.consultations.count()).toBe(0);
    expect((await db.syncState.get('tombstones'))?.cursorId).toBe('t3');
  });

  it('never stores review placeholders', async () => {
    server.put('testimonials', row('p', 0, { review_text: PLACEHOLDER_REVIEW_TEXT }), row('r', 1, { review_text: 'Lovely work from start to finish, the tree glowed all season long.' }));
    await pullCollection(mirror, server, 'testimonials');
    expect((await db.testimonials.toArray()).map((t) => t.id)).toEqual(['r']);
  });

  it('drops the review token', async () => {
    server.put('testimonials', row('r', 1, { review_text: 'A real review', review_token: 'secret-token-value-1234567890' }));
    await pullCollection(mirror, server, 'testimonials');
    expect(await db.testimonials.get('r')).not.toHaveProperty('review_token');
  });

  it('asks for the next page while the one before is being written, and writes them in order', async () => {
    for (let i = 0; i < 1100; i++) server.put('bookings', row(`b${String(i).padStart(4, '0')}`, i));
    const apply = mirror.apply.bind(mirror);
    mirror.apply = async (collection, rows, cursor) => {
      server.log.push(`apply ${rows[0]?.id}`);
      return apply(collection, rows, cursor);
    };
    await pullCollection(mirror, server, 'bookings', 500);
    expect(server.log.map((l) => l.split(' ').slice(0, 2).join(' ').replace(/\|.*$/, ''))).toEqual(['list bookings', 'list bookings', 'apply b0000', 'list bookings', 'apply b0500', 'apply b1000']);
    expect(await db.bookings.count()).toBe(1100);
  });

  it('keeps the pages applied before a failure, with their cursor', async () => {
    for (let i = 0; i < 700; i++) server.put('bookings', row(`b${String(i).padStart(4, '0')}`, i));
    server.beforeAnswer = (_c, after) => {
      if (after) server.failNext.add('bookings');
    };
    await expect(pullCollection(mirror, server, 'bookings', 500)).rejects.toThrow('network down');
    expect(await db.bookings.count()).toBe(500);
    expect((await db.syncState.get('bookings'))?.cursorId).toBe('b0499');
  });
});

describe('AdminSync: realtime and pulls together', () => {
  const syncOf = (errors: string[] = []) => new AdminSync(mirror, server, { onPullError: (c) => errors.push(c) });

  it('subscribes to every collection and pulls, then pulls again once the subscriptions are live', async () => {
    server.put('bookings', row('a', 0));
    await syncOf().start();
    const subscribes = server.log.filter((l) => l.startsWith('subscribe'));
    expect(subscribes).toEqual([
      'subscribe bookings',
      'subscribe consultation_requests',
      'subscribe testimonials',
      'subscribe charges',
      'subscribe job_events',
      'subscribe customers',
      'subscribe waitlist_entries',
      'subscribe waitlist_offers',
      'subscribe tombstones',
    ]);
    await expect.poll(() => server.listCalls('bookings').length).toBe(2);
    expect(await ids()).toEqual(['a']);
  });

  it('applies realtime creates, updates and deletes', async () => {
    const sync = syncOf();
    await sync.start();
    server.emit('bookings', 'create', row('a', 10, { payment_status: 'pending' }));
    server.emit('bookings', 'update', row('a', 20, { payment_status: 'deposit_paid' }));
    server.emit('consultation_requests', 'create', row('c', 10));
    await expect.poll(async () => (await db.bookings.get('a'))?.payment_status).toBe('deposit_paid');
    await expect.poll(() => db.consultations.count()).toBe(1);
    server.emit('bookings', 'delete', row('a', 30));
    await expect.poll(() => db.bookings.count()).toBe(0);
    await sync.stop();
  });

  it('ignores an older version that arrives after a newer one', async () => {
    await syncOf().start();
    server.emit('bookings', 'update', row('a', 20, { payment_status: 'paid' }));
    await expect.poll(async () => (await db.bookings.get('a'))?.payment_status).toBe('paid');
    // A page fetched before that update answers late.
    await mirror.apply('bookings', [row('a', 10, { payment_status: 'deposit_paid' })]);
    expect((await db.bookings.get('a'))?.payment_status).toBe('paid');
  });

  it('never brings back a deleted record from a page fetched before the deletion', async () => {
    server.put('bookings', row('a', 0), row('b', 1));
    const sync = syncOf();
    await sync.start();
    // The next pull's page is read, then the record is deleted before the page is applied.
    server.beforeAnswer = (collection) => {
      if (collection !== 'bookings') return;
      server.beforeAnswer = null;
      server.emit('bookings', 'delete', row('a', 50));
    };
    server.put('bookings', row('a', 40));
    await sync.requestPull();
    expect(await ids()).toEqual(['b']);
  });

  it('keeps placeholders out of realtime too, and shows a placeholder once it is a review', async () => {
    await syncOf().start();
    server.emit('testimonials', 'create', row('p', 10, { review_text: PLACEHOLDER_REVIEW_TEXT }));
    server.emit('testimonials', 'create', row('q', 10, { review_text: 'Another real review' }));
    await expect.poll(() => db.testimonials.count()).toBe(1);
    server.emit('testimonials', 'update', row('p', 20, { review_text: 'The submitted review text, long enough to count as one.' }));
    await expect.poll(() => db.testimonials.count()).toBe(2);
  });

  it('pulls again on a reconnect', async () => {
    await syncOf().start();
    server.put('bookings', row('missed', 100));
    server.reconnect();
    await expect.poll(ids).toEqual(['missed']);
  });

  it('runs one more pull, not one per request, when asked during a pull', async () => {
    const sync = syncOf();
    await sync.start();
    const before = server.listCalls('bookings').length;
    await Promise.all([sync.requestPull(), sync.requestPull(), sync.requestPull()]);
    expect(server.listCalls('bookings').length - before).toBe(2);
  });

  it('reports a failed collection and still pulls the others', async () => {
    const errors: string[] = [];
    server.put('bookings', row('a', 0));
    server.put('testimonials', row('r', 0, { review_text: 'A real review' }));
    server.failNext.add('testimonials');
    // Realtime never connects here, so no second pull follows the first.
    server.subscribe = () => new Promise(() => {});
    const sync = syncOf(errors);
    await sync.start();
    expect(errors).toEqual(['testimonials']);
    expect(await ids()).toEqual(['a']);
    expect(sync.getStatus().state).toBe('error');
    expect(sync.getStatus().loaded.has('bookings')).toBe(true);
    expect(sync.getStatus().loaded.has('testimonials')).toBe(false);
    await sync.requestPull();
    expect(sync.getStatus().state).toBe('ready');
    expect(await db.testimonials.count()).toBe(1);
  });

  it('says the server is unreachable when a pull got no answer at all, until a pull succeeds (docs/decisions/016)', async () => {
    const sync = syncOf();
    const list = server.listAfter.bind(server);
    let down = true;
    server.listAfter = (...args) => (down ? Promise.reject(new TypeError('Failed to fetch')) : list(...args));
    await sync.start();
    expect(sync.getStatus()).toMatchObject({ state: 'error', unreachable: true });
    down = false;
    await sync.requestPull();
    expect(sync.getStatus()).toMatchObject({ state: 'ready', unreachable: false });
    // A refusal is an answer: the server is reachable.
    server.failNext.add('bookings');
    await sync.requestPull();
    expect(sync.getStatus()).toMatchObject({ state: 'error', unreachable: false });
  });

  it('counts an empty collection as loaded on the next start, which may be offline (docs/decisions/016)', async () => {
    server.put('bookings', row('a', 0));
    await syncOf().start();
    expect(await db.syncState.get('consultation_requests')).toEqual({ collection: 'consultation_requests', cursorUpdatedAt: '', cursorId: '', complete: true });
    const offline = syncOf();
    server.listAfter = () => Promise.reject(new TypeError('Failed to fetch'));
    await offline.start();
    expect(offline.getStatus().loaded.has('consultation_requests')).toBe(true);
    expect(offline.getStatus().loaded.has('bookings')).toBe(true);
  });

  it('applies nothing once stopped, not even a page already on its way', async () => {
    const sync = syncOf();
    await sync.start();
    server.put('bookings', row('late', 100));
    server.beforeAnswer = () => void sync.stop();
    await sync.requestPull();
    server.emit('bookings', 'create', row('event', 200));
    await new Promise((r) => setTimeout(r, 20));
    expect(await db.bookings.count()).toBe(0);
  });

  it('counts a collection pulled in an earlier session as loaded before the network answers', async () => {
    server.put('bookings', row('a', 0));
    await pullCollection(mirror, server, 'bookings');
    const sync = syncOf();
    const started = sync.start();
    await expect.poll(() => sync.getStatus().loaded.has('bookings')).toBe(true);
    await started;
  });

  it('pulls without waiting for realtime, and pulls again once it connects', async () => {
    let connect: () => void = () => {};
    const slow = Object.create(server) as FakeServer;
    slow.subscribe = (collection, cb) =>
      new Promise((resolve) => {
        const prev = connect;
        connect = () => {
          prev();
          void server.subscribe(collection, cb).then(resolve);
        };
      });
    const sync = new AdminSync(mirror, slow);
    server.put('bookings', row('a', 0));
    await sync.start();
    expect(await ids()).toEqual(['a']);
    const before = server.listCalls('bookings').length;
    server.put('bookings', row('b', 5));
    connect();
    await expect.poll(ids).toEqual(['a', 'b']);
    expect(server.listCalls('bookings').length).toBeGreaterThan(before);
  });
});
