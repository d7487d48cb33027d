/**
 * Settings the admin edits (docs/decisions/015 Settings): the season windows, the number of crews, the
 * service distance and blocked dates, written through PocketBase's records API under the admin
 * rule, checked by a record hook (a malformed value is a 400 with a plain sentence), and in
 * force on the public calendars at once. The server's own rows (the calendar feed's token) are
 * out of reach for everyone.
 */
import type PocketBase from 'pocketbase';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failureOf, signedInStaff, type SignedInStaff } from './admin-fixtures';
import { availability, expectClearSentence, slotMap } from './fixtures';
import { anonymous, callFn, callFnAs, clearCollections, statusOf, superuser } from './support';

let admin: SignedInStaff;
let member: SignedInStaff;

async function setting(key: string, pb: PocketBase = admin.pb) {
  return pb.collection('settings').getFirstListItem(`key = "${key}"`);
}

async function restoreDefaults(): Promise<void> {
  const su = superuser();
  const defaults: Record<string, unknown> = { season: {}, capacity: { crews: 1 }, max_service_miles: 60 };
  for (const [key, value] of Object.entries(defaults)) {
    const rec = await su.collection('settings').getFirstListItem(`key = "${key}"`);
    await su.collection('settings').update(rec.id, { value });
  }
}

beforeAll(async () => {
  await clearCollections('staff');
  admin = await signedInStaff('admin');
  member = await signedInStaff('');
});
beforeEach(() => clearCollections('bookings', 'blocked_dates'));
afterEach(restoreDefaults);

describe('the admin edits the season, crews and service distance', () => {
  it('a new install window is what the public calendars show at once', async () => {
    const season = await setting('season');
    await admin.pb.collection('settings').update(season.id, { value: { install: { start: '2026-11-21', end: '2026-12-20' } } });
    expect((await callFn('GET', '/api/fn/season')).body.season.install).toEqual({ start: '2026-11-21', end: '2026-12-20' });
    expect((await availability('2026-12-22', '7.5-9ft')).body).toMatchObject({ bookable: false });
  });

  it('two crews let a second booking take an overlapping slot', async () => {
    const su = superuser();
    await su
      .collection('bookings')
      .create({
        customer_name: 'First',
        customer_email: 'first@example.com',
        customer_phone: '410 555 0100',
        customer_address: '1 First St, Columbia, MD 21044',
        package_type: 'elevated-arbor',
        tree_size: '7.5-9ft',
        install_date: '2026-11-24',
        install_time_slot: '9-15',
        total_price: 165000,
        deposit_amount: 82500,
        balance_remaining: 82500,
        payment_status: 'deposit_paid',
        status: 'confirmed',
      });
    expect(slotMap((await availability('2026-11-24', '7.5-9ft')).body)['9-15']).toBe(false);
    const capacity = await setting('capacity');
    await admin.pb.collection('settings').update(capacity.id, { value: { crews: 2 } });
    expect(slotMap((await availability('2026-11-24', '7.5-9ft')).body)['9-15']).toBe(true);
  });

  it('the service distance', async () => {
    const miles = await setting('max_service_miles');
    const saved = await admin.pb.collection('settings').update(miles.id, { value: 45 });
    expect(saved.value).toBe(45);
  });

  it('a missing editable row can be created again, but only for the three keys', async () => {
    const su = superuser();
    const miles = await setting('max_service_miles');
    await su.collection('settings').delete(miles.id);
    try {
      const created = await admin.pb.collection('settings').create({ key: 'max_service_miles', value: 50 });
      expect(created.value).toBe(50);
      expect(await statusOf(admin.pb.collection('settings').create({ key: 'business_phone', value: '1' }))).toBeGreaterThanOrEqual(400);
      expect(await statusOf(admin.pb.collection('settings').create({ key: 'calendar_feed', value: { token: 'mine' } }))).toBeGreaterThanOrEqual(400);
    } finally {
      const again = await su.collection('settings').getList(1, 1, { filter: 'key = "max_service_miles"' });
      if (again.totalItems === 0) await su.collection('settings').create({ key: 'max_service_miles', value: 60 });
    }
    const keys = (await su.collection('settings').getFullList()).map((s) => s.key);
    expect(keys).not.toContain('business_phone');
  });

  it('rows are never deleted or renamed through the API', async () => {
    const season = await setting('season');
    expect(await statusOf(admin.pb.collection('settings').delete(season.id))).toBe(403);
    expect(await statusOf(admin.pb.collection('settings').update(season.id, { key: 'calendar_feed' }))).toBeGreaterThanOrEqual(400);
    expect((await setting('season')).key).toBe('season');
  });
});

