import { describe, expect, it } from 'vitest';
import zipData from '../data/zip-centroids.json';
import { dayDrives, dayStops, driveBetween, driveText, gapWarningText, MIN_DRIVE_MINUTES, minutesText, type DayStop } from './day-drives';
import type { CentroidLookup, LatLon } from '../place/distance';
import { scheduleItemsOn } from './schedule';
import { zipCentroids } from '../place/zip-centroids';

/**
 * Hand-made ZIPs on the equator, where 0.1° of longitude is 6.91 straight miles: 8.6 road miles
 * (× 1.25), 15 min at 35 mph. From 10000: 10001 is 15 min away, 10004 59 min (34.5 mi),
 * 10010 148 min (86.4 mi); 10004 to 10010 is 89 min (51.8 mi).
 */
const POINTS: Record<string, LatLon> = {
  '10000': [0, 0],
  '10001': [0, 0.1],
  '10004': [0, 0.4],
  '10010': [0, 1],
  '10100': [0, 0.005], // 0.43 road miles from 10000
};
const equator: CentroidLookup = (zip) => POINTS[zip];

/** A crew's visit busy from `startHour` to `endHour`. */
const visit = (id: string, zip: string | null, startHour: number, endHour: number): DayStop => ({ id, route: 'crew', zip, start: startHour * 60, end: endHour * 60 });
/** The owner's 30-minute consultation at `hour` (9.5 for 9:30). */
const consultation = (id: string, zip: string | null, hour: number): DayStop => ({ id, route: 'owner', zip, start: hour * 60, end: hour * 60 + 30 });

const pairs = (legs: { fromId: string; toId: string }[]) => legs.map((l) => `${l.fromId}→${l.toId}`);

describe('driveBetween: the travel fee’s estimate between two ZIPs', () => {
  it('measures the base ZIP to Baltimore as the server would: 12.2 road miles, 21 min', () => {
    expect(driveBetween('21043', '21201', zipCentroids(zipData.centroids))).toEqual({ miles: 12.2, minutes: 21, sameZip: false });
  });

  it.each<[string, string, number, number]>([
    ['0.1° apart', '10001', 8.6, 15],
    ['0.4° apart', '10004', 34.5, 59],
    ['1° apart', '10010', 86.4, 148],
  ])('%s: %s miles, %s min', (_name, to, miles, minutes) => {
    expect(driveBetween('10000', to, equator)).toEqual({ miles, minutes, sameZip: false });
  });

  it(`takes at least ${MIN_DRIVE_MINUTES} min, within one ZIP (0 miles by centroids) or next door`, () => {
    expect(driveBetween('10000', '10000', equator)).toEqual({ miles: 0, minutes: MIN_DRIVE_MINUTES, sameZip: true });
    expect(driveBetween('10000', '10100', equator)).toEqual({ miles: 0.4, minutes: MIN_DRIVE_MINUTES, sameZip: false });
  });

  it('gives no estimate without both ZIPs, or for a ZIP the table does not hold', () => {
    expect(driveBetween(null, '10000', equator)).toBeNull();
    expect(driveBetween('10000', null, equator)).toBeNull();
    expect(driveBetween('10000', '99999', equator)).toBeNull();
  });
});

