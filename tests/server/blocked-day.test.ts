/**
 * The owner's choice for a visit on a day she blocked after it was booked
 * (domain/commands/blocked-day-command.ts): keep it, or e-mail its customer her own words,
 * once however often the request comes; refused with a sentence when the day is no longer
 * blocked or the visit moved meanwhile. Who may call: tests/server/admin-access.test.ts.
 * The server's clock is 2026-11-20 (New York).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BLOCKED_DAY_MESSAGES as M } from '../../domain/commands/blocked-day-command';
import { signedInStaff, type SignedInStaff } from './admin-fixtures';
import { checkout } from './fixtures';
import { callFn, callFnAs, clearCollections, request, superuser } from './support';

const su = superuser();
let admin: SignedInStaff;

beforeAll(async () => {
  admin = await signedInStaff('admin');
});
beforeEach(() => clearCollections('bookings', 'blocked_dates'));

const choose = (key: string, body: Record<string, unknown>) => request({ method: 'POST', route: '/api/fn/admin-bookings/blocked-day', token: admin.token, headers: { 'Idempotency-Key': key }, body });
const mails = (id: string) => su.collection('mail_log').getFullList({ filter: su.filter("related_id = {:id} && kind = 'blocked_day'", { id }) });

async function paid(installDate: string, removalDate: string) {
  const res = await checkout({ installDate, removalDate, customerEmail: `blocked.${installDate}@example.com` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await callFn('POST', '/api/fn/demo-checkout/pay', { sessionId: res.body.sessionId })).status).toBe(200);
  return res.body.bookingId as string;
}

describe("the owner's choice for a visit on a blocked day", () => {
  it('e-mails the customer her words once, however often it is sent, and stores the choice by day', async () => {
    const id = await paid('2026-12-05', '2027-01-07');
    await su.collection('blocked_dates').create({ blocked_date: '2026-12-05', reason: 'Snow' });
    const body = { bookingId: id, date: '2026-12-05', choice: 'email', message: 'We expect a storm that day.\nPlease call us to pick another day.' };
    const results = await Promise.all([choose(`bd-${id}`, body), choose(`bd-${id}`, body)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results[0]!.body).toMatchObject({ choice: 'emailed', booking: { id, blocked_day_choices: { '2026-12-05': 'emailed' } } });
    const sent = await mails(id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'blocked.2026-12-05@example.com', subject: 'About your installation on Saturday, December 5, 2026' });
    expect(sent[0]!.body).toContain('We expect a storm that day.');

    // Keeping it later stores 'keep' for that day (its reminder goes out), with no e-mail.
    const kept = await choose(`bd-keep-${id}`, { bookingId: id, date: '2026-12-05', choice: 'keep' });
    expect(kept.status).toBe(200);
    expect((await su.collection('bookings').getOne(id)).blocked_day_choices).toEqual({ '2026-12-05': 'keep' });
    // Choices for other days are kept beside it.
    await su.collection('blocked_dates').create({ blocked_date: '2027-01-07' });
    expect((await choose(`bd-removal-${id}`, { bookingId: id, date: '2027-01-07', choice: 'keep' })).status).toBe(200);
    expect((await su.collection('bookings').getOne(id)).blocked_day_choices).toEqual({ '2026-12-05': 'keep', '2027-01-07': 'keep' });
    expect(await mails(id)).toHaveLength(1);
  });

  it('refuses with a sentence when the day is not blocked, or the booking has no visit that day', async () => {
    const id = await paid('2026-12-06', '2027-01-08');
    const notBlocked = await choose(`nb-${id}`, { bookingId: id, date: '2026-12-06', choice: 'keep' });
    expect([notBlocked.status, notBlocked.body.message]).toEqual([409, M.notBlocked]);
    await su.collection('blocked_dates').create({ blocked_date: '2026-12-08' });
    const noVisit = await choose(`nv-${id}`, { bookingId: id, date: '2026-12-08', choice: 'keep' });
    expect([noVisit.status, noVisit.body.message]).toEqual([409, M.noVisit]);
    const noMessage = await choose(`nm-${id}`, { bookingId: id, date: '2026-12-08', choice: 'email', message: ' ' });
    expect([noMessage.status, noMessage.body.message]).toEqual([400, M.message]);
    const noKey = await request({ method: 'POST', route: '/api/fn/admin-bookings/blocked-day', token: admin.token, body: { bookingId: id, date: '2026-12-06', choice: 'keep' } });
    expect(noKey.status).toBe(400);
    expect((await su.collection('bookings').getOne(id)).blocked_day_choices).toBeFalsy();
  });

  it('holds the reminder of a visit on a blocked day until the owner keeps it', async () => {
    const id = await paid('2026-12-12', '2027-01-09');
    await su.collection('blocked_dates').create({ blocked_date: '2026-12-12', reason: 'Family day' });
    const reminders = () => su.collection('mail_log').getFullList({ filter: su.filter("related_id = {:id} && kind = 'visit_reminder'", { id }) });
    // 10 AM New York the day before: the reminder is due.
    const run = () => callFnAs(su.authStore.token, 'POST', '/api/fn/jobs/send-reminders', { now: '2026-12-11T15:00:00.000Z' });
    expect((await run()).status).toBe(200);
    expect(await reminders()).toHaveLength(0);
    await choose(`e-${id}`, { bookingId: id, date: '2026-12-12', choice: 'email', message: 'Could we come another day?' });
    expect((await run()).status).toBe(200);
    expect(await reminders()).toHaveLength(0);
    expect((await choose(`k-${id}`, { bookingId: id, date: '2026-12-12', choice: 'keep' })).status).toBe(200);
    const last = await run();
    expect(last.body).toEqual({ queued: 1, skipped: 0 });
    expect(await reminders()).toHaveLength(1);
  });
});
