import { describe, expect, it } from 'vitest';
import { blockedDateProblem, settingValueProblem, SETTINGS_MESSAGES as M } from './site-settings';

describe('settings the admin edits (docs/decisions/015 Settings; docs/architecture.md readings 3, 4, 16)', () => {
  it.each<[string, string, unknown, string | null]>([
    ['default season', 'season', {}, null],
    ['install window only', 'season', { install: { start: '2026-11-14', end: '2026-12-20' } }, null],
    [
      'every window',
      'season',
      { install: { start: '2026-11-14', end: '2026-12-20' }, removal: { start: '2026-12-27', end: '2027-01-30' }, consultation: { start: '2026-11-11', end: '2026-12-16' } },
      null,
    ],
    ['season not an object', 'season', 'november', M.seasonShape],
    ['season as a list', 'season', [], M.seasonShape],
    ['season null', 'season', null, M.seasonShape],
    ['unknown window', 'season', { holidays: { start: '2026-12-24', end: '2026-12-26' } }, M.seasonShape],
    ['window without an end', 'season', { install: { start: '2026-11-14' } }, 'The installation window needs a start and an end date (YYYY-MM-DD).'],
    ['impossible date', 'season', { removal: { start: '2027-02-30', end: '2027-03-01' } }, 'The removal window needs a start and an end date (YYYY-MM-DD).'],
    ['window ending before it starts', 'season', { consultation: { start: '2026-12-16', end: '2026-11-11' } }, 'The consultation window must end on or after its start.'],
    ['window over a year long', 'season', { install: { start: '2026-01-01', end: '2027-01-02' } }, 'The installation window can be at most a year long.'],
    ['removals starting before the last install', 'season', { install: { start: '2026-11-14', end: '2026-12-20' }, removal: { start: '2026-12-20', end: '2027-01-30' } }, M.removalAfterInstall],
    ['one crew', 'capacity', { crews: 1 }, null],
    ['twenty crews', 'capacity', { crews: 20 }, null],
    ['no crews', 'capacity', { crews: 0 }, M.crews],
    ['21 crews', 'capacity', { crews: 21 }, M.crews],
    ['1.5 crews', 'capacity', { crews: 1.5 }, M.crews],
    ['crews as text', 'capacity', { crews: '2' }, M.crews],
    ['capacity as a number', 'capacity', 2, M.crews],
    ['60 miles', 'max_service_miles', 60, null],
    ['12.5 miles', 'max_service_miles', 12.5, null],
    ['0 miles', 'max_service_miles', 0, M.miles],
    ['1001 miles', 'max_service_miles', 1001, M.miles],
    ['miles as text', 'max_service_miles', '60', M.miles],
    ['a Google review link', 'google_review_url', 'https://g.page/r/CabcDEF123/review', null],
    ['no Google review link', 'google_review_url', '', null],
    ['a Google review link over http', 'google_review_url', 'http://g.page/r/CabcDEF123/review', M.googleReviewUrl],
    ['a Google review link without a scheme', 'google_review_url', 'g.page/r/CabcDEF123/review', M.googleReviewUrl],
    ['a javascript: link', 'google_review_url', 'javascript:alert(1)', M.googleReviewUrl],
    ['a link with credentials', 'google_review_url', 'https://user:pw@g.page/r/x', M.googleReviewUrl],
    ['a link with spaces around it', 'google_review_url', ' https://g.page/r/x ', M.googleReviewUrl],
    ['a link too long', 'google_review_url', `https://g.page/${'x'.repeat(500)}`, M.googleReviewUrl],
    ['a link that is not text', 'google_review_url', null, M.googleReviewUrl],
    ['the default notice', 'notice', { visit_hours: { 'adorned-arrangement': 48, 'elevated-arbor': 48, 'curated-christmas': 48 }, consultation_hours: 24 }, null],
    ['no notice at all', 'notice', { visit_hours: { 'adorned-arrangement': 0, 'elevated-arbor': 0, 'curated-christmas': 0 }, consultation_hours: 0 }, null],
    ['a package missing', 'notice', { visit_hours: { 'adorned-arrangement': 48, 'elevated-arbor': 48 }, consultation_hours: 24 }, M.notice],
    ['an unknown package', 'notice', { visit_hours: { 'adorned-arrangement': 48, 'elevated-arbor': 48, 'curated-christmas': 48, deluxe: 1 }, consultation_hours: 24 }, M.notice],
    ['half an hour', 'notice', { visit_hours: { 'adorned-arrangement': 48, 'elevated-arbor': 48, 'curated-christmas': 0.5 }, consultation_hours: 24 }, M.notice],
    ['over 30 days', 'notice', { visit_hours: { 'adorned-arrangement': 48, 'elevated-arbor': 48, 'curated-christmas': 48 }, consultation_hours: 721 }, M.notice],
    ['consultation hours missing', 'notice', { visit_hours: { 'adorned-arrangement': 48, 'elevated-arbor': 48, 'curated-christmas': 48 } }, M.notice],
    ['notice as a number', 'notice', 48, M.notice],
    ['a 30-minute buffer', 'travel_buffer_minutes', 30, null],
    ['no buffer', 'travel_buffer_minutes', 0, null],
    ['a negative buffer', 'travel_buffer_minutes', -5, M.buffer],
    ['a buffer over 4 hours', 'travel_buffer_minutes', 241, M.buffer],
    ['a buffer as text', 'travel_buffer_minutes', '30', M.buffer],
    ['a 12-hour waitlist offer window', 'waitlist', { offer_hours: 12 }, null],
    ['no waitlist offer window', 'waitlist', { offer_hours: 0 }, M.waitlist],
    ['a waitlist offer window as text', 'waitlist', { offer_hours: '12' }, M.waitlist],
    ['an unknown key', 'calendar_feed', { token: 'x' }, M.unknownKey],
    ['an empty key', '', 1, M.unknownKey],
  ])('%s', (_name, key, value, problem) => {
    expect(settingValueProblem(key, value)).toBe(problem);
  });
});

describe('blocked dates', () => {
  it.each<[unknown, unknown, string | null]>([
    ['2026-12-05', '', null],
    ['2026-12-05', 'Staff holiday', null],
    ['2026-02-30', '', M.blockedDate],
    ['5 Dec', '', M.blockedDate],
    [20261205, '', M.blockedDate],
    ['2026-12-05', 'x'.repeat(201), M.reasonTooLong],
  ])('%s (%s)', (date, reason, problem) => {
    expect(blockedDateProblem(date, reason)).toBe(problem);
  });
});
