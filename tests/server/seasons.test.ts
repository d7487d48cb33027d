/**
 * Seasons as data, set by the owner (domain/schedule/seasons.ts; POST /api/fn/seasons): a season
 * record drives availability, checkout, the public opening and the early-bird price; a booking
 * keeps its own season's windows after next season's record is set; the edit rule locks a season
 * once it has a booking; only an admin writes seasons. Two servers with frozen clocks: Friday,
 * November 20, 2026 at noon in New York, and Wednesday, December 30, 2026.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { stageBooking, stageInstalledBooking, staffToken } from './charge-fixtures';
import { ownServerHooks } from './own-server';
import { bookingRequest, request } from './support';
import { SEASON_MESSAGES } from '../../domain/schedule/seasons';

/** The 2026 season as the owner sets it: installs from before the November DST change to December 20, Mondays added. */
const SEASON_2026 = {
  year: 2026,
  install: { start: '2026-10-26', end: '2026-12-20' },
  removal: { start: '2026-12-26', end: '2027-02-15' },
  consultation: { start: '2026-11-12', end: '2026-12-17' },
  workDays: [0, 1, 2, 5, 6],
  renewalsOpen: '',
  publicOpens: '',
  earlyBird: null,
};

/** SEASON_2026's settings moved to `year` with the pattern's windows, then `over`. */
const seasonOfYear = (year: number, over: Record<string, unknown> = {}) => ({
  ...SEASON_2026,
  year,
  install: { start: `${year}-11-16`, end: `${year}-12-23` },
  removal: { start: `${year}-12-26`, end: `${year + 1}-01-31` },
  consultation: { start: `${year}-11-12`, end: `${year}-12-17` },
  ...over,
});