describe('a malformed value is a 400 with a plain sentence and changes nothing', () => {
  it.each<[string, unknown, string]>([
    ['season', { install: { start: '2026-11-21' } }, 'The installation window needs a start and an end date (YYYY-MM-DD).'],
    ['season', { install: { start: '2026-12-20', end: '2026-11-21' } }, 'The installation window must end on or after its start.'],
    ['season', { install: { start: '2026-11-16', end: '2026-12-23' }, removal: { start: '2026-12-01', end: '2027-01-31' } }, 'Removals must start after the last installation date.'],
    ['season', 'all of December', 'The season must be given as install, removal and consultation windows, each with a start and an end date.'],
    ['capacity', { crews: 0 }, 'The number of crews must be a whole number from 1 to 20.'],
    ['capacity', { crews: 2.5 }, 'The number of crews must be a whole number from 1 to 20.'],
    ['max_service_miles', 0, 'The maximum service distance must be a number of miles from 1 to 1000.'],
    ['max_service_miles', 'far', 'The maximum service distance must be a number of miles from 1 to 1000.'],
  ])('%s = %j', async (key, value, message) => {
    const before = await setting(key);
    const err = await failureOf(admin.pb.collection('settings').update(before.id, { value }));
    expect(err.status).toBe(400);
    expect(err.response.message).toBe(message);
    expectClearSentence(err.response.message);
    expect((await setting(key)).value).toEqual(before.value);
  });
});

describe('blocked dates', () => {
  it('the admin blocks a date and the public calendar closes it at once; unblocking reopens it', async () => {
    const blocked = await admin.pb.collection('blocked_dates').create({ blocked_date: '2026-11-27', reason: 'Family day' });
    expect((await availability('2026-11-27', '7.5-9ft')).body.bookable).toBe(false);
    await admin.pb.collection('blocked_dates').delete(blocked.id);
    expect((await availability('2026-11-27', '7.5-9ft')).body.bookable).toBe(true);
  });

  it('an impossible date is a 400, the same date twice a 409, each with a plain sentence', async () => {
    const bad = await failureOf(admin.pb.collection('blocked_dates').create({ blocked_date: '2026-02-30' }));
    expect(bad.status).toBe(400);
    expect(bad.response.message).toBe('Please enter a real date (YYYY-MM-DD).');
    await admin.pb.collection('blocked_dates').create({ blocked_date: '2026-11-27' });
    const twice = await failureOf(admin.pb.collection('blocked_dates').create({ blocked_date: '2026-11-27' }));
    expect(twice.status).toBe(409);
    expect(twice.response.message).toBe('That date is already blocked.');
  });

  it('moving a blocked date onto another blocked one is a 409; saving it unchanged is fine', async () => {
    const a = await admin.pb.collection('blocked_dates').create({ blocked_date: '2026-11-27' });
    await admin.pb.collection('blocked_dates').create({ blocked_date: '2026-11-28' });
    expect((await failureOf(admin.pb.collection('blocked_dates').update(a.id, { blocked_date: '2026-11-28' }))).status).toBe(409);
    await admin.pb.collection('blocked_dates').update(a.id, { blocked_date: '2026-11-27', reason: 'Still closed' });
  });
});

describe('nobody else edits settings or blocked dates', () => {
  it.each<[string, () => PocketBase]>([
    ['anonymous', () => anonymous()],
    ['staff without the admin role', () => member.pb],
  ])('%s', async (_who, client) => {
    const pb = client();
    const season = await setting('season', superuser());
    expect(await statusOf(pb.collection('settings').update(season.id, { value: { install: { start: '2026-11-21', end: '2026-12-20' } } }))).toBeGreaterThanOrEqual(400);
    expect(await statusOf(pb.collection('settings').create({ key: 'capacity', value: { crews: 5 } }))).toBeGreaterThanOrEqual(400);
    expect(await statusOf(pb.collection('blocked_dates').create({ blocked_date: '2026-11-27' }))).toBeGreaterThanOrEqual(400);
    expect((await setting('season', superuser())).value).toEqual({});
    expect(await superuser().collection('blocked_dates').getFullList()).toEqual([]);
  });
});

describe('the calendar feed token row is out of reach through the API', () => {
  it('hidden from lists, filters and views for anonymous visitors and the admin; not writable by the admin', async () => {
    await callFnAs(admin.token, 'GET', '/api/fn/calendar-feed'); // creates the token
    const row = await superuser().collection('settings').getFirstListItem('key = "calendar_feed"');
    for (const pb of [anonymous(), admin.pb]) {
      const keys = (await pb.collection('settings').getFullList()).map((s) => s.key);
      expect(keys).toEqual(expect.arrayContaining(['season', 'capacity', 'max_service_miles']));
      expect(keys).not.toContain('calendar_feed');
      expect((await pb.collection('settings').getList(1, 10, { filter: 'key = "calendar_feed"' })).items).toEqual([]);
      expect((await pb.collection('settings').getList(1, 10, { filter: `value ~ "${(row.value as { token: string }).token.slice(0, 8)}"` })).items).toEqual([]);
      expect(await statusOf(pb.collection('settings').getOne(row.id))).toBe(404);
    }
    expect(await statusOf(admin.pb.collection('settings').update(row.id, { value: { token: 'chosen-by-me' } }))).toBe(404);
    expect([403, 404]).toContain(await statusOf(admin.pb.collection('settings').delete(row.id)));
    expect((await superuser().collection('settings').getOne(row.id)).value).toEqual(row.value);
  });
});
