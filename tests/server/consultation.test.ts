/**
 * Consultation requests (docs/product.md §2, §5, §7; docs/decisions/005): the slot list of a date, validation with
 * docs/product.md's messages, a taken slot refused atomically, and the e-mail recorded in mail_log.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { expectClearSentence } from './fixtures';
import { consultationRequest } from './review-fixtures';
import { baseUrl, callFn, clearCollections, superuser } from './support';

const COLLECTIONS = ['consultation_requests', 'mail_log', 'blocked_dates'];

async function countRequests(): Promise<number> {
  return (await superuser().collection('consultation_requests').getList(1, 1, { fields: 'id' })).totalItems;
}

const request = (over: Record<string, unknown> = {}) => callFn('POST', '/api/fn/consultation-request', consultationRequest(over));

beforeEach(async () => {
  await clearCollections(...COLLECTIONS);
});

describe('GET /api/fn/consultation-slots', () => {
  it('lists the 24 half-hour slots of a Wednesday, all free', async () => {
    const res = await callFn('GET', '/api/fn/consultation-slots?date=2026-11-25');
    expect(res.status).toBe(200);
    expect(res.body.bookable).toBe(true);
    expect(res.body.slots).toHaveLength(24);
    expect(res.body.slots[0]).toEqual({ id: '08:00', label: '8:00 AM', available: true });
    expect(res.body.slots[23]).toEqual({ id: '19:30', label: '7:30 PM', available: true });
  });

  it.each([
    ['a Thursday', '2026-11-26', 'Consultations are held on Wednesdays only.'],
    ['a past Wednesday', '2026-11-18', 'That date has passed. Please choose a date after today.'],
    ['a Wednesday after the window', '2026-12-23', 'Consultations are held between November 12 and December 17, 2026.'],
  ])('refuses %s with the reason and no slots', async (_, date, reason) => {
    const res = await callFn('GET', `/api/fn/consultation-slots?date=${date}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bookable: false, reason, slots: [] });
  });

  it('answers 400 for a malformed date', async () => {
    const res = await callFn('GET', '/api/fn/consultation-slots?date=next-wednesday');
    expect(res.status).toBe(400);
    expectClearSentence(res.body.message);
  });

  it('marks a requested slot unavailable, and frees it when the request is cancelled', async () => {
    const created = await request({ timeSlot: '13:00' });
    expect(created.status).toBe(200);
    const slots = async () =>
      Object.fromEntries(((await callFn('GET', '/api/fn/consultation-slots?date=2026-11-25')).body.slots as { id: string; available: boolean }[]).map((s) => [s.id, s.available]));
    expect((await slots())['13:00']).toBe(false);
    expect((await slots())['13:30']).toBe(true);
    await superuser().collection('consultation_requests').update(created.body.id, { status: 'cancelled' });
    expect((await slots())['13:00']).toBe(true);
  });
});

describe('POST /api/fn/consultation-request', () => {
  it('stores the request as pending and records the confirmation e-mail with an ICS attachment', async () => {
    const res = await request();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: '2026-11-25', timeSlot: '10:30', status: 'pending' });
    const su = superuser();
    const rec = await su.collection('consultation_requests').getOne(res.body.id);
    expect(rec).toMatchObject({
      customer_name: 'Holly Berry',
      customer_email: 'holly@example.com',
      customer_phone: '(410) 555-0101',
      customer_address: '42 Evergreen Lane, Ellicott City, MD 21043',
      consultation_date: '2026-11-25',
      consultation_time_slot: '10:30',
      notes: 'Two trees, one upstairs.',
      status: 'pending',
    });
    const mails = await su.collection('mail_log').getFullList({ filter: su.filter('related_id = {:id}', { id: rec.id }), sort: 'kind' });
    expect(mails.map((m) => [m.kind, m.to, m.status])).toEqual([
      ['business_notice', 'hello@thoughtfullyadorned.com', 'logged'],
      ['consultation_confirmation', 'holly@example.com', 'logged'],
    ]);
    const confirmation = mails[1]!;
    expect(confirmation.subject).toBe('Consultation requested: Wednesday, November 25, 2026 at 10:30 AM');
    expect(confirmation.attachments).toEqual(['consultation.ics']);
    expect(confirmation.body).toContain("We'll contact you soon to confirm your consultation.");
    // The confirmation panel's 'Manage your consultation': the same link as the e-mail's.
    expect(res.body.manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(confirmation.body).toContain(`/my-consultation?token=${res.body.manageToken}`);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a Thursday', { date: '2026-11-26' }, 'Consultations are held on Wednesdays only.'],
    ['today (a Friday) ', { date: '2026-11-20' }, 'That date has passed. Please choose a date after today.'],
    ['a past Wednesday', { date: '2026-11-18' }, 'That date has passed. Please choose a date after today.'],
    ['a Wednesday outside the window', { date: '2026-12-30' }, 'Consultations are held between November 12 and December 17, 2026.'],
    ['no date', { date: '' }, 'Please select a date and time for your consultation.'],
    ['no time', { timeSlot: undefined }, 'Please select a date and time for your consultation.'],
    ['a time not offered', { timeSlot: '20:00' }, 'That consultation time is not offered. Please choose one of the listed times.'],
    ['a quarter hour', { timeSlot: '10:15' }, 'That consultation time is not offered. Please choose one of the listed times.'],
    ['no name', { customerName: '   ' }, 'Name is required'],
    ['a bad e-mail', { customerEmail: 'holly@' }, 'Invalid email address'],
    ['a bad phone', { customerPhone: 'call me maybe' }, 'Invalid phone number format'],
    ['a short address', { customerAddress: 'MD' }, 'Address must be at least 5 characters'],
    ['long notes', { notes: 'n'.repeat(2001) }, 'Notes must be less than 2000 characters'],
  ])('refuses %s with a clear 400 and stores nothing', async (_, over, message) => {
    const res = await request(over);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await countRequests()).toBe(0);
    expect((await superuser().collection('mail_log').getList(1, 1)).totalItems).toBe(0);
  });

  it('refuses a blocked Wednesday', async () => {
    await superuser().collection('blocked_dates').create({ blocked_date: '2026-12-02' });
    const res = await request({ date: '2026-12-02' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('That date is not available. Please choose another date.');
    expect(await countRequests()).toBe(0);
  });

  it('refuses a malformed body', async () => {
    for (const body of ['', 'not json', '[1,2]']) {
      const res = await callFn('POST', '/api/fn/consultation-request', body);
      expect(res.status).toBe(400);
      expectClearSentence(res.body.message);
    }
    expect(await countRequests()).toBe(0);
  });

  it('refuses a slot already taken with 409 and stores nothing more', async () => {
    expect((await request()).status).toBe(200);
    const again = await request({ customerName: 'Ivy Green', customerEmail: 'ivy@example.com' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('That consultation time was just taken by someone else. Please choose another time.');
    expect(await countRequests()).toBe(1);
    // Another time the same day, and the same time another Wednesday, are still free.
    expect((await request({ timeSlot: '11:00' })).status).toBe(200);
    expect((await request({ date: '2026-12-02' })).status).toBe(200);
    expect(await countRequests()).toBe(3);
  });

  it('gives a slot to exactly one of many simultaneous requests', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => request({ timeSlot: '15:30', customerEmail: `racer${i}@example.com` })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect(await countRequests()).toBe(1);
  });

  it('echoes no personal data, and anonymous visitors cannot list the stored request', async () => {
    const created = await request();
    expect(created.body).not.toHaveProperty('customer_email');
    const res = await fetch(`${baseUrl()}/api/collections/consultation_requests/records?filter=${encodeURIComponent("customer_email~'holly'")}`);
    expect(await res.text()).not.toContain('holly@example.com');
  });
});
