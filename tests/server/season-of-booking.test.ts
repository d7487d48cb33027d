/**
 * A booking's visits are moved and its removal added in the booking's own season, derived from
 * its installation date, not in the season being sold (docs/architecture.md reading 3): from
 * December 24 the season being sold is next year's, yet this season's removals (December 26 to
 * January 31) are still to be scheduled, by the customer and by the owner. The server's clock is
 * frozen on Monday, December 28, 2026 (New York).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { stageInstalledBooking } from './charge-fixtures';
import { ownServerHooks } from './own-server';
import { request } from './support';

const own = ownServerHooks('season-of-booking', { APP_NOW: '2026-12-28T17:00:00Z' }, { admin: true });

let seq = 0;
/** A manage link for booking `id`, stored as the server stores one (only its SHA-256). */
async function linkFor(id: string): Promise<string> {
  const token = `SeasonToken${String(++seq).padStart(4, '0')}`.padEnd(43, 'x');
  await own.su.collection('booking_links').create({ booking: id, token_hash: createHash('sha256').update(token).digest('hex'), expires_at: '2027-03-01 00:00:00.000Z' });
  return token;
}

/** This season's booking: installed Sunday, December 20, 2026, removal on January 10, 2027. */
const installed = (over: Record<string, unknown> = {}) => stageInstalledBooking(own.su, '2026-12-20', '2027-01-10', over);

const post = (route: string, body: unknown, headers: Record<string, string> = {}, token?: string) => request({ base: own.server.url, method: 'POST', route, body, headers, token });

describe("on December 28, a booking's removal is scheduled in its own season", () => {
  it('the customer moves the removal within January', async () => {
    const b = await installed({ customer_email: 'season.move@example.com' });
    const token = await linkFor(b.id);
    const res = await post('/api/fn/my-booking/move', { token, visit: 'removal', date: '2027-01-12', timeSlot: '9-15' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await own.su.collection('bookings').getOne(b.id)).toMatchObject({ removal_date: expect.stringMatching(/^2027-01-12/) });
  });

  it('the owner moves the removal within January, and the season route answers the booking’s season', async () => {
    const b = await installed({ customer_email: 'season.owner@example.com' });
    const res = await post('/api/fn/admin-bookings/move', { bookingId: b.id, visit: 'removal', date: '2027-01-14', timeSlot: '9-15' }, { 'Idempotency-Key': `season-owner-${b.id}` }, own.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await own.su.collection('bookings').getOne(b.id)).toMatchObject({ removal_date: expect.stringMatching(/^2027-01-14/) });

    const season = await request({ base: own.server.url, route: '/api/fn/season?installDate=2026-12-20' });
    expect(season.body.season.removal).toEqual({ start: '2026-12-26', end: '2027-01-31' });
    // Without a booking, the season being sold: next year's.
    expect((await request({ base: own.server.url, route: '/api/fn/season' })).body.season.year).toBe(2027);
  });

  it('the customer adds the optional removal in January, and availability offers its slots', async () => {
    const b = await installed({
      customer_email: 'season.add@example.com',
      package_type: 'adorned-arrangement',
      selected_addons: ['ornament-boost'],
      removal_service: false,
      removal_date: '',
      removal_time_slot: '',
    });
    const slots = await request({ base: own.server.url, route: `/api/fn/availability?date=2027-01-15&size=7.5-9ft&kind=removal&installDate=2026-12-20` });
    expect(slots.body).toMatchObject({ bookable: true, reason: null });
    const token = await linkFor(b.id);
    const res = await post('/api/fn/my-booking/add-removal', { token, date: '2027-01-15', timeSlot: '9-15' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Priced: demo mode's payment page holds the date; paying it books the removal.
    const sessionId = new URL(res.body.url).searchParams.get('session_id');
    expect((await post('/api/fn/demo-checkout/pay', { sessionId })).status).toBe(200);
    expect(await own.su.collection('bookings').getOne(b.id)).toMatchObject({ removal_service: true, removal_date: expect.stringMatching(/^2027-01-15/) });
  });

  it('still refuses a removal outside its season, naming that season', async () => {
    const b = await installed({ customer_email: 'season.late@example.com' });
    const res = await post('/api/fn/admin-bookings/move', { bookingId: b.id, visit: 'removal', date: '2027-02-02', timeSlot: '9-15' }, { 'Idempotency-Key': `season-late-${b.id}` }, own.admin);
    expect(res).toMatchObject({ status: 400, body: { message: 'Removals are scheduled between December 26 and January 31, 2027.' } });
  });
});
