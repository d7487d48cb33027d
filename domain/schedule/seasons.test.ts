import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './calendar';
import { installDateProblem, seasonFor, seasonOfInstall } from './season';
import {
  closingHoursFrom,
  earlyBirdCutCents,
  EARLY_BIRD_MAX_AMOUNT_CENTS,
  earliestRenewalsOpen,
  lastInstallDate,
  renewalsOpenProblem,
  patternSeasonRecord,
  publicBookingClosed,
  SEASON_MESSAGES,
  seasonEditProblem,
  seasonOfBooking,
  seasonRecordProblem,
  soldSeason,
  soldSeasonYear,
  type SeasonRecord,
} from './seasons';

const s2026 = patternSeasonRecord(2026);
const s2027: SeasonRecord = {
  ...patternSeasonRecord(2027),
  install: { start: '2027-11-10', end: '2027-12-20' },
  workDays: [1, 2],
  publicOpens: '2027-09-01',
  earlyBird: { kind: 'percent', value: 10, until: '2027-10-15' },
};

describe('the season being sold, given the records', () => {
  it.each([
    ['no record: the pattern', '2026-12-23', [], 2026],
    ['no record: after December 23, next year', '2026-12-24', [], 2027],
    ['a record ending its installs early', '2026-12-11', [{ ...s2026, install: { start: '2026-11-16', end: '2026-12-10' } }], 2027],
    ['a record extending its installs', '2026-12-27', [{ ...s2026, install: { start: '2026-11-16', end: '2026-12-28' }, removal: { start: '2026-12-29', end: '2027-01-31' } }], 2026],
    ['January: this year', '2027-01-05', [s2027], 2027],
  ] as const)('%s', (_name, today, records, year) => {
    expect(soldSeasonYear(today, records)).toBe(year);
    expect(soldSeason(today, records).year).toBe(year);
  });
  it('without records it is exactly seasonFor, with the older override', () => {
    const legacy = { install: { start: '2026-11-20', end: '2026-12-20' } };
    expect(soldSeason('2026-10-01', [], legacy)).toEqual(seasonFor('2026-10-01', legacy));
  });
  it("takes the record's windows and work days", () => {
    expect(soldSeason('2027-03-01', [s2026, s2027])).toMatchObject({ year: 2027, install: s2027.install, workDays: [1, 2] });
  });
  it('never sells a season whose installs have ended (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 40 }), (offset, cut) => {
        const today = addDays('2025-01-01', offset);
        const y = Number(today.slice(0, 4));
        const rec = { ...patternSeasonRecord(y), install: { start: `${y}-11-10`, end: addDays(`${y}-11-20`, cut) } };
        const sold = soldSeason(today, [rec]);
        expect(sold.install.end >= today || sold.year === y + 1).toBe(true);
        expect(sold.year === y || sold.year === y + 1).toBe(true);
      }),
    );
  });
});

describe("a booking's season, whatever today is", () => {
  it("keeps last season's record after next season's is set", () => {
    const last = { ...s2026, removal: { start: '2026-12-26', end: '2027-02-28' } };
    expect(seasonOfBooking('2026-12-20', '2026-12-28', [last, s2027]).removal.end).toBe('2027-02-28');
  });
  it('without a record it is seasonOfInstall', () => {
    expect(seasonOfBooking('2026-12-20', '2026-12-28', [s2027])).toEqual(seasonOfInstall('2026-12-20', '2026-12-28'));
    expect(seasonOfBooking('', '2026-12-28', []).year).toBe(2027);
  });
  it("carries the record's closing hours, and none without a record (the pattern)", () => {
    const hours = { ...s2026, closingHours: { 6: 18 } };
    expect(seasonOfBooking('2026-11-28', '2027-10-01', [hours, s2027]).closingHours).toEqual({ 6: 18 });
    expect(soldSeason('2027-10-01', [hours, s2027]).closingHours).toEqual({});
    expect(seasonOfBooking('2025-11-28', '2027-10-01', [hours, s2027]).closingHours).toBeUndefined();
  });
  it("the record's work days decide installs, with the sentence naming them", () => {
    const ctx = { today: '2027-01-01', season: soldSeason('2027-01-01', [s2027]), blocked: new Set<string>() };
    expect(installDateProblem('2027-11-15', ctx)).toBeNull(); // a Monday
    expect(installDateProblem('2027-11-14', ctx)).toBe('Installations are scheduled on Mondays and Tuesdays only.');
  });
});