describe('dayDrives: legs between consecutive visits of one crew', () => {
  it('one crew, back-to-back slots: the drive, and a warning (no time left between the slots)', () => {
    const legs = dayDrives([visit('a', '10000', 9, 12), visit('b', '10001', 12, 15)], equator);
    expect(legs).toEqual([{ fromId: 'a', toId: 'b', miles: 8.6, sameZip: false, minutes: 15, gapMinutes: 0, tooShort: true }]);
  });

  it('a loose gap is not warned: 3 hours between the slots for a 59-minute drive', () => {
    const legs = dayDrives([visit('a', '10000', 9, 12), visit('b', '10004', 15, 18)], equator);
    expect(legs).toEqual([{ fromId: 'a', toId: 'b', miles: 34.5, sameZip: false, minutes: 59, gapMinutes: 180, tooShort: false }]);
  });

  it('a gap as long as the drive is enough; a minute less is not', () => {
    const at = (end: number, start: number) =>
      dayDrives(
        [
          { ...visit('a', '10000', 9, 12), end },
          { ...visit('b', '10001', 0, 18), start },
        ],
        equator,
      )[0]!;
    expect(at(720, 735)).toMatchObject({ gapMinutes: 15, minutes: 15, tooShort: false });
    expect(at(720, 734)).toMatchObject({ gapMinutes: 14, minutes: 15, tooShort: true });
  });

  it(`visits in one ZIP: 0 miles but ${MIN_DRIVE_MINUTES} min, so back-to-back slots are still warned`, () => {
    const [leg] = dayDrives([visit('a', '10000', 9, 12), visit('b', '10000', 12, 15)], equator);
    expect(leg).toMatchObject({ miles: 0, sameZip: true, minutes: MIN_DRIVE_MINUTES, gapMinutes: 0, tooShort: true });
    expect(driveText(leg!)).toBe('About 5 min drive, same ZIP');
  });

  it('a visit without a known ZIP keeps its place in the crew’s day, with no leg to or from it', () => {
    for (const zip of [null, '99999']) {
      // c does not follow a: the crew is at b in between, wherever that is.
      expect(dayDrives([visit('a', '10000', 9, 12), visit('b', zip, 12, 15), visit('c', '10001', 15, 18)], equator)).toEqual([]);
    }
    expect(pairs(dayDrives([visit('a', null, 9, 12), visit('b', '10000', 12, 15), visit('c', '10001', 15, 18)], equator))).toEqual(['b→c']);
  });

  it('lists the legs in the order of the stops given, whatever their times', () => {
    const legs = dayDrives([visit('c', '10004', 15, 18), visit('a', '10000', 9, 12), visit('b', '10001', 12, 15)], equator);
    expect(pairs(legs)).toEqual(['b→c', 'a→b']);
  });

  it('two crews: a visit follows a crew that is free by its start, never one still at work', () => {
    // a and b at once are two crews; c (12-15) can only follow b, which ends at 12.
    const legs = dayDrives([visit('a', '10000', 9, 15), visit('b', '10010', 9, 12), visit('c', '10000', 12, 15)], equator);
    expect(pairs(legs)).toEqual(['b→c']);
    expect(legs[0]).toMatchObject({ minutes: 148, gapMinutes: 0, tooShort: true });
  });

  it('two crews free at once: the nearer one goes', () => {
    const legs = dayDrives([visit('a', '10000', 9, 12), visit('b', '10010', 9, 12), visit('c', '10001', 12, 15), visit('d', '10010', 12, 15)], equator);
    expect(pairs(legs)).toEqual(['a→c', 'b→d']);
    expect(legs.map((l) => l.minutes)).toEqual([15, MIN_DRIVE_MINUTES]);
  });

  it('two crews free: one that has the time goes before a nearer one that would be late, so a warning means no free crew has it', () => {
    // At 15: the crew at a (free since 12, 148 min away) makes it; the crew at b (free just now, 89 min away) would not.
    const legs = dayDrives([visit('a', '10000', 9, 12), visit('b', '10004', 9, 15), visit('c', '10010', 15, 18)], equator);
    expect(legs).toEqual([{ fromId: 'a', toId: 'c', miles: 86.4, sameZip: false, minutes: 148, gapMinutes: 180, tooShort: false }]);
  });

  it('two crews equally near, both in time: the one freed last goes', () => {
    const legs = dayDrives([visit('a', '10000', 9, 12), visit('x', '10000', 9, 15), visit('c', '10000', 18, 21)], equator);
    expect(legs).toEqual([{ fromId: 'x', toId: 'c', miles: 0, sameZip: true, minutes: MIN_DRIVE_MINUTES, gapMinutes: 180, tooShort: false }]);
  });

  it('overlapping visits are never one crew’s (stored over the crews’ limit): no leg between them', () => {
    expect(dayDrives([visit('a', '10000', 9, 15), visit('b', '10001', 12, 18)], equator)).toEqual([]);
  });

  it('consultations are the owner’s own route: chained with each other, never with a crew’s visits', () => {
    const legs = dayDrives(
      [visit('install', '10000', 9, 12), consultation('c1', '10001', 12.5), consultation('c2', '10004', 13.5), consultation('c3', '10004', 14), visit('removal', '10001', 15, 18)],
      equator,
    );
    expect(legs).toEqual([
      // 13:00 to 13:30, from 10001 to 10004: a 44-minute drive in 30 minutes.
      { fromId: 'c1', toId: 'c2', miles: 25.9, sameZip: false, minutes: 44, gapMinutes: 30, tooShort: true },
      { fromId: 'c2', toId: 'c3', miles: 0, sameZip: true, minutes: MIN_DRIVE_MINUTES, gapMinutes: 0, tooShort: true },
      { fromId: 'install', toId: 'removal', miles: 8.6, sameZip: false, minutes: 15, gapMinutes: 180, tooShort: false },
    ]);
  });

  it('a day with one stop, or none, has no legs', () => {
    expect(dayDrives([], equator)).toEqual([]);
    expect(dayDrives([visit('a', '10000', 9, 12), consultation('c', '10001', 10)], equator)).toEqual([]);
  });
});

