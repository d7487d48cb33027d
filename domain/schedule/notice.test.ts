import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { newYorkTimeMs } from './calendar';
import {
  DEFAULT_NOTICE,
  consultationDayNoticeProblem,
  consultationInsideNotice,
  insideNotice,
  noticeFrom,
  noticeHint,
  noticeRefusal,
  startedRefusal,
  visitDayNoticeProblem,
  visitDayStartedProblem,
  visitStarted,
  visitNoticeHours,
  visitStartMs,
} from './notice';

const HOUR = 3_600_000;

describe('insideNotice', () => {
  it.each([
    // Friday 2026-11-20 noon in New York (17:00Z); a 9 AM visit on Sunday the 22nd is 45 hours away.
    ['Sunday 9 AM is 45 h away: inside 48 h', '2026-11-22', 9 * 60, '2026-11-20T17:00:00Z', 48, true],
    ['Sunday noon is exactly 48 h away: allowed', '2026-11-22', 12 * 60, '2026-11-20T17:00:00Z', 48, false],
    ['one minute later the same slot is inside', '2026-11-22', 12 * 60, '2026-11-20T17:01:00Z', 48, true],
    ['the reported case: 10:28 AM for noon the next day', '2026-12-18', 12 * 60, '2026-12-17T15:28:00Z', 48, true],
    ['a consultation 24 h ahead exactly is allowed', '2026-11-25', 14 * 60 + 30, '2026-11-24T19:30:00Z', 24, false],
    ['no notice: only the past is inside', '2026-11-20', 12 * 60, '2026-11-20T17:00:00Z', 0, false],
  ])('%s', (_, date, start, now, hours, inside) => {
    expect(insideNotice(date, start, Date.parse(now), hours)).toBe(inside);
  });

  // Across the clock changes (2026-11-01 and 2027-03-14 in New York), the notice counts real
  // hours: a visit is inside exactly when it starts less than `hours` × 3,600,000 ms from now.
  it.each([
    ['the fall change', '2026-10-29', '2026-11-03'],
    ['the spring change', '2027-03-11', '2027-03-16'],
  ])('counts elapsed hours across %s (property)', (_, from, to) => {
    const start = newYorkTimeMs(from, 0);
    const end = newYorkTimeMs(to, 0);
    const days = ['2026-10-31', '2026-11-01', '2026-11-02', '2027-03-13', '2027-03-14', '2027-03-15'];
    fc.assert(
      fc.property(fc.integer({ min: start, max: end }), fc.constantFrom(...days), fc.integer({ min: 8 * 2, max: 20 * 2 }), fc.integer({ min: 0, max: 96 }), (now, date, halfHour, hours) => {
        const startMinutes = halfHour * 30;
        const startMs = visitStartMs(date, startMinutes);
        expect(insideNotice(date, startMinutes, now, hours)).toBe(startMs - now < hours * HOUR);
        // The boundary itself: exactly `hours` ahead is allowed, a millisecond later inside.
        expect(insideNotice(date, startMinutes, startMs - hours * HOUR, hours)).toBe(false);
        expect(insideNotice(date, startMinutes, startMs - hours * HOUR + 1, hours)).toBe(true);
      }),
    );
  });

  it('places visits on the clock of their day across the changes', () => {
    // 9 AM on the day the clocks fall back is 14:00Z (EST); on the day they spring forward, 13:00Z (EDT).
    expect(new Date(visitStartMs('2026-11-01', 9 * 60)).toISOString()).toBe('2026-11-01T14:00:00.000Z');
    expect(new Date(visitStartMs('2027-03-14', 9 * 60 + 30)).toISOString()).toBe('2027-03-14T13:30:00.000Z');
    // 48 hours before 9 AM Monday after the fall change is 10 AM (EDT) on Saturday, not 9 AM.
    expect(insideNotice('2026-11-02', 9 * 60, Date.parse('2026-10-31T14:00:00Z'), 48)).toBe(false);
    expect(insideNotice('2026-11-02', 9 * 60, Date.parse('2026-10-31T14:00:01Z'), 48)).toBe(true);
  });
});

