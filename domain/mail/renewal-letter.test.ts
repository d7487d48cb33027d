import { describe, expect, it } from 'vitest';
import { renewalPriceLine, renewalSections, renewalSubject, renewalVisitLines, type RenewalLetter } from './renewal-letter';

const LETTER: RenewalLetter = {
  customerName: 'Ann',
  season: 2027,
  packageLine: 'Elevated Arbor · 7.5–9 ft',
  addons: ['Stockings × 3'],
  address: '1 Elm St',
  installDate: '2027-11-23',
  installSlot: '9-15',
  removalDate: '',
  removalSlot: '',
  priceCents: 165000,
  earlyBird: { priceCents: 148500, until: '2027-08-31' },
  reserveUrl: 'https://example.com/booking?renewal=t',
  unsubscribeUrl: 'https://example.com/unsubscribe?e=a&t=t',
};

describe('the renewal letter', () => {
  it.each([
    ['with the early bird', LETTER, 'Early-bird price: $1,485 instead of $1,650 when you book by Tuesday, August 31, 2027.'],
    ['without one', { ...LETTER, earlyBird: null }, 'This season’s price for the same choices: $1,650.'],
  ])('prices %s', (_name, l, line) => {
    expect(renewalPriceLine(l)).toBe(line);
  });

  it.each([
    ['a date and slot', LETTER, ['Installation: Tuesday, November 23, 2027, 9 AM - 3 PM']],
    ['a date without a slot', { ...LETTER, installSlot: '', removalDate: '2027-12-27', removalSlot: '' }, ['Installation: Tuesday, November 23, 2027', 'Removal: Monday, December 27, 2027']],
    ['no date', { ...LETTER, installDate: '' as const }, ['Installation: a date of your choice']],
  ])('proposes %s', (_name, l, lines) => {
    expect(renewalVisitLines(l)).toEqual(lines);
  });

  it('ends with the reserve button and then the unsubscribe link', () => {
    const s = renewalSections(LETTER);
    expect(s.at(-2)?.link).toEqual({ label: 'Reserve my week again', url: LETTER.reserveUrl });
    expect(s.at(-1)?.link).toEqual({ label: 'Unsubscribe', url: LETTER.unsubscribeUrl });
    expect(renewalSubject(2027)).toBe('Reserve your week again for Christmas 2027');
  });
});
