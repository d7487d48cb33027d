/**
 * Visit reminders (docs/decisions/028), the clock injected through the job route's `now`:
 * 9 AM New York the day before each visit, once per visit and time however often the job runs,
 * none for a cancelled visit, only the new time after a move, none for a booking made after
 * that 9 AM; checked again at send time; written to the booking's history.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createBookingRecord } from './fixtures';
import { callFnAs, clearCollections, superuser } from './support';

const su = superuser();
// Friday, December 4, 2026 at 9 AM EST: the reminders of Saturday the 5th's visits.
const NINE_AM = '2026-12-04T14:00:00.000Z';

beforeEach(() => clearCollections('bookings', 'blocked_dates'));

const runJob = async (now: string) => {
  const res = await callFnAs(su.authStore.token, 'POST', '/api/fn/jobs/send-reminders', { now });
  expect(res.status).toBe(200);
  return res.body as { queued: number; skipped: number };
};
const remindersOf = (id: string) => su.collection('mail_log').getFullList({ filter: su.filter("related_id = {:id} && kind = 'visit_reminder'", { id }), sort: 'created_at' });

/** A confirmed, paid booking installing Saturday 2026-12-05 9–15 (paid on November 10 unless `over`). */
function booked(over: Record<string, unknown> = {}) {
  return createBookingRecord({
    customer_email: `remind.${Math.random().toString(36).slice(2)}@example.com`,
    install_date: '2026-12-05',
    install_time_slot: '9-15',
    removal_date: '2027-01-05',
    removal_time_slot: '9-15',
    status: 'confirmed',
    payment_status: 'deposit_paid',
    deposit_paid_at: '2026-11-10 15:00:00.000Z',
    balance_remaining: 82500,
    parking_instructions: 'Driveway',
    ...over,
  });
}

describe('visit reminders', () => {
  it('go out once at 9 AM the day before, however often the job runs, and say what the customer needs', async () => {
    const b = await booked();
    expect(await runJob('2026-12-04T13:59:00.000Z')).toEqual({ queued: 0, skipped: 0 });
    expect(await runJob(NINE_AM)).toEqual({ queued: 1, skipped: 0 });
    expect(await runJob('2026-12-04T15:00:00.000Z')).toEqual({ queued: 0, skipped: 1 });
    const [mail, ...more] = await remindersOf(b.id);
    expect(more).toHaveLength(0);
    expect(mail!.status).toBe('logged');
    expect(mail!.subject).toBe(`Reminder: your installation tomorrow, Saturday, December 5, 2026 (TA-${b.id.slice(0, 8).toUpperCase()})`);
    for (const line of [
      'Installation: Saturday, December 5, 2026, 9 AM - 3 PM, arriving between 9 AM and 10 AM',
      '- Lights are included.',
      '- Your parking instructions: Driveway',
      'Balance due on installation day: $825',
      '/my-booking?token=',
    ]) {
      expect(mail!.body).toContain(line);
    }
    // The owner sees in the booking's history when it went out.
    const events = await su.collection('job_events').getFullList({ filter: su.filter("booking = {:id} && kind = 'reminder_sent'", { id: b.id }) });
    expect(events.map((e) => e.text)).toEqual([expect.stringContaining('for the installation on Saturday, December 5, 2026, 9 AM - 3 PM')]);
  });

  it('skip a cancelled visit and a booking made after that 9 AM; a moved visit is reminded at its new time only', async () => {
    const cancelled = await booked({ status: 'cancelled' });
    const late = await booked({ deposit_paid_at: '2026-12-04 14:30:00.000Z', install_time_slot: '12-18' });
    const moved = await booked({ install_date: '2026-12-11', install_time_slot: '15-21' });
    expect(await runJob(NINE_AM)).toEqual({ queued: 0, skipped: 0 });
    expect(await remindersOf(cancelled.id)).toHaveLength(0);
    expect(await remindersOf(late.id)).toHaveLength(0);

    // Moved to the 5th after all: reminded for the new time; its old time never was.
    await su.collection('bookings').update(moved.id, { install_date: '2026-12-05', install_time_slot: '15-21' });
    expect(await runJob('2026-12-04T16:00:00.000Z')).toEqual({ queued: 1, skipped: 0 });
    expect((await remindersOf(moved.id)).map((m) => m.body)).toEqual([expect.stringContaining('Saturday, December 5, 2026, 3 PM - 9 PM')]);
  });

  it('a reminder queued before its visit moved is skipped when it is sent', async () => {
    const b = await booked();
    // Queued (as a run that could not reach the mail server leaves it), then the visit moves.
    expect(await runJob(NINE_AM)).toEqual({ queued: 1, skipped: 0 });
    const [row] = await remindersOf(b.id);
    await su.collection('mail_log').update(row!.id, { status: 'queued', next_attempt_at: '2026-01-01 00:00:00.000Z' });
    await su.collection('bookings').update(b.id, { install_time_slot: '12-18' });
    await callFnAs(su.authStore.token, 'POST', '/api/fn/jobs/deliver-mail');
    expect((await su.collection('mail_log').getOne(row!.id)).status).toBe('skipped');
  });
});