describe('noticeFrom and visitNoticeHours', () => {
  it.each([
    ['missing: the defaults', null, DEFAULT_NOTICE],
    ['malformed: the defaults', 'soon', DEFAULT_NOTICE],
    ['one package set, the rest default', { visit_hours: { 'curated-christmas': 72 }, consultation_hours: 12 }, { visit: { ...DEFAULT_NOTICE.visit, 'curated-christmas': 72 }, consultation: 12 }],
    ['bad numbers fall back one by one', { visit_hours: { 'elevated-arbor': -1, 'adorned-arrangement': 1.5 }, consultation_hours: 9999 }, DEFAULT_NOTICE],
  ])('%s', (_, value, expected) => {
    expect(noticeFrom(value)).toEqual(expected);
  });

  it('reads the package, or the longest notice when none is given', () => {
    const n = noticeFrom({ visit_hours: { 'curated-christmas': 72, 'adorned-arrangement': 24 } });
    expect(visitNoticeHours(n, 'adorned-arrangement')).toBe(24);
    expect(visitNoticeHours(n, 'elevated-arbor')).toBe(48);
    expect(visitNoticeHours(n, null)).toBe(72);
    expect(visitNoticeHours(n, 'not-a-package')).toBe(72);
  });
});

describe('the day rules and sentences', () => {
  const friNoon = Date.parse('2026-11-20T17:00:00Z');
  it.each([
    ['Saturday: every slot inside 48 h', '2026-11-21', '5-7ft', 'install', 48, "Bookings need 48 hours' notice."],
    ['Sunday: the noon slot is exactly 48 h ahead, so the day stays open', '2026-11-22', '5-7ft', 'install', 48, null],
    ['Sunday for a 10-12 ft tree: only 9-18, inside', '2026-11-22', '10-12ft', 'install', 48, "Bookings need 48 hours' notice."],
    ['Tuesday: open', '2026-11-24', '10-12ft', 'install', 48, null],
    ['a removal follows the same rule', '2026-11-21', '5-7ft', 'removal', 24, null],
  ] as const)('%s', (_, date, size, kind, hours, problem) => {
    expect(visitDayNoticeProblem(date, size, kind, friNoon, hours)).toBe(problem);
  });

  it('consultations: the day closes when its last slot (7:30 PM) is inside the notice', () => {
    const tueNoon = Date.parse('2026-11-24T17:00:00Z');
    expect(consultationDayNoticeProblem('2026-11-25', tueNoon, 24)).toBeNull();
    expect(consultationInsideNotice('2026-11-25', '11:30', tueNoon, 24)).toBe(true);
    expect(consultationInsideNotice('2026-11-25', '12:00', tueNoon, 24)).toBe(false);
    expect(consultationDayNoticeProblem('2026-11-25', tueNoon, 32)).toBe("Bookings need 32 hours' notice.");
  });

  it('words the hint and the refusal', () => {
    expect(noticeHint(1)).toBe("Bookings need 1 hour's notice.");
    expect(noticeRefusal('consultation', 24)).toBe("That consultation time is too soon: bookings need 24 hours' notice. Please choose a later time.");
  });
});

describe("the owner's same-day times (docs/decisions/059)", () => {
  const noon = newYorkTimeMs('2026-11-20', 12);
  it('a time has started once its start is past; one starting later today has not', () => {
    expect(visitStarted('2026-11-20', 9 * 60, noon)).toBe(true);
    expect(visitStarted('2026-11-20', 15 * 60, noon)).toBe(false);
    expect(visitStarted('2026-11-21', 9 * 60, noon)).toBe(false);
    expect(startedRefusal('installation')).toBe('That installation time has already started. Please choose a later time.');
  });
  it('a day is closed to the owner only when every time has started', () => {
    expect(visitDayStartedProblem('2026-11-20', '5-7ft', 'install', noon)).toBeNull();
    expect(visitDayStartedProblem('2026-11-20', '5-7ft', 'install', newYorkTimeMs('2026-11-20', 19))).toBe('Every time on this day has started.');
  });
});
