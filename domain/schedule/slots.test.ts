import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONSULTATION_SLOTS, closingHour, closingWeek, findSlot, formatSlotRange, parseSlotId, slotsFor, type ClosingHours } from './slots';
import { addDays } from './calendar';

describe('slots by size and closing hour (docs/product.md §9 Schedule)', () => {
  it.each<[string, string, string[]]>([
    ['5-7ft', '2026-11-24', ['9-12', '12-15', '15-18', '18-21']],
    ['7.5-9ft', '2026-11-24', ['9-15', '12-18', '15-21']],
    ['10-12ft', '2026-11-24', ['9-18', '12-21']],
    ['5-7ft', '2026-11-22', ['9-12', '12-15', '15-18']],
    ['7.5-9ft', '2026-11-22', ['9-15', '12-18']],
    ['10-12ft', '2026-11-22', ['9-18']],
  ])('%s on %s', (size, date, ids) => {
    expect(slotsFor(size as '5-7ft', date, 'install').map((s) => s.id)).toEqual(ids);
  });
  it('closes at 18 on Sundays and 21 otherwise', () => {
    expect(closingHour('2026-11-22')).toBe(18);
    expect(closingHour('2026-11-21')).toBe(21);
  });
  it('labels install slots with "Install" and gives a time range', () => {
    const [slot] = slotsFor('7.5-9ft', '2026-11-24', 'install');
    expect(slot).toEqual({ id: '9-15', label: 'Morning Install', time: '9:00 AM – 3:00 PM', startHour: 9, endHour: 15 });
    expect(slotsFor('5-7ft', '2026-11-24', 'removal')[3]?.label).toBe('Evening Removal');
  });
  it('finds only offered slots', () => {
    expect(findSlot('7.5-9ft', '2026-11-22', 'install', '15-21')).toBeNull();
    expect(findSlot('7.5-9ft', '2026-11-24', 'install', '15-21')?.endHour).toBe(21);
    expect(findSlot('7.5-9ft', '2026-11-24', 'install', '9-12')).toBeNull();
  });
  it('parses and formats slot ids', () => {
    expect(parseSlotId('9-17')).toEqual({ startHour: 9, endHour: 17 });
    expect(parseSlotId('17-9')).toBeNull();
    expect(parseSlotId('9:00')).toBeNull();
    expect(formatSlotRange('9-17')).toBe('9 AM - 5 PM');
    expect(formatSlotRange('12-21')).toBe('12 PM - 9 PM');
  });
  it('has 24 consultation half-hours from 08:00 to 19:30', () => {
    expect(CONSULTATION_SLOTS).toHaveLength(24);
    expect(CONSULTATION_SLOTS[0]).toEqual({ id: '08:00', label: '8:00 AM' });
    expect(CONSULTATION_SLOTS[23]).toEqual({ id: '19:30', label: '7:30 PM' });
  });
});

describe("a season's closing hours (docs/decisions/055)", () => {
  // 2026-11-28 is a Saturday, 2026-11-22 a Sunday, 2026-11-24 a Tuesday.
  const saturdayAtSix: ClosingHours = { 6: 18 };
  it.each<[string, ClosingHours | undefined, number]>([
    ['2026-11-28', saturdayAtSix, 18],
    ['2026-11-28', undefined, 21],
    ['2026-11-28', {}, 21],
    ['2026-11-22', saturdayAtSix, 18],
    ['2026-11-22', { 0: 20 }, 20],
    ['2026-11-24', { 2: 15 }, 15],
    ['2026-11-24', saturdayAtSix, 21],
  ])('%s with %j closes at %i', (date, closing, hour) => {
    expect(closingHour(date, closing)).toBe(hour);
  });
  it.each<[string, string, ClosingHours, string[]]>([
    ['7.5-9ft', '2026-11-28', saturdayAtSix, ['9-15', '12-18']],
    ['5-7ft', '2026-11-28', saturdayAtSix, ['9-12', '12-15', '15-18']],
    ['10-12ft', '2026-11-28', saturdayAtSix, ['9-18']],
    ['7.5-9ft', '2026-11-24', saturdayAtSix, ['9-15', '12-18', '15-21']],
    ['10-12ft', '2026-11-22', { 0: 21 }, ['9-18', '12-21']],
    ['5-7ft', '2026-11-24', { 2: 14 }, ['9-12']],
    ['5-7ft', '2026-11-24', { 2: 20 }, ['9-12', '12-15', '15-18']],
  ])('%s on %s with %j', (size, date, closing, ids) => {
    expect(slotsFor(size as '5-7ft', date, 'install', closing).map((s) => s.id)).toEqual(ids);
  });
  it('finds a slot only when it ends by the season’s closing', () => {
    expect(findSlot('7.5-9ft', '2026-11-28', 'install', '15-21', saturdayAtSix)).toBeNull();
    expect(findSlot('5-7ft', '2026-11-28', 'removal', '18-21', saturdayAtSix)).toBeNull();
    expect(findSlot('7.5-9ft', '2026-11-28', 'install', '12-18', saturdayAtSix)?.endHour).toBe(18);
    expect(findSlot('7.5-9ft', '2026-11-28', 'install', '15-21')?.endHour).toBe(21);
  });
  it('names every weekday’s hour, the pattern where the season says nothing', () => {
    expect(closingWeek()).toEqual([18, 21, 21, 21, 21, 21, 21]);
    expect(closingWeek({ 6: 18, 0: 20 })).toEqual([20, 21, 21, 21, 21, 21, 18]);
  });
  it('offers only slots that end by the closing hour, whatever the season set', () => {
    const hours = fc.integer({ min: 12, max: 23 });
    fc.assert(
      fc.property(
        fc.constantFrom('5-7ft' as const, '7.5-9ft' as const, '10-12ft' as const),
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom('install' as const, 'removal' as const),
        fc.dictionary(fc.constantFrom('0', '1', '2', '3', '4', '5', '6'), hours),
        (size, offset, kind, dict) => {
          const closing: ClosingHours = Object.fromEntries(Object.entries(dict).map(([k, v]) => [Number(k), v]));
          const date = addDays('2026-07-01', offset);
          const close = closingHour(date, closing);
          for (const s of slotsFor(size, date, kind, closing)) {
            expect(s.endHour).toBeLessThanOrEqual(close);
            expect(findSlot(size, date, kind, s.id, closing)).toEqual(s);
          }
        },
      ),
    );
  });
});
