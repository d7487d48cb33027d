import { describe, expect, it } from 'vitest';
import { isFullDay } from './waitlist-join';

describe('isFullDay', () => {
  it.each([
    [{ bookable: true, slots: [{ available: false }, { available: false }] }, true],
    [{ bookable: true, slots: [{ available: false }, { available: true }] }, false],
    [{ bookable: true, slots: [] }, false],
    [{ bookable: false, slots: [] }, false],
    [null, false],
  ])('a full day is bookable with every slot taken (%j → %s)', (a, full) => {
    expect(isFullDay(a)).toBe(full);
  });
});
