import { describe, expect, it } from 'vitest';
import { REMOVAL_AFTER_INSTALL, type DateContext } from '../schedule/season';
import { moveDateProblem, seasonUnknownContext } from './visit-move';

const season: DateContext = {
  today: '2026-11-20',
  season: { year: 2026, install: { start: '2026-11-21', end: '2026-12-20' }, removal: { start: '2026-12-26', end: '2027-01-15' }, consultation: { start: '2026-10-01', end: '2026-12-16' } },
  blocked: new Set(['2026-12-11']),
};
const b = { install_date: '2026-12-04', removal_date: '2026-12-28' };

describe('moveDateProblem: where a visit may move', () => {
  it.each<[string, 'install' | 'removal', string, string | null]>([
    ['an installation to another work day in the window', 'install', '2026-12-05', null],
    ['an installation on a Thursday', 'install', '2026-12-10', 'Installations are scheduled on Tuesdays, Fridays, Saturdays and Sundays only.'],
    ['an installation on a blocked date', 'install', '2026-12-11', 'That date is not available. Please choose another date.'],
    ['an installation after the window', 'install', '2026-12-27', 'Installations are scheduled between November 21 and December 20, 2026.'],
    ['a removal in its window', 'removal', '2027-01-05', null],
    ['a removal in the past', 'removal', '2026-11-19', 'That date has passed. Please choose a date after today.'],
  ])('%s', (_, visit, date, expected) => {
    const problem = moveDateProblem(visit, date, b, season);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toContain(expected.slice(0, 40));
  });

  it('an installation onto or past its removal is refused', () => {
    const early = { install_date: '2026-12-04', removal_date: '2026-12-12' };
    expect(moveDateProblem('install', '2026-12-13', early, seasonUnknownContext('2026-11-20'))).toBe(REMOVAL_AFTER_INSTALL);
    expect(moveDateProblem('removal', '2026-12-04', early, seasonUnknownContext('2026-11-20'))).toBe(REMOVAL_AFTER_INSTALL);
  });

  it('offline, without the season: only the weekday, past-date and order rules; the server checks the rest', () => {
    const ctx = seasonUnknownContext('2026-11-20');
    expect(moveDateProblem('install', '2027-03-05', { install_date: '2026-12-04', removal_date: '' }, ctx)).toBeNull();
    expect(moveDateProblem('install', '2026-12-10', b, ctx)).toMatch(/^Installations are scheduled on/);
    expect(moveDateProblem('install', '2026-11-13', b, ctx)).toMatch(/^That date has passed/);
  });
});
