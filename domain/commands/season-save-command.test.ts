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
  ])('%s', (_name, b, message) => {
    const r = parseSeasonSave(b);
    expect(r.ok ? null : r.message).toBe(message);
  });
});

describe('decide', () => {
  const existing = { id: 'season2027abcde', season: s2027 };
  const later = { ...s2027, removal: { ...s2027.removal, end: '2028-02-29' } };
  it.each([
    ['a new season is created', { existing: null, hasBooking: false }, s2027, 'create'],
    ['any field before the first booking', { existing, hasBooking: false }, { ...s2027, workDays: [1] }, 'update'],
    ['a later removal end after a booking', { existing, hasBooking: true }, later, 'update'],
    ['another field after a booking: 409', { existing, hasBooking: true }, { ...s2027, publicOpens: '2027-09-01' }, 409],
    ['closing hours before the first booking', { existing, hasBooking: false }, { ...s2027, closingHours: { 6: 18 } }, 'update'],
    ['closing hours after a booking: 409', { existing, hasBooking: true }, { ...s2027, closingHours: { 6: 18 } }, 409],
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

describe('fields', () => {
  it('stores the closing hours as the json field closing_hours', () => {
    const out = seasonSaveCommand.decide({ existing: null, hasBooking: false }, { ...s2027, closingHours: { 6: 18 } }, 0);
    expect(!isRefusal(out) && out.changes[0]!.fields.closing_hours).toEqual({ 6: 18 });
  });
});
