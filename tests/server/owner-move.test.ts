/**
 * The owner moves a visit from the admin (docs/decisions/036), also from the phone's outbox
 * after it was offline: one key applied once however often it comes, a slot taken meanwhile
 * refused with its reason (the booking stays, the slot keeps one owner), the customer e-mailed
 * the new times with the updated calendar file, the history written. Who may call:
 * tests/server/admin-access.test.ts. The server's clock is 2026-11-20 (New York).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OWNERSHIP_MESSAGES } from '../../domain/booking/ownership';
import { SELF_SERVICE_MESSAGES as M } from '../../domain/booking/self-service';
import { signedInStaff, type SignedInStaff } from './admin-fixtures';
import { checkout } from './fixtures';
import { callFn, clearCollections, request, superuser } from './support';

const su = superuser();
let admin: SignedInStaff;
let seq = 0;
/** Each booking its own removal day, so only the installation slots meet. */
const removalDate = () => `2027-01-${String(2 + (++seq % 12)).padStart(2, '0')}`;

beforeAll(async () => {
  admin = await signedInStaff('admin');
});
beforeEach(() => clearCollections('bookings', 'blocked_dates'));

const move = (key: string, body: Record<string, unknown>) => request({ method: 'POST', route: '/api/fn/admin-bookings/move', token: admin.token, headers: { 'Idempotency-Key': key }, body });

async function paid(installDate: string, over: Record<string, unknown> = {}) {
  const res = await checkout({ installDate, removalDate: removalDate(), customerEmail: `owner.move.${seq}@example.com`, ...over });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await callFn('POST', '/api/fn/demo-checkout/pay', { sessionId: res.body.sessionId })).status).toBe(200);
  return res.body.bookingId as string;
}
const mails = (id: string) => su.collection('mail_log').getFullList({ filter: su.filter("related_id = {:id} && kind != 'receipt'", { id }), sort: 'created_at' });
const booking = (id: string) => su.collection('bookings').getOne(id);