describe('public booking opens', () => {
  it.each([
    ['before the date', '2027-08-31', s2027, 'Booking for the 2027 season opens on Wednesday, September 1.'],
    ['on the date', '2027-09-01', s2027, null],
    ['no opening date', '2027-08-31', { ...s2027, publicOpens: '' }, null],
    ['no record', '2027-08-31', null, null],
  ] as const)('%s', (_name, today, rec, sentence) => {
    expect(publicBookingClosed(today, rec)).toBe(sentence);
  });
});

describe('the early-bird cut (cents)', () => {
  it.each([
    ['10% until the cutoff', 150000, { kind: 'percent', value: 10, until: '2027-10-15' }, '2027-10-15', 15000],
    ['after the cutoff', 150000, { kind: 'percent', value: 10, until: '2027-10-15' }, '2027-10-16', 0],
    ['an amount', 150000, { kind: 'amount', value: 5000, until: '2027-10-15' }, '2027-10-01', 5000],
    ['never more than half the subtotal (an amount stored before its cap)', 3000, { kind: 'amount', value: 99999999, until: '2027-10-15' }, '2027-10-01', 1500],
    ['50% is half', 30000, { kind: 'percent', value: 50, until: '2027-10-15' }, '2027-10-01', 15000],
    ['rounded to the cent', 999, { kind: 'percent', value: 15, until: '2027-10-15' }, '2027-10-01', 150],
    ['no cut', 150000, null, '2027-10-01', 0],
  ] as const)('%s', (_name, subtotal, eb, today, cut) => {
    expect(earlyBirdCutCents(subtotal, eb, today)).toBe(cut);
  });
});

describe('the early-bird amount cap', () => {
  it('is half the cheapest package (the Adorned Arrangement, 5–7 ft, $300), named in dollars', () => {
    expect(EARLY_BIRD_MAX_AMOUNT_CENTS).toBe(15000);
    expect(SEASON_MESSAGES.earlyBirdAmount).toBe("An early-bird amount must be more than $0 and at most $150, half the cheapest package's price.");
  });
});

describe('a season record', () => {
  it.each([
    ['the pattern', patternSeasonRecord(2028), null],
    ['installs outside its year', { ...patternSeasonRecord(2028), install: { start: '2029-11-16', end: '2029-12-23' } }, SEASON_MESSAGES.installYear],
    ['removals before the last install', { ...patternSeasonRecord(2028), removal: { start: '2028-12-20', end: '2029-01-31' } }, SEASON_MESSAGES.removalAfter],
    ['no work day', { ...patternSeasonRecord(2028), workDays: [] }, SEASON_MESSAGES.workDays],
    ['a percent over 50', { ...patternSeasonRecord(2028), earlyBird: { kind: 'percent', value: 60, until: '2028-10-01' } }, SEASON_MESSAGES.earlyBirdPercent],
    ['a cut without its date', { ...patternSeasonRecord(2028), earlyBird: { kind: 'amount', value: 100, until: '' } }, SEASON_MESSAGES.earlyBirdUntil],
    ['an amount of half the cheapest package ($150)', { ...patternSeasonRecord(2028), earlyBird: { kind: 'amount', value: 15000, until: '2028-10-01' } }, null],
    ['an amount a cent over half the cheapest package', { ...patternSeasonRecord(2028), earlyBird: { kind: 'amount', value: 15001, until: '2028-10-01' } }, SEASON_MESSAGES.earlyBirdAmount],
    ['an amount of $999,999.99', { ...patternSeasonRecord(2028), earlyBird: { kind: 'amount', value: 99999999, until: '2028-10-01' } }, SEASON_MESSAGES.earlyBirdAmount],
    ['an amount of zero', { ...patternSeasonRecord(2028), earlyBird: { kind: 'amount', value: 0, until: '2028-10-01' } }, SEASON_MESSAGES.earlyBirdAmount],
    ['Saturdays closing at 6 PM', { ...patternSeasonRecord(2028), closingHours: { 6: 18 } }, null],
    ['every weekday at the edges', { ...patternSeasonRecord(2028), closingHours: { 0: 12, 1: 23, 2: 12, 3: 23, 4: 12, 5: 23, 6: 20 } }, null],
    ['a closing hour before noon', { ...patternSeasonRecord(2028), closingHours: { 6: 11 } }, SEASON_MESSAGES.closingHours],
    ['a closing hour at midnight', { ...patternSeasonRecord(2028), closingHours: { 6: 24 } }, SEASON_MESSAGES.closingHours],
    ['a half hour', { ...patternSeasonRecord(2028), closingHours: { 6: 18.5 } }, SEASON_MESSAGES.closingHours],
    ['a weekday 7', { ...patternSeasonRecord(2028), closingHours: { 7: 18 } }, SEASON_MESSAGES.closingHours],
    ['not a map', { ...patternSeasonRecord(2028), closingHours: [18, 21] }, SEASON_MESSAGES.closingHours],
  ] as const)('%s', (_name, rec, problem) => {
    expect(seasonRecordProblem(rec as SeasonRecord)).toBe(problem);
  });
});