describe('dayStops: the day’s schedule items as stops', () => {
  const NOW = Date.parse('2026-11-20T17:00:00Z');
  const booking = (id: string, address: string, over: Record<string, unknown> = {}) => ({
    id,
    status: 'confirmed' as const,
    payment_status: 'deposit_paid' as const,
    hold_expires_at: '',
    customer_address: address,
    install_date: '2026-12-02',
    install_time_slot: '9-12',
    removal_date: '2027-01-06',
    removal_time_slot: '12-18',
    ...over,
  });
  const bookings = [
    booking('in', '3 Holly Court, Ellicott City, MD 21043'),
    booking('out', '9 Main St, Annapolis, MD 21401-1234', { install_date: '2026-11-01', removal_date: '2026-12-02', removal_time_slot: '12-18' }),
    booking('nozip', '12 Elm Street, Columbia', { install_time_slot: '15-18' }),
  ];
  const consultations = [{ id: 'c', status: 'pending' as const, consultation_date: '2026-12-02', consultation_time_slot: '10:30', customer_address: '1 Oak Rd, Laurel, MD 20707' }];

  it('an install or removal is busy over its slot, a consultation over its 30 minutes; the ZIP from the address', () => {
    const items = scheduleItemsOn('2026-12-02', bookings, consultations, NOW);
    const stops = dayStops(items, new Map(bookings.map((b) => [b.id, b])), new Map(consultations.map((c) => [c.id, c])));
    expect(stops).toEqual([
      { id: 'install:in', route: 'crew', zip: '21043', start: 540, end: 720 },
      { id: 'consultation:c', route: 'owner', zip: '20707', start: 630, end: 660 },
      { id: 'removal:out', route: 'crew', zip: '21401', start: 720, end: 1080 },
      { id: 'install:nozip', route: 'crew', zip: null, start: 900, end: 1080 },
    ]);
  });

  it('leaves out an item whose record is not at hand or whose slot cannot be read', () => {
    const items = scheduleItemsOn('2026-12-02', bookings, consultations, NOW);
    const odd = new Map([['in', { ...bookings[0]!, install_time_slot: 'morning' }]]);
    expect(dayStops(items, odd, new Map())).toEqual([]);
  });
});

describe('the drive and the warning as the owner reads them', () => {
  it.each<[number, string]>([
    [5, '5 min'],
    [59, '59 min'],
    [60, '1 h'],
    [95, '1 h 35 min'],
    [148, '2 h 28 min'],
  ])('%s minutes: %s', (minutes, text) => {
    expect(minutesText(minutes)).toBe(text);
  });

  it.each<[string, { minutes: number; miles: number; sameZip: boolean }, string]>([
    ['whole miles', { minutes: 25, miles: 14.4, sameZip: false }, 'About 25 min drive, 14 mi'],
    ['over an hour', { minutes: 95, miles: 55.6, sameZip: false }, 'About 1 h 35 min drive, 56 mi'],
    ['under a mile', { minutes: 5, miles: 0.4, sameZip: false }, 'About 5 min drive, under 1 mi'],
    ['one ZIP', { minutes: 5, miles: 0, sameZip: true }, 'About 5 min drive, same ZIP'],
  ])('%s', (_name, leg, text) => {
    expect(driveText(leg)).toBe(text);
  });

  it('says how much time there is and how long the drive is', () => {
    expect(gapWarningText({ gapMinutes: 20, minutes: 35 })).toBe('Only 20 min between these visits; the drive is about 35 min.');
    expect(gapWarningText({ gapMinutes: 0, minutes: 35 })).toBe('No time between these visits; the drive is about 35 min.');
    expect(gapWarningText({ gapMinutes: 90, minutes: 148 })).toBe('Only 1 h 30 min between these visits; the drive is about 2 h 28 min.');
  });
});
