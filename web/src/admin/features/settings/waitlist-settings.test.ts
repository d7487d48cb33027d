import { describe, expect, it } from 'vitest';
import { offerHoursFrom } from './waitlist-settings';

describe('offerHoursFrom', () => {
  it.each([
    [{ offer_hours: 6 }, 6],
    [undefined, 12],
    [{ offer_hours: 0 }, 12],
    [{ offer_hours: '6' }, 12],
  ])('%j → %i hours', (value, hours) => {
    expect(offerHoursFrom(value)).toBe(hours);
  });
});