describe('the owner moves a visit', () => {
  it('sent three times at once: moved once, the customer told with the updated ICS, the history written, the old slot free', async () => {
    const id = await paid('2026-12-04');
    const before = (await mails(id)).length;
    const key = `move-${id}`;
    const body = { bookingId: id, visit: 'install', date: '2026-12-11', timeSlot: '9-15' };
    const results = await Promise.all([move(key, body), move(key, body), move(key, body)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results[0]!.body.booking).toMatchObject({ install_date: '2026-12-11', install_time_slot: '9-15', ics_sequence: 1 });
    expect(await booking(id)).toMatchObject({ install_date: '2026-12-11', ics_sequence: 1, status: 'confirmed', payment_status: 'deposit_paid' });

    const sent = (await mails(id)).slice(before);
    expect(sent.map((m) => [m.kind, m.to, m.subject.replace(/ \(.*/, '')])).toEqual([['booking_change', expect.stringMatching(/^owner\.move\./), 'Your installation has moved']]);
    expect(sent[0]!.body).toContain('We have moved your installation.');
    expect(sent[0]!.body).toContain('Friday, December 11, 2026');
    const ics = (sent[0]!.attachment_data as { content: string }[])[0]!.content;
    expect(ics).toContain('DTSTART;TZID=America/New_York:20261211T090000');
    expect(ics).toContain('SEQUENCE:1');

    const events = await su.collection('job_events').getFullList({ filter: su.filter('booking = {:id}', { id }) });
    expect(events.map((e) => [e.kind, e.text, e.created_by])).toEqual([
      ['owner_change', 'Moved the installation from Friday, December 4, 2026, 9 AM - 3 PM to Friday, December 11, 2026, 9 AM - 3 PM.', admin.id],
    ]);
    // The old slot is free for someone else; the new one is held.
    expect((await checkout({ installDate: '2026-12-04', removalDate: removalDate(), customerEmail: 'next.move@example.com' })).status).toBe(200);
    expect((await checkout({ installDate: '2026-12-11', removalDate: removalDate(), customerEmail: 'late.move@example.com' })).status).toBe(409);
  });

  it('a move queued offline onto a slot taken meanwhile is refused with its reason: the booking stays, the slot has one owner', async () => {
    const id = await paid('2026-12-04');
    const other = await paid('2026-12-12');
    const res = await move(`offline-${id}`, { bookingId: id, visit: 'install', date: '2026-12-12', timeSlot: '9-15' });
    expect(res).toMatchObject({ status: 409, body: { message: M.slotTaken } });
    expect(await booking(id)).toMatchObject({ install_date: '2026-12-04', ics_sequence: 0 });
    const owners = await su.collection('bookings').getFullList({ filter: "install_date ~ '2026-12-12' && status = 'confirmed'" });
    expect(owners.map((b) => b.id)).toEqual([other]);
    expect(await su.collection('job_events').getFullList({ filter: su.filter('booking = {:id}', { id }) })).toHaveLength(0);
  });

  it('two bookings moved onto one free slot at the same instant: one moves, the other is refused', async () => {
    const a = await paid('2026-12-04');
    const b = await paid('2026-12-05');
    const results = await Promise.all([
      move(`race-a-${a}`, { bookingId: a, visit: 'install', date: '2026-12-13', timeSlot: '9-15' }),
      move(`race-b-${b}`, { bookingId: b, visit: 'install', date: '2026-12-13', timeSlot: '9-15' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const owners = await su.collection('bookings').getFullList({ filter: "install_date ~ '2026-12-13'" });
    expect(owners).toHaveLength(1);
  });

  it('an old retry never undoes a later move; moving to where the visit is changes nothing', async () => {
    const id = await paid('2026-12-04');
    const first = { bookingId: id, visit: 'removal', date: '2026-12-29', timeSlot: '9-15' };
    expect((await move(`first-${id}`, first)).status).toBe(200);
    expect((await move(`second-${id}`, { ...first, date: '2026-12-30' })).status).toBe(200);
    const replay = await move(`first-${id}`, first);
    expect(replay.status).toBe(200);
    expect(replay.body.booking).toMatchObject({ removal_date: '2026-12-30', ics_sequence: 2 });
    expect((await move(`same-${id}`, { ...first, date: '2026-12-30' })).body.booking.ics_sequence).toBe(2);
    expect((await mails(id)).filter((m) => m.subject.startsWith('Your removal has moved'))).toHaveLength(2);
  });

  it("the same key with another move is a 422 and changes nothing; the key is the runner's, in request_keys once", async () => {
    const id = await paid('2026-12-04');
    const first = { bookingId: id, visit: 'removal', date: '2026-12-29', timeSlot: '9-15' };
    const key = `reuse-${id}`;
    expect((await move(key, first)).status).toBe(200);
    const reused = await move(key, { ...first, date: '2026-12-30' });
    expect(reused).toMatchObject({ status: 422, body: { message: OWNERSHIP_MESSAGES.idempotencyKeyReused } });
    expect(await booking(id)).toMatchObject({ removal_date: expect.stringContaining('2026-12-29'), ics_sequence: 1 });
    expect((await move(key, first)).body.booking).toMatchObject({ id, ics_sequence: 1 });
    const keys = await su.collection('request_keys').getFullList({ filter: su.filter('key = {:key}', { key }) });
    expect(keys.map((k) => [k.route, k.done])).toEqual([['admin-bookings/move', true]]);
  });

  it('refuses what cannot move, saying why, and changes nothing', async () => {
    const id = await paid('2026-12-04');
    const to = { bookingId: id, visit: 'install', date: '2026-12-11', timeSlot: '9-15' };
    expect(await move(`thu-${id}`, { ...to, date: '2026-12-10' })).toMatchObject({ status: 400, body: { message: 'Installations are scheduled on Tuesdays, Fridays, Saturdays and Sundays only.' } });
    expect(await move(`slot-${id}`, { ...to, timeSlot: '8-14' })).toMatchObject({
      status: 400,
      body: { message: 'That installation time slot is not offered on this date. Please choose another slot.' },
    });
    expect((await move(`late-${id}`, { ...to, date: '2026-12-28' })).status).toBe(400);
    expect(await move(`visit-${id}`, { ...to, visit: 'consultation' })).toMatchObject({ status: 400, body: { message: M.badVisit } });
    expect((await request({ method: 'POST', route: '/api/fn/admin-bookings/move', token: admin.token, body: to })).status).toBe(400);
    expect((await move('nosuch-booking', { ...to, bookingId: 'nosuchbooking12' })).status).toBe(404);

    await su.collection('bookings').update(id, { install_done_at: '2026-11-20 15:00:00.000Z' });
    expect(await move(`done-${id}`, to)).toMatchObject({ status: 409, body: { message: 'This installation is already done, so it cannot be moved.' } });
    await su.collection('bookings').update(id, { install_done_at: '', status: 'cancelled' });
    expect(await move(`cancelled-${id}`, to)).toMatchObject({ status: 409, body: { message: 'Only a confirmed booking can be moved.' } });
    expect(await booking(id)).toMatchObject({ install_date: '2026-12-04', ics_sequence: 0 });
  });
});
