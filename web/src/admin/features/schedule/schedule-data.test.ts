// liveQuery reads the global indexedDB (Dexie's domDeps), so the fake is installed globally, first.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminDb } from '@/admin/core/db';
import { type FakeServer, mirrorBed, row } from '@/admin/core/sync/fake-server.test-support';
import { Mirror } from '@/admin/core/sync/mirror';
import { pullCollection } from '@/admin/core/sync/pull';
import { takeFirstLook } from '@/admin/core/sync/first-look';
import { dayWindow, LiveValue, readDayData, readScheduleData, type ScheduleData } from './schedule-data';

let db: AdminDb, server: FakeServer, mirror: Mirror;
beforeEach(() => {
  ({ db, server, mirror } = mirrorBed('schedule-test'));
});
afterEach(() => db.delete());

const pullSchedule = async () => {
  await pullCollection(mirror, server, 'bookings');
  await pullCollection(mirror, server, 'consultation_requests');
};

describe('readScheduleData', () => {
  it('is null until bookings and consultations have both been pulled to their end', async () => {
    server.put('bookings', row('a', 0));
    expect(await readScheduleData(db)).toBeNull();
    await pullCollection(mirror, server, 'bookings');
    expect(await readScheduleData(db)).toBeNull();
    await pullCollection(mirror, server, 'consultation_requests');
    const data = await readScheduleData(db);
    expect(data?.bookings.map((b) => b.id)).toEqual(['a']);
    expect(data?.consultations).toEqual([]);
  });

  it('is null while the first pull has read only part of the bookings', async () => {
    for (let i = 0; i < 700; i++) server.put('bookings', row(`b${String(i).padStart(4, '0')}`, i));
    await pullCollection(mirror, server, 'consultation_requests');
    let pages = 0;
    await pullCollection(mirror, server, 'bookings', 500, () => pages++ >= 1);
    expect(await db.bookings.count()).toBe(500);
    expect(await readScheduleData(db)).toBeNull();
  });

  it('stays null after a first look until the pull has read both collections to their end (docs/decisions/060)', async () => {
    const near = row('near', 0, { install_date: '2026-11-20', removal_date: '2027-01-20' });
    server.put('bookings', near, row('far', 1, { install_date: '2026-12-20', removal_date: '2027-01-21' }));
    await takeFirstLook(mirror, server, { from: '2026-11-18', to: '2026-12-09' });
    expect(await db.bookings.count()).toBe(1);
    expect(await readScheduleData(db)).toBeNull();
    await pullCollection(mirror, server, 'consultation_requests');
    expect(await readScheduleData(db)).toBeNull();
    await pullCollection(mirror, server, 'bookings');
    const full = await readScheduleData(db);
    expect(full?.window).toBeUndefined();
    expect(full?.bookings.map((b) => b.id).sort()).toEqual(['far', 'near']);
  });

  it('counts the cursors saved before they said "complete" as complete (database version 3)', async () => {
    const name = `${db.name}-upgrade`;
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(2).stores({ bookings: 'id', consultations: 'id', syncState: 'collection' });
    await old.table('syncState').bulkPut([
      { collection: 'bookings', cursorUpdatedAt: '2026-11-20 10:00:00.000Z', cursorId: 'a' },
      { collection: 'consultation_requests', cursorUpdatedAt: '', cursorId: '' },
    ]);
    old.close();
    const upgraded = new AdminDb(name, { indexedDB, IDBKeyRange });
    expect(await readScheduleData(upgraded)).toEqual({ bookings: [], consultations: [] });
    await upgraded.delete();
  });
});