describe('on November 20, 2026, a season set by the owner', () => {
  const own = ownServerHooks('seasons-now', { APP_NOW: '2026-11-20T17:00:00Z' }, { admin: true });
  let member: string;
  let seasonId = '';

  beforeAll(async () => {
    member = await staffToken(own.su, '');
  });

  const call = (method: 'GET' | 'POST', route: string, body?: unknown, token?: string) => request({ base: own.server.url, method, route, body, token });
  const availability = (date: string) => call('GET', `/api/fn/availability?date=${date}&size=7.5-9ft&kind=install`);
  const checkout = (over: Record<string, unknown>) => call('POST', '/api/fn/create-booking-checkout', { bookingData: bookingRequest(over) });
  const setSeason = (fields: Record<string, unknown>) => own.su.collection('seasons').update(seasonId, fields);

  it('only an own.admin writes seasons', async () => {
    expect((await call('POST', '/api/fn/seasons', SEASON_2026)).status).toBe(401);
    expect((await call('POST', '/api/fn/seasons', SEASON_2026, member)).status).toBe(403);
    // The collection itself takes no write but a superuser's: the route is the way in.
    expect((await call('POST', '/api/collections/seasons/records', { year: 2030 }, own.admin)).status).toBe(403);
    expect((await call('GET', '/api/collections/seasons/records')).body.items).toEqual([]);
    expect((await own.su.collection('seasons').getFullList()).length).toBe(0);
  });

  it('drives availability and checkout: a date in its window but outside the pattern is offered, and the reverse refused', async () => {
    const saved = await call('POST', '/api/fn/seasons', SEASON_2026, own.admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    seasonId = saved.body.season.id;
    expect(saved.body.season).toMatchObject({ year: 2026, install_end: '2026-12-20', work_days: [0, 1, 2, 5, 6] });

    expect((await call('GET', '/api/fn/season')).body).toMatchObject({ season: { year: 2026, install: SEASON_2026.install }, workDays: [0, 1, 2, 5, 6] });
    // Monday, November 30: not a work day of the pattern, one of this season's.
    expect((await availability('2026-11-30')).body.bookable).toBe(true);
    // Tuesday, December 22: in the pattern's window, after this season's last install.
    expect((await availability('2026-12-22')).body).toMatchObject({ bookable: false, reason: 'Installations are scheduled between October 26 and December 20, 2026.' });
    expect((await availability('2026-11-25')).body).toMatchObject({ bookable: false, reason: 'Installations are scheduled on Mondays, Tuesdays, Fridays, Saturdays and Sundays only.' });

    const refused = await checkout({ installDate: '2026-12-22', removalDate: '2027-01-04' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Installations are scheduled between October 26 and December 20, 2026.');
    const ok = await checkout({ installDate: '2026-11-30', removalDate: '2027-01-04' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('public booking is closed before "Public booking opens" (409 with the sentence) and open from that day', async () => {
    await setSeason({ public_opens: '2026-11-21' });
    const season = await call('GET', '/api/fn/season');
    expect(season.body.opening).toEqual({ date: '2026-11-21', message: 'Booking for the 2026 season opens on Saturday, November 21.' });
    const closed = await checkout({ installDate: '2026-12-01', removalDate: '2027-01-05' });
    expect(closed).toMatchObject({ status: 409, body: { message: 'Booking for the 2026 season opens on Saturday, November 21.' } });

    await setSeason({ public_opens: '2026-11-20' });
    expect((await call('GET', '/api/fn/season')).body.opening).toBeUndefined();
    expect((await checkout({ installDate: '2026-12-01', removalDate: '2027-01-05' })).status).toBe(200);
  });

  it('the early-bird price is computed on the server until its cutoff, and not after', async () => {
    await setSeason({ early_bird_kind: 'percent', early_bird_value: 10, early_bird_until: '2026-11-19' });
    const full = await checkout({ installDate: '2026-12-04', removalDate: '2027-01-06' });
    expect(full.status).toBe(200);
    const fullRec = await own.su.collection('bookings').getOne(full.body.bookingId);
    expect(fullRec.price_lines.some((l: { code: string }) => l.code === 'early-bird')).toBe(false);

    await setSeason({ early_bird_until: '2026-11-20' });
    expect((await call('GET', '/api/fn/season')).body.earlyBird).toEqual({ kind: 'percent', value: 10, until: '2026-11-20' });
    // The client's figures are ignored: the server prices the cut.
    const early = await checkout({ installDate: '2026-12-05', removalDate: '2027-01-07', totalPrice: 1 });
    expect(early.status).toBe(200);
    const rec = await own.su.collection('bookings').getOne(early.body.bookingId);
    const cut = Math.round((fullRec.total_price - fullRec.travel_fee) / 10);
    expect(rec.price_lines).toContainEqual({ code: 'early-bird', label: 'Early-bird price', amountCents: -cut });
    expect(rec.travel_fee).toBe(fullRec.travel_fee);
    expect(rec.total_price).toBe(fullRec.total_price - cut);
    expect(rec.deposit_amount).toBe(Math.round(rec.total_price / 2));
    await setSeason({ early_bird_kind: '', early_bird_value: 0, early_bird_until: '' });
  });

  it('once the season has a booking, only its end dates can be extended', async () => {
    const current = { ...SEASON_2026, publicOpens: '2026-11-20' };
    const locked = await call('POST', '/api/fn/seasons', { ...current, workDays: [0, 2, 5, 6] }, own.admin);
    expect(locked).toMatchObject({ status: 409, body: { message: SEASON_MESSAGES.locked(2026) } });
    const shorter = await call('POST', '/api/fn/seasons', { ...current, removal: { start: '2026-12-26', end: '2027-01-31' } }, own.admin);
    expect(shorter.status).toBe(409);
    const longer = await call('POST', '/api/fn/seasons', { ...current, removal: { start: '2026-12-26', end: '2027-02-28' } }, own.admin);
    expect(longer.status, JSON.stringify(longer.body)).toBe(200);
    expect(longer.body.season.removal_end).toBe('2027-02-28');
    // A season without a booking takes any change; a malformed one is a 400.
    expect((await call('POST', '/api/fn/seasons', seasonOfYear(2028), own.admin)).status).toBe(200);
    expect((await call('POST', '/api/fn/seasons', seasonOfYear(2028, { removal: { start: '2028-12-20', end: '2029-01-31' } }), own.admin)).body.message).toBe(
      'Removals must start after the last installation date.',
    );
  });

  it('an early-bird amount is capped at half the cheapest package, and the early bird stays editable after a booking, for bookings made after the change', async () => {
    // The season has bookings (the tests above); its stored fields as they now are.
    const current = { ...SEASON_2026, publicOpens: '2026-11-20', removal: { start: '2026-12-26', end: '2027-02-28' } };
    const save = (earlyBird: unknown) => call('POST', '/api/fn/seasons', { ...current, earlyBird }, own.admin);
    const huge = await save({ kind: 'amount', value: 99999999, until: '2026-12-01' });
    expect([huge.status, huge.body.message]).toEqual([400, "An early-bird amount must be more than $0 and at most $150, half the cheapest package's price."]);
    const overHalf = await save({ kind: 'amount', value: 15001, until: '2026-12-01' });
    expect([overHalf.status, overHalf.body.message]).toEqual([400, SEASON_MESSAGES.earlyBirdAmount]);

    const before = await checkout({ installDate: '2026-12-06', installTimeSlot: '9-15', removalDate: '2027-01-11', customerEmail: 'before.cut@example.com' });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const beforeRec = await own.su.collection('bookings').getOne(before.body.bookingId);

    // After bookings exist: the early bird and its date are saved (no 409), then changed again.
    const amount = await save({ kind: 'amount', value: 15000, until: '2026-12-01' });
    expect(amount.status, JSON.stringify(amount.body)).toBe(200);
    expect(amount.body.season).toMatchObject({ early_bird_kind: 'amount', early_bird_value: 15000, early_bird_until: '2026-12-01' });
    const percent = await save({ kind: 'percent', value: 10, until: '2026-11-30' });
    expect(percent.status, JSON.stringify(percent.body)).toBe(200);
    expect(percent.body.season).toMatchObject({ early_bird_kind: 'percent', early_bird_value: 10, early_bird_until: '2026-11-30' });

    const after = await checkout({ installDate: '2026-12-07', installTimeSlot: '9-15', removalDate: '2027-01-12', customerEmail: 'after.cut@example.com' });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    const afterRec = await own.su.collection('bookings').getOne(after.body.bookingId);
    const cut = Math.round((beforeRec.total_price - beforeRec.travel_fee) / 10);
    expect(afterRec.price_lines).toContainEqual({ code: 'early-bird', label: 'Early-bird price', amountCents: -cut });
    expect(afterRec.total_price).toBe(beforeRec.total_price - cut);
    // The booking made before the change keeps the price it stored.
    expect(await own.su.collection('bookings').getOne(before.body.bookingId)).toMatchObject({
      total_price: beforeRec.total_price,
      deposit_amount: beforeRec.deposit_amount,
      price_lines: beforeRec.price_lines,
    });

    // A record stored before the cap (written directly) still never prices a booking at $0.
    await setSeason({ early_bird_kind: 'amount', early_bird_value: 99999999, early_bird_until: '2026-12-01' });
    const legacy = await checkout({ installDate: '2026-12-08', installTimeSlot: '9-15', removalDate: '2027-01-13', customerEmail: 'legacy.cut@example.com' });
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(200);
    const legacyRec = await own.su.collection('bookings').getOne(legacy.body.bookingId);
    const half = Math.ceil((beforeRec.total_price - beforeRec.travel_fee) / 2);
    expect(legacyRec.total_price).toBe(beforeRec.total_price - half);
    expect(legacyRec.deposit_amount).toBeGreaterThan(0);
    await setSeason({ early_bird_kind: '', early_bird_value: 0, early_bird_until: '' });
  });

  it('a visit in the season spanning the November DST change is reminded at 9 AM New York time', async () => {
    // Monday, November 2, 2026: the day after clocks went back (EST, UTC−5).
    const b = await stageBooking(own.su, {
      install_date: '2026-11-02',
      install_time_slot: '9-15',
      removal_date: '2027-01-08',
      removal_time_slot: '9-15',
      customer_email: 'dst.season@example.com',
      deposit_paid_at: '2026-10-20 15:00:00.000Z',
    });
    const job = async (now: string) => (await request({ base: own.server.url, method: 'POST', route: '/api/fn/jobs/send-reminders', body: { now }, token: own.su.authStore.token })).body;
    expect(await job('2026-11-01T13:00:00.000Z')).toEqual({ queued: 0, skipped: 0 }); // 8 AM EST
    expect(await job('2026-11-01T14:00:00.000Z')).toEqual({ queued: 1, skipped: 0 }); // 9 AM EST
    const mails = await own.su.collection('mail_log').getFullList({ filter: own.su.filter("related_id = {:id} && kind = 'visit_reminder'", { id: b.id }) });
    expect(mails).toHaveLength(1);
  });

  it("its closing hours hide the late slots on its Saturdays and checkout refuses them; without them, today's hours", async () => {
    const ids = async (date: string, size = '7.5-9ft') => (await call('GET', `/api/fn/availability?date=${date}&size=${size}&kind=install`)).body;
    // Saturday, November 28, 2026, and Tuesday, December 1: no closing hours set, the pattern's 9 PM.
    expect((await call('GET', '/api/fn/season')).body.closingHours).toEqual({ 0: 18, 1: 21, 2: 21, 3: 21, 4: 21, 5: 21, 6: 21 });
    expect(await ids('2026-11-28')).toMatchObject({ closingHour: 21, slots: [{ id: '9-15' }, { id: '12-18' }, { id: '15-21' }] });

    await setSeason({ closing_hours: { '6': 18 } });
    expect((await call('GET', '/api/fn/season')).body.closingHours).toMatchObject({ 0: 18, 2: 21, 6: 18 });
    const saturday = await ids('2026-11-28');
    expect(saturday.closingHour).toBe(18);
    expect(saturday.slots.map((x: { id: string }) => x.id)).toEqual(['9-15', '12-18']);
    expect((await ids('2026-11-28', '5-7ft')).slots.map((x: { id: string }) => x.id)).toEqual(['9-12', '12-15', '15-18']);
    expect((await ids('2026-12-01')).slots.map((x: { id: string }) => x.id)).toEqual(['9-15', '12-18', '15-21']);
    const refused = await checkout({ installDate: '2026-11-28', installTimeSlot: '15-21', removalDate: '2027-01-06' });
    expect(refused).toMatchObject({ status: 400, body: { message: 'That installation time slot is not offered on this date. Please choose another slot.' } });
    const late = await checkout({ treeSize: '5-7ft', installDate: '2026-11-28', installTimeSlot: '18-21', removalDate: '2027-01-06' });
    expect(late).toMatchObject({ status: 400, body: { message: 'That installation time slot is not offered on this date. Please choose another slot.' } });
    // The season has bookings: its closing hours are locked like its other fields.
    const locked = await call('POST', '/api/fn/seasons', { ...SEASON_2026, publicOpens: '2026-11-20', removal: { start: '2026-12-26', end: '2027-02-28' }, closingHours: { 6: 20 } }, own.admin);
    expect(locked.status).toBe(409);
    const bad = await call('POST', '/api/fn/seasons', seasonOfYear(2029, { closingHours: { 6: 25 } }), own.admin);
    expect(bad).toMatchObject({ status: 400, body: { message: 'A closing hour must be a whole hour from 12 PM to 11 PM, given for a weekday from 0 (Sunday) to 6 (Saturday).' } });
    await setSeason({ closing_hours: null });
    expect((await ids('2026-11-28')).closingHour).toBe(21);
  });
});

describe("on December 30, 2026, a booking of last season keeps its own season's rules", () => {
  const own = ownServerHooks('seasons-later', { APP_NOW: '2026-12-30T17:00:00Z' }, { admin: true });

  /** The owner moves booking `bookingId`'s removal to `date` at `timeSlot` (`key`: its Idempotency-Key). */
  const moveRemoval = (bookingId: string, date: string, timeSlot: string, key: string) =>
    request({
      base: own.server.url,
      method: 'POST',
      route: '/api/fn/admin-bookings/move',
      body: { bookingId, visit: 'removal', date, timeSlot },
      headers: { 'Idempotency-Key': key },
      token: own.admin,
    });

  it("moves in its season's removal window after next season's record is set", async () => {
    const post = (route: string, body: unknown) => request({ base: own.server.url, method: 'POST', route, body, token: own.admin });
    expect((await post('/api/fn/seasons', SEASON_2026)).status).toBe(200);
    const next = {
      ...SEASON_2026,
      year: 2027,
      install: { start: '2027-11-16', end: '2027-12-23' },
      removal: { start: '2027-12-26', end: '2028-01-10' },
      consultation: { start: '2027-11-12', end: '2027-12-17' },
    };
    expect((await post('/api/fn/seasons', next)).status).toBe(200);
    expect((await request({ base: own.server.url, route: '/api/fn/season' })).body.season).toMatchObject({ year: 2027, removal: next.removal });
    // Renewals open only after this season's own last installation (its record's, not the pattern's).
    const early = await post('/api/fn/seasons', { ...next, renewalsOpen: '2026-12-20' });
    expect([early.status, early.body.message]).toEqual([400, SEASON_MESSAGES.renewalsAfterLastSeason(2027, 'Sunday, December 20, 2026')]);
    expect((await post('/api/fn/seasons', { ...next, renewalsOpen: '2026-12-21' })).status).toBe(200);

    const b = await stageInstalledBooking(own.su, '2026-12-20', '2027-01-10');
    const move = (date: string) => moveRemoval(b.id, date, '9-15', `seasons-move-${date}`);
    // February 10: past the pattern's January 31, inside last season's record.
    const moved = await move('2027-02-10');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await own.su.collection('bookings').getOne(b.id)).toMatchObject({ removal_date: expect.stringMatching(/^2027-02-10/) });
    const late = await move('2027-02-20');
    expect(late).toMatchObject({ status: 400, body: { message: 'Removals are scheduled between December 26 and February 15, 2027.' } });
    expect((await request({ base: own.server.url, route: '/api/fn/season?installDate=2026-12-20' })).body.season.removal).toEqual(SEASON_2026.removal);
  });

  it("keeps its own season's closing hours when next season's close earlier, and follows its own when they change", async () => {
    const seasons = await own.su.collection('seasons').getFullList({ sort: 'year' });
    const [s2026, s2027] = [seasons.find((r) => r.year === 2026)!, seasons.find((r) => r.year === 2027)!];
    await own.su.collection('seasons').update(s2027.id, { closing_hours: { '6': 18 } });
    expect((await request({ base: own.server.url, route: '/api/fn/season' })).body.closingHours[6]).toBe(18);
    expect((await request({ base: own.server.url, route: '/api/fn/season?installDate=2026-12-20' })).body.closingHours[6]).toBe(21);

    const b = await stageInstalledBooking(own.su, '2026-12-19', '2027-01-08', { customer_email: 'closing.hours@example.com' });
    const removals = async (date: string) =>
      (await request({ base: own.server.url, route: `/api/fn/availability?date=${date}&size=7.5-9ft&kind=removal&installDate=2026-12-19` })).body.slots.map((x: { id: string }) => x.id);
    const move = (date: string) => moveRemoval(b.id, date, '15-21', `seasons-closing-${date}`);
    // Saturday, January 9, 2027: last season's removal, at last season's 9 PM.
    expect(await removals('2027-01-09')).toEqual(['9-15', '12-18', '15-21']);
    const moved = await move('2027-01-09');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    await own.su.collection('seasons').update(s2026.id, { closing_hours: { '6': 18 } });
    expect(await removals('2027-01-16')).toEqual(['9-15', '12-18']);
    expect(await move('2027-01-16')).toMatchObject({ status: 400, body: { message: 'That removal time slot is not offered on this date. Please choose another slot.' } });
  });
});
