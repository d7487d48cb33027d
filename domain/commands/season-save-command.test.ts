import { describe, expect, it } from 'vitest';
import { isRefusal } from './command';
import { parseSeasonSave, SEASON_SAVE_SHAPE, seasonSaveCommand } from './season-save-command';
import { patternSeasonRecord, SEASON_MESSAGES, type SeasonRecord } from '../schedule/seasons';

const s2027 = patternSeasonRecord(2027);
const body = (s: SeasonRecord) => ({ ...s, earlyBird: s.earlyBird }) as unknown as Record<string, unknown>;

describe('parse', () => {
  it.each([
    ['the pattern', body(s2027), null],
    ['not a season', { year: '2027' }, SEASON_SAVE_SHAPE],
    ['a percent cut over 50', { ...body(s2027), earlyBird: { kind: 'percent', value: 75, until: '2027-10-01' } }, SEASON_MESSAGES.earlyBirdPercent],
    ['no cut (empty kind)', { ...body(s2027), earlyBird: { kind: '', value: 0, until: '' } }, null],
    ['no closing hours (the pattern)', { ...body(s2027), closingHours: undefined }, null],
    ['Saturdays closing at 6 PM', { ...body(s2027), closingHours: { '6': 18 } }, null],
    ['a closing hour of 25', { ...body(s2027), closingHours: { '6': 25 } }, SEASON_MESSAGES.closingHours],
    ['a closing hour as text', { ...body(s2027), closingHours: { '6': '6 PM' } }, SEASON_MESSAGES.closingHours],
    ['closing hours as a list', { ...body(s2027), closingHours: [18] }, SEASON_MESSAGES.closingHours],
    ['renewals after public booking opens', { ...body(s2027), renewalsOpen: '2027-09-02', publicOpens: '2027-09-01' }, SEASON_MESSAGES.renewalsBeforePublic],
    ['renewals on the day public booking opens', { ...body(s2027), renewalsOpen: '2027-09-01', publicOpens: '2027-09-01' }, null],
  ])('%s', (_name, b, message) => {
    const r = parseSeasonSave(b);
    expect(r.ok ? null : r.message).toBe(message);
  });
});

describe('decide', () => {
  const existing = { id: 'season2027abcde', season: s2027 };
  const later = { ...s2027, removal: { ...s2027.removal, end: '2028-02-29' } };
  it.each([
    ['a new season is created', { existing: null, hasBooking: false, previousInstallEnd: '2026-12-23' }, s2027, 'create'],
    ['any field before the first booking', { existing, hasBooking: false, previousInstallEnd: '2026-12-23' }, { ...s2027, workDays: [1] }, 'update'],
    ['a later removal end after a booking', { existing, hasBooking: true, previousInstallEnd: '2026-12-23' }, later, 'update'],
    ['another field after a booking: 409', { existing, hasBooking: true, previousInstallEnd: '2026-12-23' }, { ...s2027, publicOpens: '2027-09-01' }, 409],
    ['closing hours before the first booking', { existing, hasBooking: false, previousInstallEnd: '2026-12-23' }, { ...s2027, closingHours: { 6: 18 } }, 'update'],
    ['closing hours after a booking: 409', { existing, hasBooking: true, previousInstallEnd: '2026-12-23' }, { ...s2027, closingHours: { 6: 18 } }, 409],
  ] as const)('%s', (_name, state, input, expected) => {
    const out = seasonSaveCommand.decide(state, input, 0);
    if (typeof expected === 'number') {
      expect(isRefusal(out) && out.status).toBe(expected);
      expect(isRefusal(out) && out.message).toBe(SEASON_MESSAGES.locked(2027));
    } else {
      expect(!isRefusal(out) && out.changes[0]!.op).toBe(expected);
    }
  });
});

describe("'Renewals open' after the season before is sold (docs/decisions/056)", () => {
  const state = { existing: null, hasBooking: false, previousInstallEnd: '2026-12-23' };
  it.each([
    ['the day after the last installation', '2026-12-24', null],
    ['in the summer before', '2027-08-01', null],
    ['not set', '', null],
    ['on the last installation day: 400', '2026-12-23', SEASON_MESSAGES.renewalsAfterLastSeason(2027, 'Wednesday, December 23, 2026')],
    ['during the season before: 400', '2026-12-01', SEASON_MESSAGES.renewalsAfterLastSeason(2027, 'Wednesday, December 23, 2026')],
  ] as const)('%s', (_name, renewalsOpen, message) => {
    const out = seasonSaveCommand.decide(state, { ...s2027, renewalsOpen }, 0);
    expect(isRefusal(out) ? [out.status, out.message] : null).toEqual(message ? [400, message] : null);
  });

  it('an unchanged early date is kept, so a season saved before the rule still extends its end dates', () => {
    const early = { ...s2027, renewalsOpen: '2026-12-01' };
    const out = seasonSaveCommand.decide({ ...state, existing: { id: 'season2027abcde', season: early }, hasBooking: true }, { ...early, removal: { ...early.removal, end: '2028-02-29' } }, 0);
    expect(isRefusal(out)).toBe(false);
  });
});

describe('fields', () => {
  it('stores the closing hours as the json field closing_hours', () => {
    const out = seasonSaveCommand.decide({ existing: null, hasBooking: false, previousInstallEnd: '2026-12-23' }, { ...s2027, closingHours: { 6: 18 } }, 0);
    expect(!isRefusal(out) && out.changes[0]!.fields.closing_hours).toEqual({ 6: 18 });
  });
});
