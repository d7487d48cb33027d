import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AdminDb } from '../db';
import { type FakeServer, mirrorBed, row } from './fake-server.test-support';
import { FIRST_LOOK_LIMIT, firstLookWindow, takeFirstLook } from './first-look';
import { type Mirror } from './mirror';
import { pullCollection } from './pull';
import { AdminSync } from './sync';

let db: AdminDb, server: FakeServer, mirror: Mirror;
beforeEach(() => {
  ({ db, server, mirror } = mirrorBed('first-look-test'));
});
afterEach(() => db.delete());

const WINDOW = firstLookWindow('2026-11-25');
const booking = (id: string, install: string, removal = '2027-01-20', ms = 0) => row(id, ms, { install_date: install, removal_date: removal });
const ids = async () => (await db.bookings.orderBy('id').toArray()).map((b) => b.id);

describe('the first look (docs/decisions/044)', () => {
  it('covers today and the ten days after it', () => {
    expect(WINDOW).toEqual({ from: '2026-11-25', to: '2026-12-05' });
  });

  it('stores the bookings and consultations with a visit in the window, and the window with each cursor', async () => {
    server.put(
      'bookings',
      booking('inside', '2026-11-25'),
      booking('edge', '2026-12-05'),
      booking('removal-inside', '2026-11-02', '2026-12-01'),
      booking('outside', '2026-12-06'),
      booking('before', '2026-11-24'),
    );
    server.put('consultation_requests', row('c1', 0, { consultation_date: '2026-11-25' }), row('c2', 0, { consultation_date: '2026-11-24' }));
    expect(await takeFirstLook(mirror, server, WINDOW)).toBe(true);
    expect(await ids()).toEqual(['edge', 'inside', 'removal-inside']);
    expect((await db.consultations.toArray()).map((c) => c.id)).toEqual(['c1']);
    expect(await db.syncState.get('bookings')).toEqual({ collection: 'bookings', cursorUpdatedAt: '', cursorId: '', window: WINDOW });
    expect((await db.syncState.get('consultation_requests'))?.window).toEqual(WINDOW);
  });

  it('keeps the window through the pull’s pages and drops it when the pull reaches the end', async () => {
    for (let i = 0; i < 600; i++) server.put('bookings', booking(`b${String(i).padStart(4, '0')}`, i % 2 ? '2026-11-26' : '2026-12-20', '2027-01-20', i));
    await takeFirstLook(mirror, server, WINDOW);
    let pages = 0;
    await pullCollection(mirror, server, 'bookings', 500, () => pages++ >= 1);
    expect(await db.syncState.get('bookings')).toMatchObject({ complete: false, window: WINDOW });
    await pullCollection(mirror, server, 'bookings');
    const state = await db.syncState.get('bookings');
    expect(state?.complete).toBe(true);
    expect(state?.window).toBeUndefined();
    expect(await db.bookings.count()).toBe(600);
  });

  it('never undoes a newer row or brings back a deleted one', async () => {
    server.put('bookings', booking('b1', '2026-11-26', '2027-01-20', 0), booking('b2', '2026-11-27'));
    await mirror.apply('bookings', [booking('b1', '2026-11-30', '2027-01-20', 50)]);
    await mirror.remove('bookings', ['b2']);
    await takeFirstLook(mirror, server, WINDOW);
    expect(await ids()).toEqual(['b1']);
    expect((await db.bookings.get('b1'))?.install_date).toBe('2026-11-30');
  });

  it('adds no window to a collection already complete', async () => {
    await db.syncState.put({ collection: 'bookings', cursorUpdatedAt: 't', cursorId: 'x', complete: true });
    await takeFirstLook(mirror, server, WINDOW);
    expect(await db.syncState.get('bookings')).toEqual({ collection: 'bookings', cursorUpdatedAt: 't', cursorId: 'x', complete: true });
    expect((await db.syncState.get('consultation_requests'))?.window).toEqual(WINDOW);
  });

  it('takes nothing when a collection comes back full: more may be there', async () => {
    for (let i = 0; i < FIRST_LOOK_LIMIT; i++) server.put('bookings', booking(`b${i}`, '2026-11-26'));
    expect(await takeFirstLook(mirror, server, WINDOW)).toBe(false);
    expect(await db.bookings.count()).toBe(0);
    expect(await db.syncState.count()).toBe(0);
  });

  it('writes nothing when one of its requests fails', async () => {
    server.put('bookings', booking('b1', '2026-11-26'));
    server.failNext.add('window consultation_requests');
    await expect(takeFirstLook(mirror, server, WINDOW)).rejects.toThrow('network down');
    expect(await db.bookings.count()).toBe(0);
  });
});

describe('the sync with a first look', () => {
  it('on a first visit, looks first and then pulls everything', async () => {
    server.put('bookings', booking('near', '2026-11-26'), booking('far', '2026-12-20'));
    const sync = new AdminSync(mirror, server, { firstLook: async () => WINDOW });
    await sync.start();
    const order = server.log.filter((l) => l.startsWith('window') || l.startsWith('list'));
    expect(order.slice(0, 2).sort()).toEqual(['window bookings 2026-11-25..2026-12-05', 'window consultation_requests 2026-11-25..2026-12-05']);
    expect(order.slice(2).every((l) => l.startsWith('list'))).toBe(true);
    expect(await ids()).toEqual(['far', 'near']);
    expect((await db.syncState.get('bookings'))?.window).toBeUndefined();
    await sync.stop();
  });

  it('does not look when the device holds both collections, and a failed look does not stop the pull', async () => {
    await db.syncState.bulkPut([
      { collection: 'bookings', cursorUpdatedAt: '', cursorId: '', complete: true },
      { collection: 'consultation_requests', cursorUpdatedAt: '', cursorId: '', complete: true },
    ]);
    const cached = new AdminSync(mirror, server, { firstLook: async () => WINDOW });
    await cached.start();
    expect(server.log.some((l) => l.startsWith('window'))).toBe(false);
    await cached.stop();

    await db.syncState.clear();
    server.put('bookings', booking('b1', '2026-11-26'));
    server.failNext.add('window bookings');
    const failing = new AdminSync(mirror, server, { firstLook: async () => WINDOW });
    await failing.start();
    expect(await ids()).toEqual(['b1']);
    expect(failing.getStatus().state).toBe('ready');
    await failing.stop();
  });
});
