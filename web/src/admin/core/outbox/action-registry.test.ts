import { readdirSync, readFileSync } from 'node:fs';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminDb } from '../db';
import { createMutations, type MutationApi } from '../mutations';
import { row } from '../sync/fake-server.test-support';
import { Mirror } from '../sync/mirror';
import type { ServerRow } from '../sync/transport';
import { actionFor, applyAnswer, isEntryOf, OUTBOX_ACTIONS, sendEntry, UNKNOWN_KIND_MESSAGE, undoLocalChange, type OutboxKind, type PayloadOf } from './action-registry';
import { Outbox } from './outbox';
import { classifyFailure } from './send-failure';
import type { OutboxEntry } from '../model/outbox-entry';

vi.mock('../admin-data', () => ({ adminMirror: () => null }));
vi.mock('../admin-outbox', () => ({ adminOutbox: () => null }));

/**
 * Every kind an entry already stored on a phone may carry: the kinds of the outbox before its
 * actions became specs. Each must keep a spec, or an app update would strand what waits.
 */
const STORED_KINDS = ['job_event', 'charge', 'review_request', 'admin_notes', 'payment', 'payment_void', 'booking_cancel', 'visit_move', 'consultation_status'];

const ACCOUNT = 'admin0000000001';
const NOW = new Date('2026-11-20T17:00:00.000Z');
let db: AdminDb;
let mirror: Mirror;
let n = 0;

beforeEach(async () => {
  db = new AdminDb(`action-registry-test-${++n}`, { indexedDB, IDBKeyRange });
  mirror = new Mirror(db);
  await mirror.apply('bookings', [row('b1', 0, { balance_remaining: 82500, payment_status: 'deposit_paid', status: 'confirmed', admin_notes: '' })]);
  await mirror.apply('charges', [row('p1', 0, { booking: 'b1', method: 'cash', amount: 5000, status: 'succeeded' })]);
  await mirror.apply('consultation_requests', [row('k1', 0, { status: 'pending' })]);
});

afterEach(async () => {
  await db.delete();
});

/** An entry of `kind` as the outbox holds it. */
function entryOf<K extends OutboxKind>(kind: K, payload: PayloadOf<K>, id = 'entry0000000001'): OutboxEntry {
  const p = payload as Record<string, unknown>;
  return {
    id,
    seq: 1,
    kind,
    payload: p,
    idempotencyKey: `${kind}-${id}`,
    accountId: ACCOUNT,
    bookingId: typeof p.bookingId === 'string' ? p.bookingId : '',
    createdAt: NOW.getTime(),
    attempts: 0,
    nextAttemptAt: NOW.getTime(),
    state: 'sending',
    lastError: '',
  };
}

/** Every row of the mirror, by table, for comparing before and after. */
async function snapshot() {
  const [bookings, consultations, testimonials, charges, jobEvents] = await Promise.all([
    db.bookings.toArray(),
    db.consultations.toArray(),
    db.testimonials.toArray(),
    db.charges.toArray(),
    db.jobEvents.toArray(),
  ]);
  return { bookings, consultations, testimonials, charges, jobEvents };
}

