/**
 * Customers who come back (docs/architecture.md "Data model", `customers`): the migration links
 * the records that existed before it (one customer per normalised e-mail, with the latest
 * contact), only admins read the collection and nobody writes it through the API, and the
 * owner's notes go through POST /api/fn/customer-notes, whose replay with the same key changes
 * nothing more. Who may call the route: tests/server/admin-access.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/lib/server.mjs';
import { ROOT } from '../../scripts/lib/run.mjs';
import { PB_BIN } from '../../scripts/build/build-steps.mjs';
import { signedInStaff, type SignedInStaff } from './admin-fixtures';
import { CONFIRMED_1000, createBookingRecord } from './fixtures';
import { anonymous, clearCollections, request, statusOf, superuser, superuserAt, template } from './support';

const MIGRATION = '1732000610_customers.js';
const notes = (parking: string) => ({ notes_parking: parking, notes_gate: '1234', notes_ornaments: 'Garage, left shelf', notes_other: '' });
let seq = 0;

describe('the migration links the records that were there before it', () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-customers-migration-'));
  const pbArgs = ['--dir', dataDir, '--migrationsDir', path.join(ROOT, 'pb_migrations'), '--hooksDir', path.join(ROOT, 'pb_hooks')];

  beforeAll(async () => {
    server = await startServer({ dataDir, template: template(), env: { RATE_LIMITS: 'off' } });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('one customer per normalised e-mail, with the latest name, phone and address', async () => {
    let su = await superuserAt(server!.url);
    const booking = (email: string, name: string, phone: string, install: string) =>
      su
        .collection('bookings')
        .create({ customer_name: name, customer_email: email, customer_phone: phone, customer_address: '1 Elm St, Columbia, MD 21044', install_date: install, ...CONFIRMED_1000 });
    const first = await booking('Ann@Example.com', 'Ann', '410 555 0100', '2025-12-02');
    await booking('ann@example.com', 'Ann Lee', '410 555 0199', '2026-12-01');
    await su
      .collection('consultation_requests')
      .create({
        customer_name: 'Bo',
        customer_email: 'BO@example.com',
        customer_phone: '410 555 0102',
        customer_address: '2 Oak St, Columbia, MD 21044',
        consultation_date: '2025-11-26',
        consultation_time_slot: '10:30',
        status: 'completed',
      });
    await su.collection('testimonials').create({ customer_name: 'Ann', customer_email: 'ann@EXAMPLE.com', booking: first.id, rating: 5 });
    // The template holds the collection already: take this migration (and any later one) back and apply it again.
    await server!.stop();
    server = undefined;
    // One at a time (later ones, Go's among them, come off first), answering its question.
    for (let i = 0; i < 20; i++) {
      const down = spawnSync(PB_BIN, ['migrate', 'down', '1', ...pbArgs], { input: 'y\n', encoding: 'utf8' });
      expect(down.status, down.stderr).toBe(0);
      if (down.stdout.includes(MIGRATION)) break;
    }
    const up = spawnSync(PB_BIN, ['migrate', 'up', ...pbArgs], { encoding: 'utf8' });
    expect(up.status, up.stderr).toBe(0);
    expect(up.stdout).toContain(MIGRATION);
    server = await startServer({ dataDir, env: { RATE_LIMITS: 'off' } });
    su = await superuserAt(server.url);
    const customers = await su.collection('customers').getFullList({ sort: 'email_key' });
    expect(customers.map((c) => ({ key: c.email_key, name: c.name, phone: c.phone, address: c.address }))).toEqual([
      { key: 'ann@example.com', name: 'Ann', phone: '410 555 0199', address: '1 Elm St, Columbia, MD 21044' },
      { key: 'bo@example.com', name: 'Bo', phone: '410 555 0102', address: '2 Oak St, Columbia, MD 21044' },
    ]);
  }, 120_000);
});

describe('the customers collection and the notes command', () => {
  let admin: SignedInStaff;
  let member: SignedInStaff;
  const su = superuser();
  const save = (body: Record<string, unknown>, key = `customer-notes-${Date.now()}-${++seq}`, token = admin.token) =>
    request({ method: 'POST', route: '/api/fn/customer-notes', token, headers: { 'Idempotency-Key': key }, body });

  beforeAll(async () => {
    admin = await signedInStaff('admin');
    member = await signedInStaff('');
  });
  beforeEach(() => clearCollections('customers'));

  it('the first save creates the customer under the key; a replay of its key changes nothing more', async () => {
    await createBookingRecord({ customer_email: 'Cy@Example.com' });
    const body = { email: ' Cy@Example.com ', name: 'Cy', phone: '410 555 0103', address: '3 Ash St', notes: notes('Driveway'), editedAt: '2026-11-20T14:00:00.000Z' };
    const first = await save(body, 'customer-notes-replay-1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ applied: true, created: true, customer: { email_key: 'cy@example.com', name: 'Cy', notes_parking: 'Driveway', notes_gate: '1234' } });
    const stored = await su.collection('customers').getFirstListItem('email_key = "cy@example.com"');

    const again = await save(body, 'customer-notes-replay-1');
    expect(again.status).toBe(200);
    expect(again.body.customer).toMatchObject({ id: stored.id, notes_parking: 'Driveway' });
    const after = await su.collection('customers').getFullList();
    expect(after).toHaveLength(1);
    expect(after[0]!.updated_at).toBe(stored.updated_at);
    // The same key with another request is the caller's mistake.
    expect((await save({ ...body, notes: notes('Street') }, 'customer-notes-replay-1')).status).toBe(422);
  });

  it('a later edit updates the one record; an older one arriving late changes nothing', async () => {
    // Device times within the server's frozen clock (SERVER_NOW 17:00) and its 10 minutes of drift.
    const base = { email: 'dee@example.com', name: 'Dee', notes: notes('Street'), editedAt: '2026-11-20T17:01:00.000Z' };
    expect((await save(base)).status).toBe(200);
    const later = await save({ ...base, email: 'DEE@example.com', notes: notes('Driveway'), editedAt: '2026-11-20T17:05:00.000Z' });
    expect(later.body).toMatchObject({ applied: true, created: false, customer: { notes_parking: 'Driveway' } });
    const older = await save({ ...base, notes: notes('Back lane'), editedAt: '2026-11-20T17:03:00.000Z' });
    expect(older.body).toMatchObject({ applied: false, customer: { notes_parking: 'Driveway' } });
    expect(await su.collection('customers').getFullList()).toHaveLength(1);
  });

  it('refuses a save without a key, or without a customer', async () => {
    const noKey = await request({ method: 'POST', route: '/api/fn/customer-notes', token: admin.token, body: { email: 'x@example.com', notes: {}, editedAt: '2026-11-20T10:00:00.000Z' } });
    expect(noKey.status).toBe(400);
    expect((await save({ email: '', notes: {}, editedAt: '2026-11-20T10:00:00.000Z' })).status).toBe(400);
    expect(await su.collection('customers').getFullList()).toHaveLength(0);
  });

  it("a deleted customer leaves a tombstone, so the admin's mirror forgets it too", async () => {
    const rec = await su.collection('customers').create({ email_key: 'gus@example.com' });
    await su.collection('customers').delete(rec.id);
    const t = await su.collection('tombstones').getFirstListItem(su.filter('record_id = {:id}', { id: rec.id }));
    expect(t.collection_name).toBe('customers');
  });

  it('email_key is unique', async () => {
    await su.collection('customers').create({ email_key: 'eve@example.com' });
    expect(await statusOf(su.collection('customers').create({ email_key: 'eve@example.com' }))).toBe(400);
  });

  it('anonymous and staff without the admin role read and write nothing; the admin and a superuser read', async () => {
    const rec = await su.collection('customers').create({ email_key: 'fay@example.com', notes_gate: '9999' });
    for (const pb of [anonymous(), member.pb]) {
      expect(await pb.collection('customers').getFullList()).toEqual([]);
      expect(await statusOf(pb.collection('customers').getOne(rec.id))).toBe(404);
      expect(await statusOf(pb.collection('customers').create({ email_key: 'new@example.com' }))).toBeGreaterThanOrEqual(400);
      expect(await statusOf(pb.collection('customers').update(rec.id, { notes_gate: '0000' }))).toBeGreaterThanOrEqual(400);
    }
    expect((await save({ email: 'fay@example.com', notes: notes('x'), editedAt: '2026-11-20T10:00:00.000Z' }, undefined, member.token)).status).toBe(403);
    expect((await admin.pb.collection('customers').getOne(rec.id)).notes_gate).toBe('9999');
    // The admin writes through the command only.
    expect(await statusOf(admin.pb.collection('customers').update(rec.id, { notes_gate: '0000' }))).toBe(403);
    expect((await su.collection('customers').getOne(rec.id)).notes_gate).toBe('9999');
  });
});