describe('readDayData (docs/decisions/060)', () => {
  const today = '2026-12-01';
  const season = () =>
    server.put(
      'bookings',
      row('installs-today', 0, { install_date: '2026-12-01', removal_date: '2027-01-10' }),
      row('removes-soon', 1, { install_date: '2026-11-15', removal_date: '2026-12-05' }),
      row('last-day', 2, { install_date: '2026-12-12', removal_date: '' }),
      row('later', 3, { install_date: '2026-12-20', removal_date: '2027-01-12' }),
      row('yesterday', 4, { install_date: '2026-11-30', removal_date: '' }),
      row('before', 5, { install_date: '2026-11-29', removal_date: '' }),
    );

  it("reads only the visits of the day's window, with that window, once both collections are on the device", async () => {
    season();
    server.put('consultation_requests', row('c-near', 6, { consultation_date: '2026-12-03' }), row('c-far', 7, { consultation_date: '2026-12-14' }));
    expect(await readDayData(db, today)).toBeNull();
    await pullSchedule();
    const data = await readDayData(db, today);
    expect(data?.window).toEqual(dayWindow(today));
    expect(data?.window).toEqual({ from: '2026-11-30', to: '2026-12-12' });
    expect(data?.bookings.map((b) => b.id).sort()).toEqual(['installs-today', 'last-day', 'removes-soon', 'yesterday']);
    expect(data?.consultations.map((c) => c.id)).toEqual(['c-near']);
  });

  it("reads the first look's window, the server's dates, while the pull has not finished, whatever the phone's date", async () => {
    season();
    await takeFirstLook(mirror, server, { from: '2026-11-28', to: '2026-12-08' });
    for (const phoneToday of [today, '2026-12-09']) {
      const data = await readDayData(db, phoneToday);
      expect(data?.window).toEqual({ from: '2026-11-28', to: '2026-12-08' });
      expect(data?.bookings.map((b) => b.id).sort()).toEqual(['before', 'installs-today', 'removes-soon', 'yesterday']);
    }
  });

  it('is null when only one collection has a window', async () => {
    await mirror.applyWindow([{ collection: 'bookings', rows: [] }], { from: '2026-11-18', to: '2026-12-09' });
    expect(await readDayData(db, '2026-11-20')).toBeNull();
  });
});

describe('LiveValue', () => {
  const live = () => new LiveValue<ScheduleData | null>(() => readScheduleData(db));

  it('answers a preload before anything subscribes, and keeps the answer', async () => {
    server.put('bookings', row('a', 0));
    await pullSchedule();
    const value = live();
    expect(value.get()).toBeUndefined();
    value.preload();
    await vi.waitFor(() => expect(value.get()?.bookings.map((b) => b.id)).toEqual(['a']));
  });

  it('given one to come after, reads once that one has answered, not before (docs/decisions/060)', async () => {
    await pullSchedule();
    let release: () => void = () => undefined;
    const first = new LiveValue(() => new Promise<number>((resolve) => (release = () => resolve(1))));
    const reads: string[] = [];
    const value = new LiveValue(async () => {
      reads.push('read');
      return readScheduleData(db);
    }, first);
    first.preload();
    value.preload();
    await new Promise((r) => setTimeout(r, 50));
    expect(reads).toEqual([]);
    expect(value.get()).toBeUndefined();
    release();
    await vi.waitFor(() => expect(value.get()?.bookings).toEqual([]));
    expect(reads).toEqual(['read']);
  });

  it('sees what the sync writes through its own connection to the database (admin-data.ts syncMirror)', async () => {
    await pullSchedule();
    const value = live();
    const stop = value.subscribe(() => undefined);
    await vi.waitFor(() => expect(value.get()?.bookings).toEqual([]));
    const other = new AdminDb(db.name, { indexedDB, IDBKeyRange, chromeTransactionDurability: 'relaxed' });
    await new Mirror(other).apply('bookings', [row('z', 9)]);
    await vi.waitFor(() => expect(value.get()?.bookings.map((b) => b.id)).toEqual(['z']));
    stop();
    other.close();
  });

  it('follows the device copy while subscribed, and stops reading once nothing is', async () => {
    await pullSchedule();
    const value = live();
    const seen: string[][] = [];
    const stop = value.subscribe(() => seen.push(value.get()?.bookings.map((b) => b.id) ?? []));
    await vi.waitFor(() => expect(seen).toEqual([[]]));
    await mirror.apply('bookings', [row('b', 5)]);
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(['b']));
    await mirror.remove('bookings', ['b']);
    await vi.waitFor(() => expect(seen.at(-1)).toEqual([]));
    stop();
    const count = seen.length;
    await mirror.apply('bookings', [row('c', 6)]);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(count);
    // A new subscriber gets the current answer again.
    const again = value.subscribe(() => undefined);
    await vi.waitFor(() => expect(value.get()?.bookings.map((b) => b.id)).toEqual(['c']));
    again();
  });
});
