import { describe, expect, it } from 'vitest';
import * as facts from './site-facts';
import { closingHoursText, listText, seasonWindows } from './site-facts';

describe('site facts (the numbers the content pages quote, docs/product.md §9)', () => {
  it('derives the quoted facts from domain/', () => {
    expect(facts).toMatchObject({
      FROM_PRICE: '$300',
      REMOVAL_VALUE: '$150',
      REMOVAL_ADD_ONS: [{ title: 'Adorned Arrangement', price: '$85' }],
      INCLUDED_REMOVAL_TITLES: ['Elevated Arbor', 'Curated Christmas'],
      DEPOSIT_PERCENT: '50%',
      FREE_RADIUS: '20 miles',
      PER_MILE: '$2',
      WORK_DAYS_TEXT: 'Tuesday, Friday, Saturday and Sunday',
      CONSULTATION_DAY: 'Wednesday',
      VISIT_LENGTHS_TEXT: '3 hours for 5–7 ft trees, 6 hours for 7.5–9 ft trees and 9 hours for 10–12 ft trees',
    });
  });

  it('gives the install and removal windows of the season being sold', () => {
    expect(seasonWindows('2026-11-20')).toEqual({ install: 'November 16 – December 23', removal: 'December 26 – January 31' });
    // The owner's season, once the server answered.
    const owners = { install: { start: '2026-10-26', end: '2026-12-20' }, removal: { start: '2026-12-26', end: '2027-02-15' } };
    expect(seasonWindows('2026-11-20', owners)).toEqual({ install: 'October 26 – December 20', removal: 'December 26 – February 15' });
  });

  it('joins lists in English', () => {
    expect(listText([])).toBe('');
    expect(listText(['a'])).toBe('a');
    expect(listText(['a', 'b'])).toBe('a and b');
    expect(listText(['a', 'b', 'c'], 'or')).toBe('a, b or c');
  });
});

describe("the season's closing hours in words (docs/decisions/055)", () => {
  it.each([
    ['the pattern (prerendered)', null, '9 PM, or 6 PM on Sundays'],
    ['a season that set none', { workDays: [0, 2, 5, 6] }, '9 PM, or 6 PM on Sundays'],
    ['Saturdays at 6 PM too', { workDays: [0, 2, 5, 6], closingHours: { 6: 18 } }, '9 PM, or 6 PM on Saturdays and Sundays'],
    ['every work day alike', { workDays: [2, 5], closingHours: { 2: 20, 5: 20 } }, '8 PM'],
    ['three hours', { workDays: [0, 2, 5, 6], closingHours: { 0: 18, 6: 20 } }, '9 PM, or 8 PM on Saturdays or 6 PM on Sundays'],
    ['stored as JSON (string keys)', { workDays: [0, 6], closingHours: JSON.parse('{"6":18,"0":18}') as Record<number, number> }, '6 PM'],
  ])('%s', (_name, season, text) => {
    expect(closingHoursText(season)).toBe(text);
  });
});