describe('stored closing hours', () => {
  it.each([
    ['a weekday map', { '6': 18, '0': 20 }, { 6: 18, 0: 20 }],
    ['nothing stored', null, {}],
    ['a list', [18], {}],
    ['bad entries left out', { '6': 25, '5': '18', '9': 18, '2': 15 }, { 2: 15 }],
  ] as const)('%s', (_name, raw, hours) => {
    expect(closingHoursFrom(raw)).toEqual(hours);
  });
});

describe('the edit rule', () => {
  const later = { ...s2027, install: { ...s2027.install, end: '2027-12-22' }, removal: { ...s2027.removal, end: '2028-02-15' } };
  it.each([
    ['anything before the first booking', { ...s2027, workDays: [0] }, false, null],
    ['end dates extended after a booking', later, true, null],
    ['an end date shortened after a booking', { ...s2027, install: { ...s2027.install, end: '2027-12-18' } }, true, SEASON_MESSAGES.locked(2027)],
    ['another field after a booking', { ...s2027, publicOpens: '2027-08-01' }, true, SEASON_MESSAGES.locked(2027)],
    ['a start date after a booking', { ...s2027, install: { ...s2027.install, start: '2027-11-12' } }, true, SEASON_MESSAGES.locked(2027)],
    ['closing hours before the first booking', { ...s2027, closingHours: { 6: 18 } }, false, null],
    ['closing hours after a booking', { ...s2027, closingHours: { 6: 18 } }, true, SEASON_MESSAGES.locked(2027)],
    ['a later closing after a booking (locked too)', { ...s2027, closingHours: { 0: 21 } }, true, SEASON_MESSAGES.locked(2027)],
    ['the early bird changed after a booking', { ...s2027, earlyBird: { kind: 'amount', value: 5000, until: '2027-10-31' } }, true, null],
    ['the early bird taken off after a booking', { ...s2027, earlyBird: null }, true, null],
    ['the early bird and a later end date after a booking', { ...later, earlyBird: { kind: 'percent', value: 20, until: '2027-09-30' } }, true, null],
    ['the pattern written out after a booking (the same hours)', { ...later, closingHours: { 0: 18, 1: 21, 2: 21, 3: 21, 4: 21, 5: 21, 6: 21 } }, true, null],
  ] as const)('%s', (_name, next, hasBooking, problem) => {
    expect(seasonEditProblem(s2027, next as SeasonRecord, hasBooking)).toBe(problem);
  });
  it('after a booking, only later end dates pass (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 10 }), fc.integer({ min: -10, max: 10 }), fc.boolean(), (di, dr, touchOther) => {
        const next: SeasonRecord = {
          ...s2027,
          install: { ...s2027.install, end: addDays(s2027.install.end, di) },
          removal: { ...s2027.removal, end: addDays(s2027.removal.end, dr) },
          renewalsOpen: touchOther ? '2027-08-01' : s2027.renewalsOpen,
        };
        const ok = seasonEditProblem(s2027, next, true) === null;
        const valid = seasonRecordProblem(next) === null;
        expect(ok).toBe(valid && di >= 0 && dr >= 0 && !touchOther);
        // Before a booking, any valid record passes.
        expect(seasonEditProblem(s2027, next, false) === null).toBe(valid);
      }),
    );
  });
});

describe("the earliest 'Renewals open'", () => {
  it.each([
    ['the day after the pattern’s December 23 when the year before has no record', 2027, [], '2026-12-24'],
    ['the day after the record’s last installation', 2027, [{ ...patternSeasonRecord(2026), install: { start: '2026-11-16', end: '2026-12-20' } }], '2026-12-21'],
  ] as const)('%s', (_name, year, records, earliest) => {
    expect(earliestRenewalsOpen(year, records)).toBe(earliest);
    // The save refuses the day before and takes the day itself.
    const rec = { ...patternSeasonRecord(year), renewalsOpen: earliest };
    expect(renewalsOpenProblem(rec, lastInstallDate(year - 1, records))).toBeNull();
  });
});
