import { describe, expect, it } from 'vitest';
import { CONSULTATION_SLOTS, closingHour, findSlot, formatSlotRange, parseSlotId, slotsFor } from './slots';

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