describe('the registry', () => {
  it('has a spec for every kind an entry on a phone may carry', () => {
    for (const kind of STORED_KINDS) expect(actionFor(kind)?.kind, kind).toBe(kind);
  });

  it('lists every spec file of actions/ by itself, without a line of its own in action-registry.ts (docs/decisions/066)', () => {
    const dir = new URL('./actions/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('-action.ts'));
    expect(OUTBOX_ACTIONS).toHaveLength(files.length);
    for (const file of files) {
      const kind = /kind: '(\w+)'/.exec(readFileSync(new URL(file, dir), 'utf8'))?.[1] ?? '';
      expect(actionFor(kind)?.kind, file).toBe(kind);
    }
    expect(readFileSync(new URL('./action-registry.ts', import.meta.url), 'utf8')).not.toMatch(/from '\.\/actions\//);
  });

  it('holds each kind once, found by its kind', () => {
    const kinds = OUTBOX_ACTIONS.map((a) => a.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const spec of OUTBOX_ACTIONS) expect(actionFor(spec.kind)).toBe(spec);
  });

  it.each(OUTBOX_ACTIONS.map((a) => [a.kind, a] as const))('%s: labels a payload stored by any version (fields missing) without failing', (_kind, spec) => {
    expect(spec.label({}).length).toBeGreaterThan(0);
  });

  it.each(OUTBOX_ACTIONS.map((a) => [a.kind] as const))('%s: an answer without records changes nothing, and an undo without an optimistic row neither', async (kind) => {
    const before = await snapshot();
    const entry = { ...entryOf('admin_notes', { bookingId: 'b1', adminNotes: '', editedAt: '' }), kind };
    await applyAnswer(mirror, entry, {});
    await applyAnswer(mirror, entry, undefined);
    await undoLocalChange(db, entry);
    expect(await snapshot()).toEqual(before);
  });

  it('sets an entry of a kind this version does not know aside for the admin, and labels it', async () => {
    const entry = { ...entryOf('admin_notes', { bookingId: 'b1', adminNotes: '', editedAt: '' }), kind: 'from_a_newer_version' };
    const failure = await sendEntry(entry).catch(classifyFailure);
    expect(failure).toMatchObject({ action: 'attention', message: UNKNOWN_KIND_MESSAGE });
    expect(actionFor('from_a_newer_version')).toBeUndefined();
  });

  it('narrows a stored entry to its kind', () => {
    const entry = entryOf('payment_void', { bookingId: 'b1', paymentId: 'p1', reason: 'Twice' });
    expect(isEntryOf(entry, 'payment_void') && entry.payload.paymentId).toBe('p1');
    expect(isEntryOf(entry, 'payment')).toBe(false);
  });
});

/** One kind's server answer and what the mirror holds after it is applied. */
interface ApplyCase {
  entry: OutboxEntry;
  answer: unknown;
  expected: (s: Awaited<ReturnType<typeof snapshot>>) => void;
}

const jobAnswer = (id: string, kind: string) => ({
  event: row(id, 40, { booking: 'b1', kind, client_id: id }),
  booking: row('b1', 40, { install_done_at: kind === 'install_done' ? '2026-11-20 17:00:00.000Z' : '' }),
  replayed: false,
});
const booking = (s: { bookings: { id: string }[] }) => s.bookings.find((b) => b.id === 'b1') as unknown as ServerRow;

/** A case per kind (a new action adds its own). */
const APPLY_CASES: [string, ApplyCase][] = [
  [
    'job_event (note): the server event replaces the optimistic row; the booking is left alone',
    {
      entry: entryOf('job_event', { bookingId: 'b1', kind: 'note', text: 'Gate', occurredAt: NOW.toISOString() }, 'note00000000001'),
      answer: jobAnswer('note00000000001', 'note'),
      expected: (s) => {
        expect(s.jobEvents).toMatchObject([{ id: 'note00000000001', kind: 'note', updated_at: row('x', 40).updated_at }]);
        expect(booking(s).updated_at).toBe(row('x', 0).updated_at);
      },
    },
  ],
  [
    'job_event (done mark): the event and its booking',
    {
      entry: entryOf('job_event', { bookingId: 'b1', kind: 'install_done', text: '', occurredAt: NOW.toISOString() }, 'done00000000001'),
      answer: jobAnswer('done00000000001', 'install_done'),
      expected: (s) => {
        expect(s.jobEvents).toHaveLength(1);
        expect(booking(s).install_done_at).toBe('2026-11-20 17:00:00.000Z');
      },
    },
  ],
  [
    'charge: the charge and its booking',
    {
      entry: entryOf('charge', { bookingId: 'b1', additionalCharges: null, chargeDescription: 'x', estimateCents: 82500 }),
      answer: { success: true, charge: row('c9', 50, { booking: 'b1', status: 'succeeded' }), booking: row('b1', 50, { balance_remaining: 0 }) },
      expected: (s) => {
        expect(s.charges.find((c) => c.id === 'c9')).toMatchObject({ status: 'succeeded' });
        expect(booking(s).balance_remaining).toBe(0);
      },
    },
  ],
  [
    'review_request: nothing the admin mirrors',
    {
      entry: entryOf('review_request', { bookingId: 'b1', stage: 'post_install' }),
      answer: { success: true, reviewUrl: 'http://x/submit-review?token=t', mailStatus: 'logged' },
      expected: (s) => expect(booking(s).updated_at).toBe(row('x', 0).updated_at),
    },
  ],
  [
    'admin_notes: the booking',
    {
      entry: entryOf('admin_notes', { bookingId: 'b1', adminNotes: 'Dog: Max', editedAt: NOW.toISOString() }),
      answer: { booking: row('b1', 60, { admin_notes: 'Dog: Max' }), applied: true },
      expected: (s) => expect(booking(s).admin_notes).toBe('Dog: Max'),
    },
  ],
  [
    'payment: the payment replaces its queued row, and the booking',
    {
      entry: entryOf('payment', { bookingId: 'b1', method: 'check', amountCents: 82500, checkNumber: '1042', note: '' }, 'pay000000000001'),
      answer: { payment: row('pay000000000001', 70, { booking: 'b1', status: 'succeeded', amount: 82500 }), booking: row('b1', 70, { balance_remaining: 0 }) },
      expected: (s) => {
        expect(s.charges.find((c) => c.id === 'pay000000000001')).toMatchObject({ status: 'succeeded' });
        expect(booking(s).balance_remaining).toBe(0);
      },
    },
  ],
  [
    'payment_void: the voided payment and the booking',
    {
      entry: entryOf('payment_void', { bookingId: 'b1', paymentId: 'p1', reason: 'Twice' }),
      answer: { payment: row('p1', 80, { booking: 'b1', status: 'voided', void_reason: 'Twice' }), booking: row('b1', 80, { balance_remaining: 87500 }) },
      expected: (s) => {
        expect(s.charges.find((c) => c.id === 'p1')).toMatchObject({ status: 'voided', void_reason: 'Twice' });
        expect(booking(s).balance_remaining).toBe(87500);
      },
    },
  ],
  [
    'booking_cancel: the booking',
    {
      entry: entryOf('booking_cancel', { bookingId: 'b1', refund: true }),
      answer: { booking: row('b1', 90, { status: 'cancelled', payment_status: 'refunded' }), refunded: true },
      expected: (s) => expect(booking(s)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' }),
    },
  ],
  [
    'visit_move: the booking',
    {
      entry: entryOf('visit_move', { bookingId: 'b1', visit: 'removal', date: '2027-01-05', timeSlot: '9-15' }),
      answer: { booking: row('b1', 100, { removal_date: '2027-01-05', removal_time_slot: '9-15' }) },
      expected: (s) => expect(booking(s)).toMatchObject({ removal_date: '2027-01-05', removal_time_slot: '9-15' }),
    },
  ],
  [
    'consultation_status: the consultation request',
    {
      entry: entryOf('consultation_status', { id: 'k1', action: 'confirm', date: '', timeSlot: '' }),
      answer: { consultation: row('k1', 95, { status: 'confirmed' }) },
      expected: (s) => expect(s.consultations).toMatchObject([{ id: 'k1', status: 'confirmed' }]),
    },
  ],
];

describe('apply: the answer of each kind goes into the mirror', () => {
  it.each(APPLY_CASES)('%s', async (_name, { entry, answer, expected }) => {
    await applyAnswer(mirror, entry, answer);
    expected(await snapshot());
  });
});

describe('undo: a discarded entry takes its optimistic change with it, and only that', () => {
  /** An outbox that never reaches the server, and the mutations over it. */
  function offline() {
    const box = new Outbox(db, {
      send: () => Promise.reject(Object.assign(new TypeError('Failed to fetch'), { status: 0 })),
      account: () => ACCOUNT,
      onDiscard: (entry) => undoLocalChange(db, entry),
      lock: null,
      timers: { setTimeout: () => 0, clearTimeout: () => undefined },
    });
    const mutations = createMutations({ mirror: () => mirror, api: {} as MutationApi, outbox: () => box, account: () => ACCOUNT, now: () => NOW, answerWaitMs: 50 });
    return { box, mutations };
  }

  /** How each kind is queued by the mutations, with the optimistic row it writes (or none). */
  const UNDO_CASES: [OutboxKind, (m: ReturnType<typeof offline>['mutations']) => Promise<string>, 'jobEvents' | 'charges' | null][] = [
    ['job_event', (m) => m.queueAction('job_event', { bookingId: 'b1', kind: 'note', text: 'Gate', occurredAt: NOW.toISOString(), photo: null }), 'jobEvents'],
    ['charge', (m) => m.queueAction('charge', { bookingId: 'b1', additionalCharges: null, chargeDescription: 'x', estimateCents: 1 }), null],
    ['review_request', (m) => m.queueAction('review_request', { bookingId: 'b1', stage: 'post_removal' }), null],
    ['admin_notes', (m) => m.queueAction('admin_notes', { bookingId: 'b1', adminNotes: 'x', editedAt: NOW.toISOString() }), null],
    ['payment', (m) => m.recordPayment({ bookingId: 'b1', method: 'cash', amountCents: 100, checkNumber: '', note: '' }), 'charges'],
    ['payment_void', (m) => m.queueAction('payment_void', { bookingId: 'b1', paymentId: 'p1', reason: 'Twice' }), null],
    ['booking_cancel', (m) => m.queueAction('booking_cancel', { bookingId: 'b1', refund: false }), null],
    ['visit_move', (m) => m.queueAction('visit_move', { bookingId: 'b1', visit: 'install', date: '2026-12-12', timeSlot: '9-15' }), null],
    ['consultation_status', (m) => m.queueAction('consultation_status', { id: 'k1', action: 'cancel', date: '', timeSlot: '' }), null],
  ];

  it.each(UNDO_CASES)('%s', async (kind, queue, table) => {
    const { box, mutations } = offline();
    const before = await snapshot();
    const id = await queue(mutations);
    expect(await db.outbox.get(id)).toMatchObject({ kind, accountId: ACCOUNT });
    if (table) expect(await db[table].get(id)).toMatchObject({ id, updated_at: '' });
    else expect(await snapshot()).toEqual(before);
    await box.flush(); // offline: it stays queued
    expect(await box.discard(id)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it('leaves a row the server already sent under the same id', async () => {
    const { box, mutations } = offline();
    const id = await mutations.addNote('b1', 'Gate');
    await mirror.apply('job_events', [row(id, 40, { booking: 'b1', kind: 'note', text: 'Gate' })]);
    await box.flush();
    expect(await box.discard(id)).toBe(true);
    expect(await db.jobEvents.get(id)).toMatchObject({ id, text: 'Gate' });
  });
});

describe('queueing through the registry', () => {
  it("uses each spec's key, booking and optimistic row: a job event's key is its id, a payment's row is queued with its amount", async () => {
    const box = new Outbox(db, { send: () => new Promise(() => {}), account: () => null, lock: null });
    const m = createMutations({ mirror: () => mirror, api: {} as MutationApi, outbox: () => box, account: () => ACCOUNT, now: () => NOW });
    const note = await m.addNote('b1', 'Gate');
    const pay = await m.recordPayment({ bookingId: 'b1', method: 'check', amountCents: 2500, checkNumber: '7', note: '' });
    const answer = await m.queueAction('consultation_status', { id: 'k1', action: 'confirm', date: '', timeSlot: '' });
    expect(await db.outbox.get(note)).toMatchObject({ kind: 'job_event', idempotencyKey: note, bookingId: 'b1' });
    expect(await db.jobEvents.get(note)).toMatchObject({ booking: 'b1', kind: 'note', text: 'Gate', client_id: note, occurred_at: '2026-11-20 17:00:00.000Z' });
    expect(await db.outbox.get(pay)).toMatchObject({ kind: 'payment', idempotencyKey: `payment-${pay}`, bookingId: 'b1' });
    expect(await db.charges.get(pay)).toMatchObject({ status: 'queued', amount: 2500, description: 'Check no. 7', created_by: ACCOUNT, created_at: '2026-11-20 17:00:00.000Z' });
    expect(await db.outbox.get(answer)).toMatchObject({ kind: 'consultation_status', idempotencyKey: `consultation_status-${answer}`, bookingId: '' });
    box.stop();
  });
});
