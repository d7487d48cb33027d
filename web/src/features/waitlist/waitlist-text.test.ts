import { describe, expect, it } from 'vitest';
import { declinedSentence, heldUntil, joinedSentence, newYorkToday, waitlistDay, weekdayName } from './waitlist-text';

describe('waitlist words', () => {
  it('names a day as the server does, without the year', () => {
    expect(waitlistDay('2026-12-12')).toBe('Saturday, December 12');
    expect(weekdayName('2026-12-12')).toBe('Saturday');
    expect(waitlistDay('soon')).toBe('soon');
  });

  it('says when the hold ends on New York clocks', () => {
    // 01:00 UTC on Dec 12 is 8:00 PM on Dec 11 in New York (EST, UTC−5).
    expect(heldUntil('2026-12-12T01:00:00.000Z', '2026-12-11')).toBe('8:00 PM');
    expect(heldUntil('2026-12-12 01:00:00.000Z', '2026-12-10')).toBe('Friday, December 11, 8:00 PM');
    expect(heldUntil('', '2026-12-10')).toBe('');
    expect(newYorkToday(Date.parse('2026-12-12T01:00:00Z'))).toBe('2026-12-11');
  });

  it('tells the joined customer what happens next', () => {
    expect(joinedSentence('2026-12-12')).toBe("You're on the waitlist for Saturday, December 12. We'll e-mail you if a time frees up.");
  });

  it("says after 'No thanks' whether the time went to the next person, or is open again when nobody waits", () => {
    expect(declinedSentence(true)).toBe('Thank you for letting us know. We have offered the time to the next person waiting.');
    expect(declinedSentence(false)).toBe('Thank you for letting us know. Nobody else is waiting for this day, so the time is open again for anyone to book.');
  });
});
