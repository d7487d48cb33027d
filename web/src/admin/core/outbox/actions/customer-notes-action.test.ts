import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { Outbox } from '../outbox';
import { applyAnswer } from '../action-registry';
import { registryOutbox } from '../registry-outbox.test-support';
import { AdminDb } from '@/admin/core/db';
import { row } from '@/admin/core/sync/fake-server.test-support';
import { Mirror } from '@/admin/core/sync/mirror';
import { createMutations, type MutationApi } from '@/admin/core/mutations';

vi.mock('@/admin/core/admin-data', () => ({ adminMirror: () => null }));
vi.mock('@/admin/core/admin-outbox', () => ({ adminOutbox: () => null }));
const server = vi.hoisted(() => ({}) as { saveCustomerNotes: Mock<(...args: any[]) => unknown> });
vi.mock('@/admin/core/api/save-customer-notes', () => ({ saveCustomerNotes: (...a: unknown[]) => server.saveCustomerNotes(...a) }));

const ACCOUNT = 'admin0000000001';
const NOTES = { notes_parking: 'Driveway', notes_gate: '1234', notes_ornaments: 'Garage', notes_other: '' };
const SAVE = { email: 'Ann@Example.com', name: 'Ann', phone: '', address: '', notes: NOTES, editedAt: '2026-11-20T17:00:00.000Z' };
let db: AdminDb;
let mirror: Mirror;
let box: Outbox;
let online: boolean;
let n = 0;

beforeEach(() => {
  db = new AdminDb(`customer-notes-test-${++n}`, { indexedDB, IDBKeyRange });
  mirror = new Mirror(db);
  online = true;
  // The server as the route behaves: the first key creates, the same key answers the same record again.
  const stored = new Map<string, unknown>();
  server.saveCustomerNotes = vi.fn((save: typeof SAVE, key: string) => {
    if (!online) return Promise.reject(Object.assign(new TypeError('Failed to fetch'), { status: 0 }));
    if (!stored.has(key))
      stored.set(key, { customer: row('cust1', 10 * (stored.size + 1), { email_key: save.email.trim().toLowerCase(), name: save.name, ...save.notes }), applied: true, created: stored.size === 0 });
    return Promise.resolve(stored.get(key));
  });
  box = registryOutbox(db, mirror, ACCOUNT);
});

afterEach(async () => {
  await db.delete();
});

const mutations = () => createMutations({ mirror: () => mirror, api: {} as MutationApi, outbox: () => box, account: () => ACCOUNT, now: () => new Date('2026-11-20T17:00:00.000Z') });

describe('the customer-notes action', () => {
  it('offline: queued with a key and no booking; online: sent once under that key, the record in the mirror', async () => {
    online = false;
    const id = await mutations().queueAction('customer_notes', SAVE);
    await box.flush();
    const entry = await db.outbox.get(id);
    expect(entry).toMatchObject({ kind: 'customer_notes', bookingId: '', state: 'queued', idempotencyKey: `customer_notes-${id}` });
    expect(await db.customers.count()).toBe(0);

    online = true;
    await box.flush();
    expect(server.saveCustomerNotes).toHaveBeenLastCalledWith(SAVE, `customer_notes-${id}`);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.customers.where('email_key').equals('ann@example.com').toArray()).toMatchObject([{ id: 'cust1', notes_gate: '1234' }]);
  });

  it('a replay of the entry’s key leaves one record in the mirror', async () => {
    const id = await mutations().queueAction('customer_notes', SAVE);
    await box.flush();
    const answer = await server.saveCustomerNotes(SAVE, `customer_notes-${id}`);
    await applyAnswer(mirror, { id, kind: 'customer_notes' } as never, answer);
    expect(await db.customers.count()).toBe(1);
  });

  it('is labelled with the customer', async () => {
    const { actionLabel } = await import('../action-registry');
    expect(actionLabel({ kind: 'customer_notes', payload: SAVE })).toBe('Customer notes: Ann');
    expect(actionLabel({ kind: 'customer_notes', payload: {} })).toBe('Customer notes: ');
  });
});
