/**
 * GET /api/fn/availability (docs/product.md §5 Dates, §9 Schedule; docs/architecture.md readings 2–4), against the
 * real server with today frozen at Friday 2026-11-20 (New York).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { availability, checkout, createBookingRecord, slotMap } from './fixtures';
import { callFn, clearCollections, superuser } from './support';

const NOT_WORK_DAY = 'Installations are scheduled on Tuesdays, Fridays, Saturdays and Sundays only.';
const PASSED = 'That date has passed. Please choose a date after today.';
const BLOCKED = 'That date is not available. Please choose another date.';
const INSTALL_SEASON = 'Installations are scheduled between November 16 and December 23, 2026.';
const NOTICE = "Bookings need 48 hours' notice.";
const REMOVAL_SEASON = 'Removals are scheduled between December 26 and January 31, 2027.';

beforeEach(() => clearCollections('bookings', 'blocked_dates'));

describe('GET /api/fn/availability: which dates are bookable', () => {
  // date, size, kind, [installDate] → bookable, reason, closing hour, offered slot ids.
  const scenarios: { name: string; date: string; size: string; kind?: 'install' | 'removal'; installDate?: string; bookable: boolean; reason?: string; closingHour: number; slots?: string[] }[] = [
    { name: 'Tuesday is a work day, open till 9 PM', date: '2026-11-24', size: '7.5-9ft', bookable: true, closingHour: 21, slots: ['9-15', '12-18', '15-21'] },
    { name: 'Friday is a work day', date: '2026-11-27', size: '7.5-9ft', bookable: true, closingHour: 21, slots: ['9-15', '12-18', '15-21'] },
    // Tomorrow and the day after fall inside the 48 hours' notice (domain/schedule/notice.ts): the
    // closing rules are shown a week later, on Saturday Nov 28 and Sunday Nov 29.
    { name: 'Saturday Nov 21 (tomorrow): inside the 48 hours of notice', date: '2026-11-21', size: '5-7ft', bookable: false, reason: NOTICE, closingHour: 21 },
    { name: 'Saturday Nov 28 (in season)', date: '2026-11-28', size: '5-7ft', bookable: true, closingHour: 21, slots: ['9-12', '12-15', '15-18', '18-21'] },
    { name: 'Sunday closes at 6 PM: 7.5-9ft keeps 9-15 and 12-18', date: '2026-11-29', size: '7.5-9ft', bookable: true, closingHour: 18, slots: ['9-15', '12-18'] },
    { name: 'Sunday closes at 6 PM: 10-12ft keeps 9-18 only', date: '2026-11-29', size: '10-12ft', bookable: true, closingHour: 18, slots: ['9-18'] },
    { name: 'Sunday closes at 6 PM: 5-7ft drops 18-21', date: '2026-11-29', size: '5-7ft', bookable: true, closingHour: 18, slots: ['9-12', '12-15', '15-18'] },
    { name: 'Sunday Nov 22: only the slots starting 48 hours from now or later', date: '2026-11-22', size: '7.5-9ft', bookable: true, closingHour: 18, slots: ['12-18'] },
    { name: 'Tuesday 10-12ft offers 9-18 and 12-21', date: '2026-11-24', size: '10-12ft', bookable: true, closingHour: 21, slots: ['9-18', '12-21'] },
    { name: 'last install day, Tuesday Dec 22', date: '2026-12-22', size: '7.5-9ft', bookable: true, closingHour: 21, slots: ['9-15', '12-18', '15-21'] },
    { name: 'Monday is not a work day', date: '2026-11-23', size: '7.5-9ft', bookable: false, reason: NOT_WORK_DAY, closingHour: 21 },
    { name: 'Wednesday is not a work day', date: '2026-11-25', size: '7.5-9ft', bookable: false, reason: NOT_WORK_DAY, closingHour: 21 },
    { name: 'Thursday is not a work day', date: '2026-11-26', size: '7.5-9ft', bookable: false, reason: NOT_WORK_DAY, closingHour: 21 },
    { name: 'Dec 25 (a Friday) is out of the install season', date: '2026-12-25', size: '7.5-9ft', bookable: false, reason: INSTALL_SEASON, closingHour: 21 },
    { name: 'Jan 5 2027 is out of the install season', date: '2027-01-05', size: '7.5-9ft', bookable: false, reason: INSTALL_SEASON, closingHour: 21 },
    { name: 'today (Friday Nov 20) cannot be booked', date: '2026-11-20', size: '7.5-9ft', bookable: false, reason: PASSED, closingHour: 21 },
    { name: 'a past Tuesday cannot be booked', date: '2026-11-17', size: '7.5-9ft', bookable: false, reason: PASSED, closingHour: 21 },
    {
      name: 'removal on a Monday in the removal window',
      date: '2026-12-28',
      size: '7.5-9ft',
      kind: 'removal',
      installDate: '2026-11-24',
      bookable: true,
      closingHour: 21,
      slots: ['9-15', '12-18', '15-21'],
    },
    { name: 'removal on a Sunday closes at 6 PM', date: '2027-01-03', size: '10-12ft', kind: 'removal', bookable: true, closingHour: 18, slots: ['9-18'] },
    { name: 'removal before the removal window', date: '2026-12-24', size: '7.5-9ft', kind: 'removal', bookable: false, reason: REMOVAL_SEASON, closingHour: 21 },
    { name: 'removal after the removal window', date: '2027-02-02', size: '7.5-9ft', kind: 'removal', bookable: false, reason: REMOVAL_SEASON, closingHour: 21 },
    {
      name: 'removal not after the install date',
      date: '2026-12-28',
      size: '7.5-9ft',
      kind: 'removal',
      installDate: '2026-12-29',
      bookable: false,
      reason: 'The removal date must be after the installation date.',
      closingHour: 21,
    },
  ];

  it.each(scenarios)('$name', async (s) => {
    const res = await availability(s.date, s.size, s.kind ?? 'install', s.installDate);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: s.date, size: s.size, kind: s.kind ?? 'install', closingHour: s.closingHour, bookable: s.bookable });
    if (s.bookable) {
      expect(res.body.reason).toBeNull();
      expect(res.body.slots.map((x) => x.id)).toEqual(s.slots);
      expect(res.body.slots.every((x) => x.available)).toBe(true);
      expect(res.body.slots.every((x) => x.endHour <= s.closingHour)).toBe(true);
    } else {
      expect(res.body.reason).toBe(s.reason);
      expect(res.body.slots).toEqual([]);
    }
  });

  it('describes each slot with its hours and a label naming the visit kind', async () => {
    const install = await availability('2026-11-24', '7.5-9ft');
    expect(install.body.slots[0]).toEqual({ id: '9-15', label: 'Morning Install', time: '9:00 AM – 3:00 PM', startHour: 9, endHour: 15, available: true });
    const removal = await availability('2026-12-28', '7.5-9ft', 'removal');
    expect(removal.body.slots.every((x) => x.label.includes('Removal'))).toBe(true);
  });

  it('a blocked date is not bookable, for installs and removals', async () => {
    await superuser().collection('blocked_dates').create({ blocked_date: '2026-11-27', reason: 'Staff holiday' });
    await superuser().collection('blocked_dates').create({ blocked_date: '2026-12-29', reason: 'Staff holiday' });

    const install = await availability('2026-11-27', '7.5-9ft');
    expect(install.body).toMatchObject({ bookable: false, reason: BLOCKED, slots: [] });
    const removal = await availability('2026-12-29', '7.5-9ft', 'removal');
    expect(removal.body).toMatchObject({ bookable: false, reason: BLOCKED, slots: [] });
    // Neighbouring work days stay open.
    expect((await availability('2026-11-28', '7.5-9ft')).body.bookable).toBe(true);
  });
});

describe('GET /api/fn/availability: existing bookings take their slots', () => {
  it('an install 9-15 on Tue Nov 24 blocks the overlapping slots of every size, not back-to-back ones', async () => {
    const booked = await checkout(); // 7.5-9ft, install 2026-11-24 9-15, removal 2026-12-28 9-15
    expect(booked.status).toBe(200);

    const table: { size: string; expected: Record<string, boolean> }[] = [
      { size: '7.5-9ft', expected: { '9-15': false, '12-18': false, '15-21': true } },
      { size: '5-7ft', expected: { '9-12': false, '12-15': false, '15-18': true, '18-21': true } },
      { size: '10-12ft', expected: { '9-18': false, '12-21': false } },
    ];
    for (const row of table) {
      const res = await availability('2026-11-24', row.size);
      expect(res.body.bookable, row.size).toBe(true);
      expect(slotMap(res.body), row.size).toEqual(row.expected);
    }
    // Other dates are untouched.
    expect(slotMap((await availability('2026-11-27', '7.5-9ft')).body)).toEqual({ '9-15': true, '12-18': true, '15-21': true });
  });

  it("a booking's removal visit blocks the removal slots it overlaps on its date", async () => {
    expect((await checkout()).status).toBe(200); // removal 2026-12-28 9-15

    const sameDay = await availability('2026-12-28', '7.5-9ft', 'removal', '2026-11-27');
    expect(slotMap(sameDay.body)).toEqual({ '9-15': false, '12-18': false, '15-21': true });
    const small = await availability('2026-12-28', '5-7ft', 'removal');
    expect(slotMap(small.body)).toEqual({ '9-12': false, '12-15': false, '15-18': true, '18-21': true });
    expect(slotMap((await availability('2026-12-29', '7.5-9ft', 'removal')).body)).toEqual({ '9-15': true, '12-18': true, '15-21': true });
  });

  it('a removal staged on a work day also blocks installs that day', async () => {
    // Removal windows and install windows do not meet under the default season, so stage the
    // removal visit directly on an install work day to prove both visit kinds count.
    await createBookingRecord({ install_date: '2026-11-21', install_time_slot: '9-15', removal_date: '2026-11-27', removal_time_slot: '15-21', status: 'confirmed', payment_status: 'deposit_paid' });
    expect(slotMap((await availability('2026-11-27', '7.5-9ft')).body)).toEqual({ '9-15': true, '12-18': false, '15-21': false });
  });
});

describe('GET /api/fn/availability: malformed parameters get a 400', () => {
  const scenarios: [name: string, query: string][] = [
    ['no date', 'size=7.5-9ft&kind=install'],
    ['date not YYYY-MM-DD', 'date=11/24/2026&size=7.5-9ft'],
    ['impossible date', 'date=2026-02-30&size=7.5-9ft'],
    ['no size', 'date=2026-11-24'],
    ['unknown size', 'date=2026-11-24&size=6ft'],
    ['unknown kind', 'date=2026-11-24&size=7.5-9ft&kind=both'],
    ['malformed installDate', 'date=2026-12-28&size=7.5-9ft&kind=removal&installDate=soon'],
    ['SQL-ish date', `date=${encodeURIComponent("2026-11-24' OR 1=1 --")}&size=7.5-9ft`],
  ];

  it.each(scenarios)('%s', async (_name, query) => {
    const res = await callFn('GET', `/api/fn/availability?${query}`);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.length).toBeGreaterThan(10);
  });
});

describe('season windows', () => {
  it('GET /api/fn/season gives today and the default windows of the season being sold', async () => {
    const res = await callFn('GET', '/api/fn/season');
    expect(res).toEqual({
      status: 200,
      body: {
        today: '2026-11-20',
        season: { year: 2026, install: { start: '2026-11-16', end: '2026-12-23' }, removal: { start: '2026-12-26', end: '2027-01-31' }, consultation: { start: '2026-11-12', end: '2026-12-17' } },
        workDays: [0, 2, 5, 6],
        closingHours: { 0: 18, 1: 21, 2: 21, 3: 21, 4: 21, 5: 21, 6: 21 },
        crews: 1,
      },
    });
  });

  it('an install window set in settings is what availability and checkout honour', async () => {
    const su = superuser();
    const season = await su.collection('settings').getFirstListItem("key='season'");
    await su.collection('settings').update(season.id, { value: { install: { start: '2026-11-16', end: '2026-11-30' } } });
    try {
      expect((await callFn('GET', '/api/fn/season')).body.season.install).toEqual({ start: '2026-11-16', end: '2026-11-30' });
      expect((await availability('2026-11-27', '7.5-9ft')).body.bookable).toBe(true);
      const closed = await availability('2026-12-01', '7.5-9ft');
      expect(closed.body).toMatchObject({ bookable: false, reason: 'Installations are scheduled between November 16 and November 30, 2026.' });
      const refused = await checkout({ installDate: '2026-12-01' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Installations are scheduled between November 16 and November 30, 2026.');
    } finally {
      await su.collection('settings').update(season.id, { value: {} });
    }
  });
});
