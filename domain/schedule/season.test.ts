import { describe, expect, it } from 'vitest';
import { consultationDateProblem, firstBookableDate, installDateProblem, removalDateProblem, seasonFor, seasonOfInstall, type DateContext } from './season';

describe('season windows (docs/architecture.md reading 3)', () => {
  it('sells the year whose install window has not ended', () => {
    expect(seasonFor('2026-11-21').year).toBe(2026);
    expect(seasonFor('2026-12-23').year).toBe(2026);
    expect(seasonFor('2026-12-24').year).toBe(2027);
    expect(seasonFor('2027-01-10').year).toBe(2027);
  });
  it('follows the docs/product.md month/day pattern', () => {
    expect(seasonFor('2025-10-01')).toEqual({
      year: 2025,
      install: { start: '2025-11-16', end: '2025-12-23' },
      removal: { start: '2025-12-26', end: '2026-01-31' },
      consultation: { start: '2025-11-12', end: '2025-12-17' },
    });
  });
  it('takes valid overrides and ignores invalid ones', () => {
    const s = seasonFor('2026-11-01', { install: { start: '2026-11-20', end: '2026-12-20' }, removal: { start: 'x', end: 'y' } });
    expect(s.install).toEqual({ start: '2026-11-20', end: '2026-12-20' });
    expect(s.removal.start).toBe('2026-12-26');
  });
});

describe("a booking's own season (its installation date), whatever today is", () => {
  it('after December 23 a booking of this season keeps this season’s removal window', () => {
    expect(seasonOfInstall('2026-12-20', '2026-12-28').removal).toEqual({ start: '2026-12-26', end: '2027-01-31' });
    expect(seasonFor('2026-12-28').removal).toEqual({ start: '2027-12-26', end: '2028-01-31' });
  });
  it("takes the overrides of that season only, and today's season without a date", () => {
    const stretched = { removal: { start: '2026-12-26', end: '2027-03-31' } };
    expect(seasonOfInstall('2026-12-20', '2026-12-28', stretched).removal.end).toBe('2027-03-31');
    expect(seasonOfInstall('2026-12-20', '2026-12-28', { install: { start: '2027-11-20', end: '2027-12-20' } }).install).toEqual({ start: '2026-11-16', end: '2026-12-23' });
    expect(seasonOfInstall('', '2026-12-28').year).toBe(2027);
    // A date after the install window still belongs to its year's season.
    expect(seasonOfInstall('2026-12-29', '2026-11-20').removal).toEqual({ start: '2026-12-26', end: '2027-01-31' });
  });
});

const ctx: DateContext = { today: '2026-11-20', season: seasonFor('2026-11-20'), blocked: new Set(['2026-11-28']) };

describe('installation dates (docs/product.md §5 Dates)', () => {
  it.each<[string, string, string | null]>([
    ['Tuesday', '2026-11-24', null],
    ['Friday', '2026-11-27', null],
    ['Sunday', '2026-11-22', null],
    ['Saturday, first day after today', '2026-11-21', null],
    ['Monday', '2026-11-23', 'Installations are scheduled on Tuesdays, Fridays, Saturdays and Sundays only.'],
    ['Wednesday', '2026-11-25', 'Installations are scheduled on Tuesdays, Fridays, Saturdays and Sundays only.'],
    ['Thursday', '2026-11-26', 'Installations are scheduled on Tuesdays, Fridays, Saturdays and Sundays only.'],
    ['today', '2026-11-20', 'That date has passed. Please choose a date after today.'],
    ['past', '2026-11-17', 'That date has passed. Please choose a date after today.'],
    ['blocked', '2026-11-28', 'That date is not available. Please choose another date.'],
    ['after the window', '2026-12-25', 'Installations are scheduled between November 16 and December 23, 2026.'],
    ['not a date', '2026-13-01', 'Please choose a valid date.'],
  ])('%s', (_n, date, problem) => {
    expect(installDateProblem(date, ctx)).toBe(problem);
  });

  it("the owner's own booking may choose today, never yesterday (docs/decisions/059)", () => {
    const owner = { ...ctx, sameDay: true };
    expect(installDateProblem('2026-11-20', owner)).toBeNull();
    expect(installDateProblem('2026-11-17', owner)).toBe('That date has passed. Please choose a date after today.');
    expect(installDateProblem('2026-11-20', ctx)).toBe('That date has passed. Please choose a date after today.');
  });
});

describe('removal and consultation dates', () => {
  it('removal dates lie in the removal window after the install, any weekday', () => {
    expect(removalDateProblem('2026-12-28', '2026-11-24', ctx)).toBeNull();
    expect(removalDateProblem('2026-12-30', '2026-11-24', ctx)).toBeNull(); // a Wednesday
    expect(removalDateProblem('2027-02-01', '2026-11-24', ctx)).toMatch(/^Removals are scheduled between/);
    expect(removalDateProblem('2026-12-20', '2026-11-24', ctx)).toMatch(/^Removals are scheduled between/);
  });
  it('consultations are Wednesdays in the window', () => {
    expect(consultationDateProblem('2026-11-25', ctx)).toBeNull();
    expect(consultationDateProblem('2026-11-26', ctx)).toBe('Consultations are held on Wednesdays only.');
    expect(consultationDateProblem('2026-12-23', ctx)).toMatch(/^Consultations are held between/);
  });
  it('finds the first bookable date', () => {
    expect(firstBookableDate('2026-11-20', (d) => installDateProblem(d, ctx))).toBe('2026-11-21');
  });
});
