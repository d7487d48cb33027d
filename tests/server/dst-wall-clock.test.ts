/**
 * Visits on both sides of a DST change keep their wall-clock time everywhere the server writes
 * one (slots are New York wall-clock hours, docs/architecture.md): the confirmation e-mail and
 * its ICS, the manage page's view, the owner's calendar feed, and the reminder, which goes out at
 * 9 AM New York time the day before whether that is 14:00 or 13:00 UTC. The season's removal
 * window is stretched past Sunday, March 14, 2027 (clocks spring forward) for the purpose.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInStaff, type SignedInStaff } from './admin-fixtures';
import { checkout } from './fixtures';
import { callFn, callFnAs, clearCollections, superuser } from './support';

const su = superuser();
let admin: SignedInStaff;

async function seasonSetting() {
  return su.collection('settings').getFirstListItem('key = "season"');
}

beforeAll(async () => {
  await clearCollections('staff');
  admin = await signedInStaff('admin');
});
beforeEach(async () => {
  await clearCollections('bookings', 'blocked_dates');
  await su.collection('settings').update((await seasonSetting()).id, { value: { removal: { start: '2026-12-26', end: '2027-03-31' } } });
});
afterEach(async () => {
  await su.collection('settings').update((await seasonSetting()).id, { value: {} });
});

/** A paid demo booking whose removal is on `removalDate` at 9 AM–3 PM. */
async function paidWithRemoval(installDate: string, removalDate: string): Promise<string> {
  const res = await checkout({ installDate, removalDate, removalTimeSlot: '9-15', customerEmail: `dst.${removalDate}@example.com` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await callFn('POST', '/api/fn/demo-checkout/pay', { sessionId: res.body.sessionId })).status).toBe(200);
  return res.body.bookingId as string;
}

const customerMail = async (id: string, kind: string) =>
  (await su.collection('mail_log').getFullList({ filter: su.filter("related_id = {:id} && kind = {:kind} && to != 'hello@thoughtfullyadorned.com'", { id, kind }) }))[0]!;

describe('the same wall-clock time on both sides of the spring-forward change', () => {
  it('in the confirmation and its ICS, the manage page, the feed and the reminders', async () => {
    const before = await paidWithRemoval('2026-12-05', '2027-03-12'); // Friday, EST (UTC−5)
    const after = await paidWithRemoval('2026-12-06', '2027-03-16'); // Tuesday, EDT (UTC−4)

    for (const [id, date, day, stamp] of [
      [before, '2027-03-12', 'Friday, March 12, 2027', '20270312T090000'],
      [after, '2027-03-16', 'Tuesday, March 16, 2027', '20270316T090000'],
    ] as const) {
      const confirmation = await customerMail(id, 'booking_confirmation');
      expect(confirmation.body).toContain(`Removal: ${day}, 9 AM - 3 PM, arriving between 9 AM and 10 AM`);
      const ics = (confirmation.attachment_data as { content: string }[])[0]!.content;
      expect(ics).toContain(`DTSTART;TZID=America/New_York:${stamp}`);
      // The zone's rules travel with the file, so a calendar app places 9 AM in EST and in EDT.
      expect(ics).toMatch(/BEGIN:DAYLIGHT[\s\S]*TZOFFSETTO:-0400[\s\S]*END:DAYLIGHT/);
      expect(ics).toMatch(/BEGIN:STANDARD[\s\S]*TZOFFSETTO:-0500[\s\S]*END:STANDARD/);

      const token = /\/my-booking\?token=([A-Za-z0-9_-]+)/.exec(confirmation.body)![1];
      const view = await callFn('POST', '/api/fn/my-booking', { token });
      expect(view.body.removal).toMatchObject({ date, window: '9 AM - 3 PM, arriving between 9 AM and 10 AM' });
    }

    const feed = await callFnAs<{ url: string }>(admin.token, 'GET', '/api/fn/calendar-feed');
    const ics = (await (await fetch(feed.body.url)).text()).replace(/\r\n /g, '');
    expect(ics).toContain('DTSTART;TZID=America/New_York:20270312T090000');
    expect(ics).toContain('DTSTART;TZID=America/New_York:20270316T090000');

    // 9 AM the day before: 14:00 UTC on Thursday, March 11 (EST); 13:00 UTC on Monday, March 15 (EDT).
    const runJob = async (now: string) => (await callFnAs<{ queued: number }>(su.authStore.token, 'POST', '/api/fn/jobs/send-reminders', { now })).body.queued;
    expect(await runJob('2027-03-11T13:59:00.000Z')).toBe(0);
    expect(await runJob('2027-03-11T14:00:00.000Z')).toBe(1);
    expect(await runJob('2027-03-15T12:59:00.000Z')).toBe(0);
    expect(await runJob('2027-03-15T13:00:00.000Z')).toBe(1);
    expect((await customerMail(before, 'visit_reminder')).body).toContain('Removal: Friday, March 12, 2027, 9 AM - 3 PM, arriving between 9 AM and 10 AM');
    expect((await customerMail(after, 'visit_reminder')).body).toContain('Removal: Tuesday, March 16, 2027, 9 AM - 3 PM, arriving between 9 AM and 10 AM');
  });
});
