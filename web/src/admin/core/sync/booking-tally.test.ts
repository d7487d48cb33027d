// A model test (fast-check): whatever the mirror is asked to write or delete, in any order, the
// bookings' running tally it keeps equals a recount of the bookings it holds
// (docs/decisions/060).
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import fc from 'fast-check';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { tallyOf, tilesOf } from '@domain/admin/booking-tally';
import { AdminDb } from '../db';
import { row } from './fake-server.test-support';
import { Mirror } from './mirror';

let n = 0;
const open: AdminDb[] = [];
const newDb = () => {
  const db = new AdminDb(`booking-tally-test-${++n}`, { indexedDB, IDBKeyRange });
  open.push(db);
  return db;
};

afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.delete()));
});

const stored = async (db: AdminDb) => (await db.tallies.get('bookings'))?.counts ?? {};
const recount = async (db: AdminDb) => tallyOf(await db.bookings.toArray());

const ID = fc.constantFrom('b1', 'b2', 'b3', 'b4', 'b5');
/** A booking as the server sends it: every field the tiles read, a few values each. */
const BOOKING = fc.record({
  id: ID,
  ms: fc.integer({ min: 0, max: 20 }),
  status: fc.constantFrom('pending', 'pending_payment', 'confirmed', 'completed', 'cancelled', 'payment_conflict'),
  payment_status: fc.constantFrom('pending', 'deposit_paid', 'paid'),
  hold_expires_at: fc.constantFrom('', '2026-11-20 17:30:00.000Z', '2026-12-20 17:30:00.000Z'),
  created_at: fc.constantFrom('2026-10-31 12:00:00.000Z', '2026-11-01 04:30:00.000Z', '2026-11-20 17:00:00.000Z'),
  install_done_at: fc.constantFrom('', '2026-11-21 15:00:00.000Z'),
  removal_date: fc.constantFrom('', '2027-01-10'),
  removal_done_at: fc.constantFrom('', '2027-01-10 16:00:00.000Z'),
});
const OP = fc.oneof(
  fc.record({ kind: fc.constant('apply' as const), rows: fc.array(BOOKING, { maxLength: 4 }) }),
  fc.record({ kind: fc.constant('window' as const), rows: fc.array(BOOKING, { maxLength: 3 }) }),
  fc.record({ kind: fc.constant('remove' as const), ids: fc.array(ID, { maxLength: 3 }) }),
  fc.record({ kind: fc.constant('tombstones' as const), ids: fc.array(ID, { maxLength: 3 }) }),
);

describe("the bookings' running tally (docs/decisions/060)", () => {
  it('equals a recount of the bookings held after any sequence of upserts and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(OP, { maxLength: 12 }), async (ops) => {
        const db = newDb();
        // A second mirror of the same database for some writes, as the sync's and the app's are.
        const mirrors = [new Mirror(db), new Mirror(db)];
        for (const [i, op] of ops.entries()) {
          const mirror = mirrors[i % 2]!;
          const rows = 'rows' in op ? op.rows.map(({ id, ms, ...fields }) => row(id, ms, fields)) : [];
          if (op.kind === 'apply') await mirror.apply('bookings', rows);
          else if (op.kind === 'window') await mirror.applyWindow([{ collection: 'bookings', rows }], { from: '2026-11-20', to: '2026-11-30' });
          else if (op.kind === 'remove') await mirror.remove('bookings', op.ids);
          else await mirror.applyTombstones(op.ids.map((id) => ({ id: `t-${id}`, updated_at: '', collection_name: 'bookings', record_id: id })));
        }
        expect(await stored(db)).toEqual(await recount(db));
        db.close();
      }),
      { numRuns: 60 },
    );
  });

  it('is emptied with the mirror on sign-out', async () => {
    const db = newDb();
    await new Mirror(db).apply('bookings', [row('b1', 0, { status: 'confirmed', payment_status: 'paid' })]);
    expect(Object.values(await stored(db))).toEqual([1]);
    await db.clearAll();
    expect(await stored(db)).toEqual({});
  });

  it('is counted from the bookings already on a device when the database is upgraded to it', async () => {
    const name = `booking-tally-upgrade-${++n}`;
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(5).stores({ bookings: 'id, updated_at, created_at, install_date, removal_date', syncState: 'collection' });
    await old.table('bookings').bulkPut([row('b1', 0, { status: 'confirmed', payment_status: 'paid' }), row('b2', 1, { status: 'pending', payment_status: 'pending' })]);
    old.close();
    const upgraded = new AdminDb(name, { indexedDB, IDBKeyRange });
    open.push(upgraded);
    expect(await stored(upgraded)).toEqual(await recount(upgraded));
    expect(tilesOf(await stored(upgraded), Date.parse('2026-11-25T12:00:00Z'), '2026-11-25')).toEqual({ total: 2, pending: 1, completed: 0, thisMonth: 2 });
  });
});
