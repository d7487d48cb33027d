/**
 * GET /api/fn/availability keeps the settings and blocked dates it reads between calls
 * (docs/decisions/018): every answer right after a change of a setting, a blocked date or a
 * booking (create, update, delete) must already reflect it. Each step asks first, so a kept
 * copy exists, then changes the record and asks again at once; answers are compared with the
 * previous one, so a copy that were never refreshed fails here. Today is frozen at Friday
 * 2026-11-20 (New York).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { availability, createBookingRecord, slotMap } from './fixtures';
import { callFn, clearCollections, superuser } from './support';

const TUESDAY = '2026-11-24';
const FRIDAY = '2026-11-27';
const SATURDAY = '2026-11-28';
const BLOCKED = 'That date is not available. Please choose another date.';
// Enough calls that the JSVM's pooled runtimes all answer at least once between changes.
const ASKS = 30;
const PAID = { status: 'confirmed', payment_status: 'deposit_paid' };

/** Every one of ASKS concurrent answers for a date and size (7.5-9ft installs by default). */
async function answers(date: string, size = '7.5-9ft') {
  const all = await Promise.all(Array.from({ length: ASKS }, () => availability(date, size)));
  for (const res of all) expect(res.status).toBe(200);
  return all.map((res) => res.body);
}

/** Asserts every answer is the same and returns it. */
async function answer(date: string, size?: string) {
  const [first, ...rest] = await answers(date, size);
  for (const other of rest) expect(other).toEqual(first);
  return first!;
}

async function setting(key: string) {
  return superuser().collection('settings').getFirstListItem(superuser().filter('key = {:key}', { key }));
}

beforeEach(() => clearCollections('bookings', 'blocked_dates'));
afterEach(async () => {
  // Leave the migrations' settings as the other files expect them.
  const su = superuser();
  const existing = await su.collection('settings').getFullList({ filter: "key = 'capacity' || key = 'season'" });
  const byKey = new Map(existing.map((r) => [r.key, r]));
  for (const [key, value] of [
    ['capacity', { crews: 1 }],
    ['season', {}],
  ] as const) {
    const rec = byKey.get(key);
    if (rec) await su.collection('settings').update(rec.id, { value });
    else await su.collection('settings').create({ key, value });
  }
});

describe('availability answers right after a settings change', () => {
  it('crews: updating, deleting and creating the capacity setting', async () => {
    await createBookingRecord({ ...PAID, install_date: TUESDAY, install_time_slot: '9-15' });
    const su = superuser();
    expect(slotMap(await answer(TUESDAY))['9-15']).toBe(false); // one crew, taken

    const capacity = await setting('capacity');
    await su.collection('settings').update(capacity.id, { value: { crews: 2 } });
    expect(slotMap(await answer(TUESDAY))['9-15']).toBe(true);

    await su.collection('settings').delete(capacity.id); // back to the default of one crew
    expect(slotMap(await answer(TUESDAY))['9-15']).toBe(false);

    await su.collection('settings').create({ key: 'capacity', value: { crews: 2 } });
    expect(slotMap(await answer(TUESDAY))['9-15']).toBe(true);
  });

  it('season: a shorter install window closes a date at once, for availability and the season route', async () => {
    expect((await answer('2026-12-04')).bookable).toBe(true);
    const season = await setting('season');
    await superuser()
      .collection('settings')
      .update(season.id, { value: { install: { start: '2026-11-16', end: '2026-11-30' } } });

    expect(await answer('2026-12-04')).toMatchObject({ bookable: false, reason: 'Installations are scheduled between November 16 and November 30, 2026.' });
    expect((await callFn('GET', '/api/fn/season')).body.season.install).toEqual({ start: '2026-11-16', end: '2026-11-30' });

    await superuser().collection('settings').update(season.id, { value: {} });
    expect((await answer('2026-12-04')).bookable).toBe(true);
  });
});

describe('availability answers right after a blocked-date change', () => {
  it('creating, moving and deleting a blocked date', async () => {
    const su = superuser();
    expect((await answer(FRIDAY)).bookable).toBe(true);

    const blocked = await su.collection('blocked_dates').create({ blocked_date: FRIDAY, reason: 'Staff holiday' });
    expect(await answer(FRIDAY)).toMatchObject({ bookable: false, reason: BLOCKED });

    await su.collection('blocked_dates').update(blocked.id, { blocked_date: SATURDAY });
    expect((await answer(FRIDAY)).bookable).toBe(true);
    expect(await answer(SATURDAY)).toMatchObject({ bookable: false, reason: BLOCKED });

    await su.collection('blocked_dates').delete(blocked.id);
    expect((await answer(SATURDAY)).bookable).toBe(true);
  });
});

describe('availability answers right after a booking change', () => {
  it('creating, moving, cancelling and deleting a booking', async () => {
    const su = superuser();
    expect(slotMap(await answer(TUESDAY))).toEqual({ '9-15': true, '12-18': true, '15-21': true });

    const booking = await createBookingRecord({ ...PAID, install_date: TUESDAY, install_time_slot: '9-15' });
    expect(slotMap(await answer(TUESDAY))).toEqual({ '9-15': false, '12-18': false, '15-21': true });

    await su.collection('bookings').update(booking.id, { install_time_slot: '15-21' });
    expect(slotMap(await answer(TUESDAY))).toEqual({ '9-15': true, '12-18': false, '15-21': false });

    await su.collection('bookings').update(booking.id, { status: 'cancelled' });
    expect(slotMap(await answer(TUESDAY))).toEqual({ '9-15': true, '12-18': true, '15-21': true });

    await su.collection('bookings').update(booking.id, { status: 'confirmed' });
    expect(slotMap(await answer(TUESDAY))['15-21']).toBe(false);
    await su.collection('bookings').delete(booking.id);
    expect(slotMap(await answer(TUESDAY))).toEqual({ '9-15': true, '12-18': true, '15-21': true });
  });

  it("a booking's removal visit, staged and then moved, on the removal date", async () => {
    const booking = await createBookingRecord({ ...PAID, removal_date: '2026-12-28', removal_time_slot: '9-15' });
    const removal = () => availability('2026-12-28', '7.5-9ft', 'removal').then((res) => slotMap(res.body));
    expect(await removal()).toEqual({ '9-15': false, '12-18': false, '15-21': true });
    await superuser().collection('bookings').update(booking.id, { removal_date: '2026-12-29' });
    expect(await removal()).toEqual({ '9-15': true, '12-18': true, '15-21': true });
  });
});
