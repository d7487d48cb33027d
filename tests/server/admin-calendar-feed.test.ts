/**
 * The owner's private calendar feed (docs/decisions/015 Calendar feed): a secret, revocable ICS URL the
 * admin gets from GET /api/fn/calendar-feed, listing every install, removal and consultation.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInStaff, type SignedInStaff } from './admin-fixtures';
import { stageBalancePayment } from './charge-fixtures';
import { createBookingRecord, createConsultationRecord } from './fixtures';
import { baseUrl, callFn, callFnAs, clearCollections, superuser } from './support';

let admin: SignedInStaff;

async function feedUrl(): Promise<string> {
  const res = await callFnAs<{ url: string }>(admin.token, 'GET', '/api/fn/calendar-feed');
  expect(res.status).toBe(200);
  return res.body.url;
}

async function fetchFeed(url: string) {
  const res = await fetch(url);
  const text = await res.text();
  // Unfold RFC 5545 continuation lines so assertions read whole properties.
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), text, ics: text.replace(/\r\n /g, '') };
}

function withToken(url: string, token: string): string {
  const u = new URL(url);
  u.searchParams.set('token', token);
  return u.toString();
}

beforeAll(async () => {
  await clearCollections('staff');
  admin = await signedInStaff('admin');
});

beforeEach(async () => {
  await clearCollections('charges', 'job_events', 'testimonials', 'consultation_requests', 'bookings');
  const su = superuser();
  const rows = await su.collection('settings').getFullList({ filter: 'key = "calendar_feed"' });
  for (const r of rows) await su.collection('settings').delete(r.id);
});

describe('the feed URL', () => {
  it('there is no feed before the admin asks for its URL', async () => {
    expect((await callFn('GET', '/api/fn/calendar.ics')).status).toBe(404);
    expect((await callFn('GET', '/api/fn/calendar.ics?token=')).status).toBe(404);
    expect((await callFn('GET', '/api/fn/calendar.ics?token=anything')).status).toBe(404);
  });

  it('is made on first use with a 40-character secret and stays the same afterwards', async () => {
    const url = await feedUrl();
    expect(url).toMatch(new RegExp(`^${baseUrl().replace(/\./g, '\\.')}/api/fn/calendar\\.ics\\?token=[A-Za-z0-9]{40}$`));
    expect(await feedUrl()).toBe(url);
  });

  it('a wrong token (one character off, other case, a prefix) is a 404 with a plain message', async () => {
    const url = await feedUrl();
    const token = new URL(url).searchParams.get('token')!;
    const last = token.at(-1)!;
    const wrong = [`${token.slice(0, -1)}${last === 'a' ? 'b' : 'a'}`, token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(), token.slice(0, 20), `${token}x`];
    for (const t of wrong) {
      const res = await fetch(withToken(url, t));
      expect(res.status, t).toBe(404);
      expect((await res.json()).message).toBe('Calendar feed not found.');
    }
    expect((await fetchFeed(url)).status).toBe(200);
  });

  it('rotating gives a new URL and revokes the old one at once', async () => {
    const old = await feedUrl();
    const res = await callFnAs<{ url: string }>(admin.token, 'POST', '/api/fn/calendar-feed/rotate');
    expect(res.status).toBe(200);
    expect(res.body.url).not.toBe(old);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(res.body.url)).status).toBe(200);
    expect(await feedUrl()).toBe(res.body.url);
  });
});

describe('the feed', () => {
  it('lists the visits of bookings that own their slots and every consultation not cancelled, as New York times', async () => {
    const su = superuser();
    const paid = await createBookingRecord({
      customer_name: 'Jane Doe',
      customer_phone: '(410) 555-0100',
      status: 'confirmed',
      payment_status: 'deposit_paid',
      balance_remaining: 82500,
      luxe_finish: true,
      parking_instructions: 'Driveway, left side',
      notes: 'Dog friendly',
    });
    await createBookingRecord({ customer_name: 'Holding Hank', status: 'pending_payment', payment_status: 'pending', hold_expires_at: '2026-11-20 17:20:00.000Z', install_date: '2026-11-27' });
    await createBookingRecord({ customer_name: 'Cancelled Carl', status: 'cancelled', install_date: '2026-11-28' });
    await createBookingRecord({ customer_name: 'Conflict Cora', status: 'payment_conflict', payment_status: 'refunded', install_date: '2026-11-29' });
    await createBookingRecord({ customer_name: 'Last Year Lou', status: 'completed', payment_status: 'paid', install_date: '2025-11-25', removal_date: '2026-01-05' });
    const consultation = await createConsultationRecord({ customer_name: 'Holly Berry', notes: 'Two trees' });
    await su
      .collection('consultation_requests')
      .create({
        customer_name: 'Cancelled Cass',
        customer_email: 'cass@example.com',
        customer_phone: '410 555 0102',
        customer_address: '1 Gone Rd, Ellicott City',
        consultation_date: '2026-12-02',
        consultation_time_slot: '11:00',
        status: 'cancelled',
      });

    const feed = await fetchFeed(await feedUrl());
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    expect(feed.cache).toBe('private, no-store');
    expect(feed.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(feed.text).toMatch(/END:VCALENDAR\r\n$/);
    expect(feed.ics).toContain('X-WR-CALNAME:Thoughtfully Adorned schedule');

    const events = feed.ics.split('BEGIN:VEVENT').slice(1);
    expect(events.map((e) => /SUMMARY:(.*)/.exec(e)![1])).toEqual(['Install: Jane Doe', 'Consultation: Holly Berry', 'Removal: Jane Doe']);

    const [install, visit, removal] = events as [string, string, string];
    for (const line of [
      `UID:install-${paid.id}@`,
      'DTSTART;TZID=America/New_York:20261124T090000',
      'DTEND;TZID=America/New_York:20261124T150000',
      'LOCATION:9 Staged Lane\\, Columbia\\, MD 21044',
      'Elevated Arbor\\, 7.5–9 ft\\, Luxe Finish',
      'Phone: (410) 555-0100',
      'Balance due: $825',
      'Parking: Driveway\\, left side',
      'Notes: Dog friendly',
    ])
      expect(install).toContain(line);
    expect(removal).toContain('DTSTART;TZID=America/New_York:20261228T090000');
    expect(visit).toContain(`UID:consultation-${consultation.id}@`);
    expect(visit).toContain('DTSTART;TZID=America/New_York:20261125T103000');
    expect(visit).toContain('DTEND;TZID=America/New_York:20261125T110000');
    expect(visit).toContain('Status: pending');
  });

  it('names the balance its ledger reads, whatever the stored mirror says (docs/decisions/061)', async () => {
    // $300 of the $825 balance paid in cash; the stored balance_remaining, a mirror nothing reads for money, still says $825.
    const b = await createBookingRecord({ status: 'confirmed', payment_status: 'deposit_paid', deposit_paid_at: '2026-11-10 15:00:00.000Z', balance_remaining: 82500 });
    await stageBalancePayment(superuser(), b.id, 30000);
    const [install] = (await fetchFeed(await feedUrl())).ics.split('BEGIN:VEVENT').slice(1);
    expect(install).toContain('Balance due: $525');
  });

  it('an empty season is a valid, empty calendar', async () => {
    const feed = await fetchFeed(await feedUrl());
    expect(feed.status).toBe(200);
    expect(feed.ics).not.toContain('BEGIN:VEVENT');
    expect(feed.ics).toContain('END:VCALENDAR');
  });
});
