import { describe, expect, it } from 'vitest';
import type { LatLon } from '../place/distance';
import { bufferFrom, driveShortfall, slotBlocked, type PlacedVisit } from './travel-buffer';
import { placedVisitsOn, slotChoices, type BookingSchedule } from './overlap';

// Ellicott City (21043), next door (21042), and Annapolis (21401), about 35 miles by road.
const CENTROIDS: Record<string, LatLon> = { '21043': [39.2673, -76.7983], '21042': [39.2676, -76.8617], '21401': [38.9784, -76.4922] };
const centroid = (zip: string) => CENTROIDS[zip];
const at = (start: number, end: number, zip: string | null): PlacedVisit => ({ start: start * 60, end: end * 60, zip });

describe('driveShortfall', () => {
  it.each([
    ['back to back across towns, 30 min buffer', at(9, 12, '21401'), at(12, 15, '21043'), 30, true],
    ['back to back, same ZIP (5 min)', at(9, 12, '21043'), at(12, 15, '21043'), 30, false],
    ['back to back, same ZIP, no buffer: even 5 min does not fit', at(9, 12, '21043'), at(12, 15, '21043'), 0, true],
    ['back to back, next town', at(9, 12, '21042'), at(12, 15, '21043'), 30, false],
    ['the order does not matter', at(12, 15, '21043'), at(9, 12, '21401'), 30, true],
    ['three hours apart across towns', at(9, 12, '21401'), at(15, 18, '21043'), 0, false],
    ['a buffer as long as the drive', at(9, 12, '21401'), at(12, 15, '21043'), 120, false],
    ['overlapping visits are the overlap check’s business', at(9, 15, '21401'), at(12, 15, '21043'), 0, false],
    ['an unknown ZIP', at(9, 12, null), at(12, 15, '21043'), 0, false],
    ['a ZIP without a centroid', at(9, 12, '99999'), at(12, 15, '21043'), 0, false],
  ])('%s', (_, a, b, buffer, short) => {
    expect(driveShortfall(a, b, buffer, centroid) !== null).toBe(short);
  });
});

describe('slotBlocked', () => {
  const far = [[at(9, 12, '21401')]];
  const travel = (zip: string | null, bufferMinutes = 30) => ({ zip, bufferMinutes, centroid });
  it.each([
    ['one crew: a far visit just before blocks', far, 1, travel('21043'), true],
    ['one crew: the same ZIP does not', [[at(9, 12, '21043')]], 1, travel('21043'), false],
    ['two crews: one far visit leaves the other crew', far, 2, travel('21043'), false],
    ['two crews: a far visit and an overlapping one block', [...far, [at(12, 15, '21043')]], 2, travel('21043'), true],
    ['without the address, only the overlap counts', far, 1, null, false],
  ])('%s', (_, visits, crews, check, blocked) => {
    expect(slotBlocked({ start: 12 * 60, end: 15 * 60 }, visits, crews, check)).toBe(blocked);
  });
});

describe('bufferFrom', () => {
  it.each([
    [undefined, 30],
    [null, 30],
    [45, 45],
    [0, 0],
    [-5, 30],
    [12.5, 30],
    [999, 30],
  ])('%s → %s', (value, minutes) => {
    expect(bufferFrom(value)).toBe(minutes);
  });
});

describe('slotChoices with the customer rules', () => {
  const booking = (slot: string, address: string): BookingSchedule => ({
    id: 'b1',
    status: 'confirmed',
    payment_status: 'deposit_paid',
    install_date: '2026-12-17',
    install_time_slot: slot,
    customer_address: address,
  });
  const now = Date.parse('2026-12-14T17:00:00Z');
  const ids = (choices: { id: string; available: boolean }[]) => Object.fromEntries(choices.map((c) => [c.id, c.available]));
  it('marks the slot right after a far visit unavailable, and keeps the others', () => {
    const bookings = [booking('9-12', '1 Main St, Annapolis, MD 21401')];
    expect(ids(slotChoices('5-7ft', '2026-12-17', 'install', bookings, now, 1, { travel: { zip: '21043', bufferMinutes: 30, centroid } }))).toEqual({
      '9-12': false,
      '12-15': false,
      '15-18': true,
      '18-21': true,
    });
    expect(ids(slotChoices('5-7ft', '2026-12-17', 'install', bookings, now, 1, { travel: { zip: '21401', bufferMinutes: 30, centroid } }))['12-15']).toBe(true);
  });
  it('leaves out the slots inside the notice', () => {
    const wedNoon = Date.parse('2026-12-15T17:00:00Z');
    expect(slotChoices('5-7ft', '2026-12-17', 'install', [], wedNoon, 1, { noticeHours: 48 }).map((c) => c.id)).toEqual(['12-15', '15-18', '18-21']);
  });
  it('places each active booking’s visits at its ZIP', () => {
    expect(placedVisitsOn('2026-12-17', [booking('9-12', '5 Elm St, Columbia, MD 21043')], now)).toEqual([[{ start: 540, end: 720, zip: '21043' }]]);
  });
});
