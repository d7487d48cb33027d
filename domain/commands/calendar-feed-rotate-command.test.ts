import { describe, expect, it } from 'vitest';
import { calendarFeedRotateCommand, calendarFeedUrl } from './calendar-feed-rotate-command';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const ORIGIN = 'https://trees.example';
const TOKEN = 'Ab3'.repeat(13) + 'x';

describe('the calendar-feed-rotate command', () => {
  it.each([
    ['replaces the token of the existing row', 'row1', [{ op: 'update', collection: 'settings', id: 'row1', fields: { key: 'calendar_feed', value: { token: TOKEN } } }]],
    ['makes the row when there is none yet', null, [{ op: 'create', collection: 'settings', fields: { key: 'calendar_feed', value: { token: TOKEN } } }]],
  ])('%s, and answers the new URL', (_name, rowId, changes) => {
    expect(calendarFeedRotateCommand.decide({ rowId, freshToken: TOKEN, origin: ORIGIN }, {}, NOW)).toEqual({ changes, mails: [], answer: { url: `${ORIGIN}/api/fn/calendar.ics?token=${TOKEN}` } });
  });

  it('escapes the token in the URL', () => {
    expect(calendarFeedUrl(ORIGIN, 'a b&c')).toBe(`${ORIGIN}/api/fn/calendar.ics?token=a%20b%26c`);
  });

  it('takes no input and needs no key', () => {
    expect(calendarFeedRotateCommand.parse({}, [])).toEqual({ ok: true, value: {} });
    expect(calendarFeedRotateCommand.idempotency).toMatchObject({ by: 'natural', header: 'none' });
  });
});
