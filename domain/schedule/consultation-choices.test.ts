import { describe, expect, it } from 'vitest';
import { consultationDayAnswer } from './consultation-choices';
import { isFullDay } from './full-days';
import { seasonFor, type DateContext } from './season';
import { CONSULTATION_SLOTS } from './slots';

// Friday November 20, 2026, noon in New York.
const now = Date.UTC(2026, 10, 20, 17);
const ctx: DateContext = { today: '2026-11-20', season: seasonFor('2026-11-20'), blocked: new Set() };
const ALL = new Set(CONSULTATION_SLOTS.map((s) => s.id));
const day = (taken: ReadonlySet<string>) => () => ({ taken, others: [] });

describe("consultationDayAnswer: one consultation date's answer", () => {
  it('offers every slot of a free Wednesday, and marks a Wednesday whose every slot is taken full', () => {
    const free = consultationDayAnswer('2026-11-25', ctx, now, 24, day(new Set()), null);
    expect(free).toMatchObject({ bookable: true, reason: null, noticeHint: null });
    expect(free.slots.filter((s) => s.available)).toHaveLength(24);
    expect(isFullDay(free)).toBe(false);
    expect(isFullDay(consultationDayAnswer('2026-11-25', ctx, now, 24, day(ALL), null))).toBe(true);
    const oneLeft = new Set(ALL);
    oneLeft.delete('19:30');
    expect(isFullDay(consultationDayAnswer('2026-11-25', ctx, now, 24, day(oneLeft), null))).toBe(false);
  });

  it('refuses a day the rules refuse, without reading its requests', () => {
    const unread = () => {
      throw new Error('read');
    };
    expect(consultationDayAnswer('2026-11-26', ctx, now, 24, unread, null)).toEqual({ bookable: false, reason: 'Consultations are held on Wednesdays only.', noticeHint: null, slots: [] });
    expect(isFullDay(consultationDayAnswer('2026-11-18', ctx, now, 24, unread, null))).toBe(false);
  });

  it('leaves out the slots inside the notice and says so', () => {
    // 120 hours before Wednesday November 25 at 12:00 is Friday noon: the morning is too soon.
    const answer = consultationDayAnswer('2026-11-25', ctx, now, 120, day(new Set()), null);
    expect(answer.slots[0]?.id).toBe('12:00');
    expect(answer.noticeHint).toBe("Bookings need 120 hours' notice.");
  });
});
